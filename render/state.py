"""What the board picture shows, as one immutable value the front end builds from a match.

The renderer depends on this type and on `bot.engine.Position` only, never on the game-flow module, so a board
can be drawn from any source (a live match, a pasted Position ID, a test) and drawing never changes state.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from bot.engine import BAR, OFF, Position
from bot.engine.outcome import Outcome
from render.words import ENGLISH, BoardWords

PLAYERS = (0, 1)
MAX_MATCH_LENGTH = 25  # R8.1


@dataclass(frozen=True, slots=True)
class BoardState:
    """Exactly what the board picture draws.

    `position` is seen from the side on roll (`on_roll`), as everywhere in the engine. Players are 0 and 1 and
    keep their checker colours whatever side of the picture they are drawn on. `cube_owner` None means the cube
    is in the middle (R1.2). `used_dice` lists the die values already played this turn (for doubles, the value
    once per step). `match_length` 0 is a money game (R8.2). The two ID strings are gnubg's (R10.2).

    The player to act is marked: the player on roll, or `answering` while an offer waits for an answer (a double
    or a beaver, R6.2, R6.4; a resignation, R7.4), or nobody once `game_over`. `offered_cube` is the value on
    offer while a double (2x the cube) or a beaver (4x) waits, 0 otherwise; it is drawn on `answering`'s side.
    `result` is how a finished game ended (who won, why, the points), written across a game's final board;
    `scores` are then the scores after that game.
    """

    position: Position
    on_roll: int
    names: tuple[str, str]
    cube_value: int = 1
    cube_owner: int | None = None
    dice: tuple[int, int] | None = None
    used_dice: tuple[int, ...] = ()
    scores: tuple[int, int] = (0, 0)
    match_length: int = 0
    crawford: bool = False
    position_id: str = ""
    match_id: str = ""
    answering: int | None = None
    offered_cube: int = 0
    game_over: bool = False
    clocks: tuple[str, str] | None = None  # each player's clock reserve left, as shown ("4:30"); None: no clock
    result: Outcome | None = None  # a finished game's end (needs game_over)
    words: BoardWords = ENGLISH  # the picture's words in the reader's language

    def __post_init__(self) -> None:
        if self.on_roll not in PLAYERS:
            raise ValueError(f"on_roll must be 0 or 1, not {self.on_roll!r}")
        if len(self.names) != 2:
            raise ValueError(f"names must hold two names, not {len(self.names)}")
        value = self.cube_value
        if value < 1 or value & (value - 1):
            raise ValueError(f"The cube's value must be a power of two (1, 2, 4, ...), not {value}")  # R6.3
        if self.cube_owner is not None and self.cube_owner not in PLAYERS:
            raise ValueError(f"cube_owner must be None, 0 or 1, not {self.cube_owner!r}")
        self._check_dice()
        self._check_offer()
        if not 0 <= self.match_length <= MAX_MATCH_LENGTH:
            raise ValueError(f"match_length must be 0 (money game) to {MAX_MATCH_LENGTH}, not {self.match_length}")
        if len(self.scores) != 2 or any(score < 0 for score in self.scores):
            raise ValueError(f"scores must be two numbers >= 0, not {self.scores!r}")
        if self.crawford and not self.match_length:
            raise ValueError("A money game has no Crawford game (R8.3)")
        if self.result is not None and (not self.game_over or self.result.winner not in PLAYERS):
            raise ValueError("A result belongs to a finished game (game_over) and names player 0 or 1 as winner")

    def _check_dice(self) -> None:
        if self.dice is None:
            if self.used_dice:
                raise ValueError("used_dice must be empty when no dice are rolled")
            return
        if len(self.dice) != 2 or any(not 1 <= die <= 6 for die in self.dice):
            raise ValueError(f"dice must be two numbers 1..6, not {self.dice!r}")
        available = Counter(self.rolled_dice)
        if Counter(self.used_dice) - available:
            raise ValueError(f"used_dice {self.used_dice!r} are not all among the dice rolled {self.dice!r}")

    def _check_offer(self) -> None:
        if self.answering is not None and self.answering not in PLAYERS:
            raise ValueError(f"answering must be None, 0 or 1, not {self.answering!r}")
        offered = self.offered_cube
        if not offered:
            return
        if offered not in (2 * self.cube_value, 4 * self.cube_value):  # R6.2 a double, R6.4 a beaver
            raise ValueError(f"The cube offered must double (or beaver) the cube {self.cube_value}, not {offered}")
        if self.answering is None:
            raise ValueError("An offered cube needs the player who must answer it (answering)")
        if self.dice is not None:
            raise ValueError("A double is offered before rolling: no dice may be shown with an offered cube")

    @property
    def acting(self) -> int | None:
        """The player the picture marks as the one to act now (None once the game is over)."""
        if self.game_over:
            return None
        return self.on_roll if self.answering is None else self.answering

    @property
    def rolled_dice(self) -> tuple[int, ...]:
        """The dice as moves to play: doubles count four times (R3.3)."""
        if self.dice is None:
            return ()
        first, second = self.dice
        return (first,) * 4 if first == second else (first, second)

    def side(self, player: int) -> tuple[int, ...]:
        """That player's 26 counts in its own numbering (0 = off, 25 = bar)."""
        return self.position.mover if player == self.on_roll else self.position.opponent

    def pips(self, player: int) -> int:
        return sum(point * count for point, count in enumerate(self.side(player)))

    def borne_off(self, player: int) -> int:
        return self.side(player)[OFF]

    def on_bar(self, player: int) -> int:
        return self.side(player)[BAR]
