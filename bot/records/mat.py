""".mat match files, as GNU Backgammon writes them with `export match mat` and reads them with `import mat`.

The file is a header, ` N point match` (0 for a money game), then each game: its number, both names with the
score at its start, and two columns of numbered lines, one per player (the first name on the left): rolls with
their plays (`31: 8/5 6/5`, one `from/to` per die, bar 25, off 0, `*` on a hit), cube actions (` Doubles => 2`,
` Takes`, ` Drops`, and ` Beavers => 4`, which gnubg's importer reads as a beaver taken by the next roll; a
refused beaver is written as a redouble, ` Doubles => 4`, then ` Drops`), and
the winner's `Wins N points`. The columns and spacing follow gnubg's own writer, so gnubg writes back the same
text after importing it (tests/records). What the format cannot say:

- Declined resignations are not recorded (gnubg does not record them either).
- Automatic doubles (R2.3): gnubg's importer starts every cube at 1, so the numbers in the file leave them out
  and a comment says how many there were. gnubg then scores such a game at the cube without them.
- "Wins N" after a bear-off is the game's kind times the cube in the file, as gnubg writes it whatever the Jacoby
  rule (gnubg scores the game itself); after a resignation it is the points the game gave (so a gammon resigned
  under the Jacoby rule, worth a single game here, R7.3, reads as a single game resigned).
- A game won on time (R9.5) is written as a resignation of the points it gave; gnubg reads a
  resignation of at most a backgammon, so its score can differ there (a comment line and the notes then say so).
- A cube past what gnubg holds (64 in a match, 4096 in a money game; see mat_games.py): the doubles past it are
  left out, gnubg scores the game at that cube, and a comment line (and `MatExport.notes`) says so.
- The Jacoby rule: gnubg reads none from the file and applies its own setting, so `MatExport.notes` says which
  to set before importing.
- Names: gnubg ends a name at `:` and cuts GamesGrid ratings at `,`, so both become `_`; names are cut to gnubg's
  31 bytes (UTF-8) at a character boundary. Spaces and any other letters are kept. A first name and score of
  31 bytes or more are followed by one space (gnubg writes none there, and then cannot read the second name).
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.engine.dice import FairnessInfo
from bot.engine.match import Match
from bot.engine.match_log import MatchLog
from bot.engine.play import Step
from bot.records.mat_games import (
    MATCH_CUBE_LIMIT,
    MONEY_CUBE_LIMIT,
    MatGame,
    MatRecord,
    RecordKind,
    mat_games,
    match_events,
)
from bot.records.mat_notes import Note, change_notes, jacoby_notes

NAME_BYTES = 31  # gnubg keeps names of up to MAX_NAME_LEN - 1 bytes
_LEFT_WIDTH = 27  # a left-column entry, as gnubg pads it

__all__ = [
    "MATCH_CUBE_LIMIT",
    "MONEY_CUBE_LIMIT",
    "MatExport",
    "MatGame",
    "MatRecord",
    "RecordKind",
    "export_mat",
    "mat_games",
    "match_events",
    "match_to_mat",
]


@dataclass(frozen=True, slots=True)
class MatExport:
    """The file's text, and the notes for the message that delivers it: the Jacoby rule to set before importing
    (the file cannot tell gnubg) and what the file changed to fit gnubg's limits (also in its comment)."""

    text: str
    notes: tuple[Note, ...]


def export_mat(
    source: Match | MatchLog,
    *,
    date: datetime.date | None = None,
    fairness: FairnessInfo | None = None,
    advice: Sequence[str] = (),
) -> MatExport:
    """The .mat text of a finished or running match (or its log), as gnubg's `export match mat` writes it.

    `date` becomes the `[EventDate]` header (gnubg takes the file's date when there is none). `fairness` adds the
    dice's commitment, both seeds and (once revealed) the server seed as comment lines, for `python -m
    bot.fairness`. `advice`: the tutor's lines (bot.records.advice), kept as comments too.
    """
    log = source.log if isinstance(source, Match) else source
    games = mat_games(log)
    changes = change_notes(log, games, (mat_name(log.names[0]), mat_name(log.names[1])))
    comments = [str(note) for note in changes] + list(advice)  # the file speaks English
    text = _header(log, games, date, fairness, comments) + "".join(_game_text(log.names, game) for game in games)
    return MatExport(text, (*jacoby_notes(log), *changes))


def match_to_mat(
    source: Match | MatchLog, *, date: datetime.date | None = None, fairness: FairnessInfo | None = None
) -> str:
    """The .mat text alone (see export_mat)."""
    return export_mat(source, date=date, fairness=fairness).text


# --- the text ---------------------------------------------------------------------------------------------------


def mat_name(name: str) -> str:
    """A player's name as the file can hold it (see the module docstring)."""
    cleaned = "".join(" " if char.isspace() else char for char in name.replace(":", "_").replace(",", "_")).strip()
    while len(cleaned.encode()) > NAME_BYTES:
        cleaned = cleaned[:-1]
    return cleaned.rstrip() or "_"


#: The comment tags of the dice's proof; bot.fairness reads them back.
FAIRNESS_TAGS = ("Dice commitment", "Challenger seed", "Acceptor seed", "Server seed")


def fairness_lines(fairness: FairnessInfo) -> list[str]:
    """`; [Dice commitment "..."]` and the rest: values as JSON strings, so any seed fits on its line."""
    values = [fairness.commitment, fairness.challenger_seed, fairness.acceptor_seed, fairness.server_seed]
    lines = ['; [Dice "provably fair: check with python -m bot.fairness FILE.mat"]\n']
    for tag, value in zip(FAIRNESS_TAGS, values, strict=True):
        if value is not None:  # the server seed only once the match is over
            lines.append(f"; [{tag} {json.dumps(value, ensure_ascii=False)}]\n")
    return lines


def _header(
    log: MatchLog,
    games: Sequence[MatGame],
    date: datetime.date | None,
    fairness: FairnessInfo | None,
    changes: Sequence[str],
) -> str:
    lines = []
    if date is not None:
        lines.append(f'; [EventDate "{date.year:04d}.{date.month:02d}.{date.day:02d}"]\n')
    comment = _rules_comment(log, games)
    # gnubg keeps the comment lines after a blank line as the match's comment, and writes them back the same
    comments = [f"; {line}\n" for line in ([comment] if comment else []) + list(changes)]
    comments += fairness_lines(fairness) if fairness is not None else []
    if comments:
        lines.append("\n" + "".join(comments))
    return "".join(lines) + f"\n {log.options.length} point match\n\n"


def _rules_comment(log: MatchLog, games: Sequence[MatGame]) -> str:
    """For a money game, the options the file has no place for (gnubg keeps a comment and writes it back)."""
    options = log.options
    if not options.is_money:
        return ""
    automatic = "off"
    if options.automatic_doubles:
        automatic = f"up to {options.automatic_double_limit}"
        made = sum(game.automatic_doubles for game in games)
        if made:
            automatic += f" ({made} made: the cube values written here leave {'it' if made == 1 else 'them'} out)"
    jacoby, beavers = ("on" if on else "off" for on in (options.jacoby, options.beavers))
    return f"Money game. Jacoby rule: {jacoby}. Beavers: {beavers}. Automatic doubles: {automatic}."


def _padded(text: str, width: int) -> str:
    """Left-aligned in `width` bytes, as C's printf pads UTF-8 text."""
    return text + " " * max(0, width - len(text.encode()))


def _plural(points: int) -> str:
    return f"{points} point{'s' if points > 1 else ''}"


def _play_text(steps: Iterable[Step]) -> str:
    """gnubg's plain notation: steps in its canonical order (farthest start first, then farthest end), `*` on
    the first step landing on a hit checker's point, a space after each of the first three steps."""
    ordered = sorted(steps, key=lambda step: (step.start, step.end), reverse=True)
    hit_points = {step.end for step in ordered if step.hit}
    parts = []
    for index, step in enumerate(ordered):
        star = "*" if step.end in hit_points else ""
        hit_points.discard(step.end)
        parts.append(f"{step.start}/{step.end}{star}" + (" " if index < 3 else ""))
    return "".join(parts)


class _GameWriter:
    """Lays out one game's entries in gnubg's two columns: entry i goes left when even, right when odd."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.index = 0
        self.cube = 1
        self.rolled = False  # the last entry was a roll without a play
        self.roller = 0  # who made it

    def write(self, record: MatRecord) -> None:
        kind = record.kind
        if self.index == 0 and kind in (RecordKind.MOVE, RecordKind.ROLL) and record.player == 1:
            self.parts.append("  1)" + " " * 29)  # the second player opens: the left column stays empty
            self.index = 1
        text = self._text(record)
        odd = self.index % 2 == 1
        if odd or kind is RecordKind.RESIGN:
            self.parts.append(text if kind is RecordKind.ROLL else text + "\n")
        elif kind is RecordKind.ROLL:
            self.parts.append(f"{self.index // 2 + 1:3d}) {_padded(text, 3)}")
        else:
            self.parts.append(f"{self.index // 2 + 1:3d}) {_padded(text, _LEFT_WIDTH)} ")
        if kind is RecordKind.DROP:
            self.parts.append("\n" if odd else "\n\n")
        if kind is RecordKind.MOVE and record.points:
            self.parts.append(("\n      " if not odd else " " * 34) + f"Wins {_plural(record.points)}\n\n")
        self.index += 1

    def _text(self, record: MatRecord) -> str:
        kind = record.kind
        odd = self.index % 2 == 1
        rolled, self.rolled = self.rolled, kind is RecordKind.ROLL
        if kind is RecordKind.ROLL:
            self.roller = record.player
        if kind in (RecordKind.MOVE, RecordKind.ROLL):
            dice = f"{record.dice[0]}{record.dice[1]}: "
            return dice + _play_text(record.play.steps) if kind is RecordKind.MOVE else dice
        if kind in (RecordKind.DOUBLE, RecordKind.BEAVER):
            self.cube *= 2
            return f" {'Doubles' if kind is RecordKind.DOUBLE else 'Beavers'} => {self.cube}"
        if kind is RecordKind.TAKE:
            return " Takes"
        if kind is RecordKind.DROP:
            gap = "\n      " if odd else " " * 23
            return f" Drops{gap}Wins {_plural(self.cube // 2)}"
        wins = f"Wins {_plural(record.points)}\n"
        if rolled and record.player != self.roller:
            # The other player resigns after a roll: the win goes on a line of its own, in the winner's column
            # (gnubg's writer never meets this, its players resign on their own turn only).
            return "\n" + ("      " if record.player == 1 else " " * 34) + wins
        shifted = odd != rolled
        if record.player == 1:  # the left player wins
            return ("\n" if shifted else "") + "      " + wins
        return (" " if shifted else " " * (24 if odd else 34)) + wins


def _game_text(names: tuple[str, str], game: MatGame) -> str:
    first = f"{mat_name(names[0])} : {game.scores[0]}"
    # gnubg pads the first name and score to 31 bytes; a longer one gets a space, or gnubg's reader loses the
    # second name (its own writer joins them there)
    text = f" Game {game.number}\n {_padded(first + ' ', 31)}{mat_name(names[1])} : {game.scores[1]}\n"
    writer = _GameWriter()
    for record in game.records:
        writer.write(record)
    return text + "".join(writer.parts)
