"""Board images drawn with Pillow, and the same board as text. Reads the engine's state, never changes it.

`board(state, perspective=...)` gives PNG bytes; `text_board(state, perspective=...)` a plain-text diagram;
`warm_up()` builds the caches ahead of the first board.
"""

from render.picture import board, warm_up
from render.state import BoardState
from render.text import text_board
from render.theme import THEMES
from render.words import BoardWords

__all__ = ["THEMES", "BoardState", "BoardWords", "board", "text_board", "warm_up"]
