"""The board as text, laid out like gnubg's ASCII board: for logs, accessibility descriptions and tests.

Player 0's checkers are `O`, player 1's `X`, whatever the perspective; points are numbered from the side of the
player drawn at the bottom. A point with more than five checkers shows its count in the fifth row. The words beside
the board come as plain data (`TextWords`, English by default; cogs.ui.text_board_words fills them in a reader's
language).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine import BAR, Play, Step
from bot.engine.play import format_play
from render.state import PLAYERS, BoardState

SYMBOLS = ("O", "X")
_ROWS = 5
_NAME_LIMIT = 40


@dataclass(frozen=True, slots=True)
class TextWords:
    """Every word beside the text board, as templates with `{name}` fields."""

    match: str = "{length}-point match"
    match_crawford: str = "{length}-point match, Crawford game"
    money_game: str = "Money game"
    position_id: str = "Position ID: {id}"
    match_id: str = "Match ID: {id}"
    on_roll: str = "(on roll)"
    to_answer: str = "(to answer)"
    pips: str = "{pips} pips"
    score: str = "score {score}"
    off: str = "{count} off"
    to_roll: str = "to roll"
    rolled: str = "rolled {dice}"
    rolled_played: str = "rolled {dice} (played {used})"
    cube_middle: str = "cube: {value} (middle)"
    cube: str = "cube: {value}"
    offered: str = "{cube} offered to {player}"
    played: str = "{player} played {play}"
    played_so_far: str = "{player} has played {play} so far"
    player: str = "Player {number}"


ENGLISH_TEXT = TextWords()


def text_board(
    state: BoardState,
    *,
    perspective: int,
    last_play: Play | None = None,
    partial_steps: Sequence[Step] = (),
    words: TextWords = ENGLISH_TEXT,
) -> str:
    """A plain-text picture of the board seen from `perspective`'s side, with the same facts as the image, its
    words in `words`' language."""
    if perspective not in PLAYERS:
        raise ValueError(f"perspective must be 0 or 1, not {perspective!r}")
    top_player, bottom_player = 1 - perspective, perspective
    grid = _Grid(state, perspective)
    top_rows = [grid.row(top=True, row=row) for row in range(_ROWS)]
    bottom_rows = [grid.row(top=False, row=row) for row in reversed(range(_ROWS))]
    middle = (
        "v|                  |BAR|                  |"
        if perspective == 0
        else "^|                  |BAR|                  |"
    )
    board_lines = [
        " +13-14-15-16-17-18------19-20-21-22-23-24-+",
        *top_rows,
        middle,
        *bottom_rows,
        " +12-11-10--9--8--7-------6--5--4--3--2--1-+",
    ]
    notes = [""] * len(board_lines)
    notes[0] = _player_title(state, top_player, words)
    notes[1:4] = _player_facts(state, top_player, words)
    notes[6] = _cube_text(state, words)
    notes[9:12] = _player_facts(state, bottom_player, words)
    notes[12] = _player_title(state, bottom_player, words)
    if state.cube_owner is not None:
        owner_line = 4 if state.cube_owner == top_player else 8
        notes[owner_line], notes[6] = notes[6], ""
    lines = [_header(state, words)]
    lines += [f"{board} {note}".rstrip() for board, note in zip(board_lines, notes, strict=True)]
    lines += _play_lines(state, last_play, partial_steps, words)
    return "\n".join(lines)


def _clean(name: str, player: int, words: TextWords) -> str:
    kept = "".join(char for char in name if not unicodedata.category(char).startswith("C"))
    text = " ".join(kept.split())
    if len(text) > _NAME_LIMIT:
        text = text[: _NAME_LIMIT - 1].rstrip() + "\u2026"
    return text or words.player.format(number=player + 1)


def _header(state: BoardState, words: TextWords) -> str:
    if not state.match_length:
        kind = words.money_game
    else:
        kind = (words.match_crawford if state.crawford else words.match).format(length=state.match_length)
    ids = [
        words.position_id.format(id=state.position_id) if state.position_id else "",
        words.match_id.format(id=state.match_id) if state.match_id else "",
    ]
    return "  ".join([kind, *[part for part in ids if part]])


def _player_title(state: BoardState, player: int, words: TextWords) -> str:
    title = f"    {SYMBOLS[player]}: {_clean(state.names[player], player, words)}"
    if player != state.acting:
        return title
    return title + "  " + (words.on_roll if state.answering is None else words.to_answer)


def _player_facts(state: BoardState, player: int, words: TextWords) -> list[str]:
    facts = ["    " + words.pips.format(pips=state.pips(player))]
    facts.append("    " + words.score.format(score=state.scores[player]) if state.match_length else "")
    borne_off = state.borne_off(player)
    facts.append("    " + words.off.format(count=borne_off) if borne_off else "")
    if player == state.on_roll:
        dice = _dice_text(state, words)
        facts[2] = f"{facts[2]}  {dice}" if facts[2] else f"    {dice}"
    return facts


def _dice_text(state: BoardState, words: TextWords) -> str:
    if state.dice is None:
        return words.to_roll
    dice = f"{state.dice[0]}-{state.dice[1]}"
    if state.used_dice:
        return words.rolled_played.format(dice=dice, used=", ".join(str(die) for die in state.used_dice))
    return words.rolled.format(dice=dice)


def _cube_text(state: BoardState, words: TextWords) -> str:
    if state.cube_owner is None:
        text = "    " + words.cube_middle.format(value=64 if state.cube_value == 1 else state.cube_value)  # R1.2
    else:
        text = "    " + words.cube.format(value=state.cube_value)
    if state.offered_cube and state.answering is not None:  # R6.2, R6.4
        text += ", " + words.offered.format(cube=state.offered_cube, player=SYMBOLS[state.answering])
    return text


def _play_lines(
    state: BoardState, last_play: Play | None, partial_steps: Sequence[Step], words: TextWords
) -> list[str]:
    lines = []
    if last_play is not None:
        mover = 1 - state.on_roll
        lines.append(words.played.format(player=SYMBOLS[mover], play=format_play(last_play.steps)))
    if partial_steps:
        steps = format_play(tuple(partial_steps))
        lines.append(words.played_so_far.format(player=SYMBOLS[state.on_roll], play=steps))
    return lines


class _Grid:
    """Which symbol goes in each cell of the ASCII board."""

    def __init__(self, state: BoardState, perspective: int):
        self.state = state
        self.perspective = perspective
        self.counts: dict[int, tuple[int, int]] = {}  # viewer point -> (player, count)
        for player in PLAYERS:
            side = state.side(player)
            for point in range(1, 25):
                if side[point]:
                    view = point if player == perspective else 25 - point
                    self.counts[view] = (player, side[point])

    def cell(self, player_count: tuple[int, int] | None, row: int) -> str:
        if player_count is None:
            return "   "
        player, count = player_count
        if row == _ROWS - 1 and count > _ROWS:
            return f"{count:>2} "
        return f" {SYMBOLS[player]} " if count > row else "   "

    def row(self, *, top: bool, row: int) -> str:
        if top:
            left_points, right_points = range(13, 19), range(19, 25)
        else:
            left_points, right_points = range(12, 6, -1), range(6, 0, -1)
        left = "".join(self.cell(self.counts.get(point), row) for point in left_points)
        right = "".join(self.cell(self.counts.get(point), row) for point in right_points)
        bar_player = 1 - self.perspective if top else self.perspective
        on_bar = self.state.side(bar_player)[BAR]
        bar = self.cell((bar_player, on_bar) if on_bar else None, row)
        return f" |{left}|{bar}|{right}|"
