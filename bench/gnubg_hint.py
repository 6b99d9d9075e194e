"""GNU Backgammon's own decisions for the benchmarks' matches (issue 36 item 3): its checker play, double or roll,
take or pass, as gnubg's own computer player takes them.

gnubg's Python module has no cube decision call (`gnubg.hint()` answers only checker plays, and crashes the
process on a position set by `set gnubgid`; `gnubg.evaluate` is cubeless and money-only), and its move finder
cuts a play short at the first checker borne off. But the module carries gnubg's whole command interpreter:
`set gnubgid` puts a match's state in it and the `hint` command prints gnubg's analysis, which is read back here
(the first play in gnubg's own notation, or the cube analysis). GNU Backgammon is GPL-3: only the benchmarks
import it (a dev dependency, in the benchmark's own worker processes), never the bot.

The settings are gnubg's "world class" at 2 plies (or its 0-ply "expert"): cubeful, pruning nets, no noise, and
for checker play its normal move filter (the 8 best plays within 0.16 at 0-ply searched at 2-ply). The cube
decision follows gnubg's computer player (play.c, ComputerTurn) from its "proper cube action": it doubles on
"Double, take", "Double, pass", "Redouble, ..." and "Double, beaver", not on an optional double (beyond 0-ply)
nor when too good; it takes unless the action ends in "pass". (gnubg first skips the analysis when a cubeless
look one ply shallower is below its dead-cube double point; a double it would skip that way is rare and not
copied here.) A pending double is judged from the doubler's turn, as gnubg itself does: its `set gnubgid` cannot
hold an offered double.

gnubg prints to file descriptor 1 from C, so `hint`'s answer is caught there; `set threads 1` is needed, or
`hint` never returns inside the module.
"""

from __future__ import annotations

import ctypes
import dataclasses
import os
import re
import sys
import tempfile

import gnubg

from bot.engine import Match
from bot.engine.actions import Action, Beaver, Double, Drop, Move, Roll, Take
from bot.engine.game import Phase

_LIBC = ctypes.CDLL(None)
_EQUITY = re.compile(r"^\s*\d\.\s+(No (?:re)?double|(?:Re)?[Dd]ouble, (?:take|pass|beaver))\s+([+-]\d+\.\d+)", re.M)
_NORMAL_FILTER = re.compile(
    r"Move filter for 2 ply:\s+keep the first 0 0-ply moves and up to 8 more moves within equity 0.16\s+"
    r"skip pruning for 1-ply moves"
)
_FIRST_PLAY = re.compile(r"^\s*1\.\s+Cube(?:ful|less) \d+-ply\s+(\S.*?)\s+Eq\.:", re.M)
_PROPER = re.compile(r"^Proper cube action:\s+(.+?)(?:\s+\(\d+(?:\.\d+)?%\))?\s*$", re.M)
#: gnubg's computer doubles on these proper actions only (its optional doubles only at 0-ply).
_DOUBLES = frozenset({"Double, take", "Double, pass", "Redouble, take", "Redouble, pass", "Double, beaver"})
_OPTIONAL = "Optional "


class GnubgAnswerError(RuntimeError):
    """gnubg's `hint` gave no analysis of the kind asked for."""


@dataclasses.dataclass(frozen=True, slots=True)
class CubeHint:
    """gnubg's cube analysis from the side on roll: its proper action and the cubeful equities (the side on
    roll's, for a cube of 1: no double, double and take, double and pass)."""

    proper: str
    no_double: float
    double_take: float
    double_pass: float
    plies: int = 2

    @property
    def doubles(self) -> bool:
        """Whether gnubg's computer player doubles here."""
        if self.proper.startswith(_OPTIONAL):
            return self.plies == 0
        return self.proper in _DOUBLES

    @property
    def takes(self) -> bool:
        """Whether gnubg's computer player takes (or beavers) a double here."""
        return not self.proper.endswith("pass")

    @property
    def beavers(self) -> bool:
        return self.proper.endswith("beaver")


def parse_hint(text: str, plies: int = 2) -> CubeHint:
    """gnubg's `hint` output for a cube decision (raises GnubgAnswerError when it holds none)."""
    proper = _PROPER.search(text)
    equities = {
        label.replace("Redouble", "Double").replace("No redouble", "No double"): float(value)
        for label, value in _EQUITY.findall(text)
    }
    if proper is None or len(equities) != 3:
        raise GnubgAnswerError(f"gnubg gave no cube analysis: {text.strip()[-300:]!r}")
    take = equities.get("Double, take", equities.get("Double, beaver"))
    if take is None or "No double" not in equities or "Double, pass" not in equities:
        raise GnubgAnswerError(f"gnubg's cube analysis is not the one expected: {text.strip()[-300:]!r}")
    return CubeHint(proper.group(1), equities["No double"], take, equities["Double, pass"], plies)


def command_output(command: str) -> str:
    """What gnubg prints for `command` (its C code writes to file descriptor 1)."""
    sys.stdout.flush()
    with tempfile.TemporaryFile() as sink:
        screen = os.dup(1)
        os.dup2(sink.fileno(), 1)
        try:
            gnubg.command(command)
        finally:
            _LIBC.fflush(None)
            os.dup2(screen, 1)
            os.close(screen)
        sink.seek(0)
        return sink.read().decode("utf-8", errors="replace")


_configured_plies: int | None = None


def configure(plies: int) -> None:
    """gnubg's checker play and cube analysis at `plies`, as its "world class" (2) or "expert" (0) setting takes
    them; once per process and depth. Raises GnubgAnswerError if gnubg does not show the settings afterwards."""
    global _configured_plies
    if _configured_plies == plies:
        return
    settings = ["set threads 1", "set display off", "set sound enable off", "set output mwc off"]
    for kind in ("chequerplay", "cubedecision"):
        settings.append(f"set evaluation {kind} type evaluation")
        settings += [f"set evaluation {kind} evaluation {each}" for each in ("cubeful on", "prune on", "noise 0")]
        settings.append(f"set evaluation {kind} evaluation plies {plies}")
    settings += ["set evaluation movefilter 2 0 0 8 0.16", "set evaluation movefilter 2 1 -1 0 0"]
    for setting in settings:
        command_output(setting)
    shown = command_output("show evaluation")
    expected = (f"{plies}-ply evaluation.", "Using pruning neural nets.", "Cubeful evaluations.", "Noiseless")
    if any(shown.count(line) != 2 for line in expected) or not _NORMAL_FILTER.search(shown):
        raise GnubgAnswerError(f"gnubg's evaluation settings are not {plies}-ply world class: {shown!r}")
    _configured_plies = plies


def cube_hint(gnubg_id: str, plies: int = 2) -> CubeHint:
    """gnubg's cube analysis of `PositionID:MatchID` (the side on roll before its roll) at `plies`."""
    configure(plies)
    command_output(f"set gnubgid {gnubg_id}")
    return parse_hint(command_output("hint"), plies)


def gnubg_id_before_the_offer(match: Match) -> str:
    """The match's gnubg ID at the turn of the side on roll, before any double (gnubg cannot hold an offer)."""
    fields = match.match_id_fields()
    before = dataclasses.replace(fields, doubled=False, turn=fields.on_roll, dice=(0, 0))
    return f"{match.position_id()}:{before.encode()}"


def cube_action(match: Match, plies: int = 2) -> Action:
    """gnubg's cube decision for the side the match waits for: before its roll (Double or Roll) or facing a
    double (Take, Beaver where allowed, or Drop)."""
    player = match.to_act
    assert player is not None
    if match.phase is Phase.ROLLING:
        if Double not in match.allowed(player):
            return Roll(player)
        return Double(player) if cube_hint(gnubg_id_before_the_offer(match), plies).doubles else Roll(player)
    if match.phase is Phase.DOUBLED:
        hint = cube_hint(gnubg_id_before_the_offer(match), plies)
        if not hint.takes:
            return Drop(player)
        return Beaver(player) if hint.beavers and Beaver in match.allowed(player) else Take(player)
    raise ValueError(f"gnubg takes no cube decision in the phase {match.phase.value}")


def parse_play_hint(text: str) -> str:
    """gnubg's best play in its own notation ("24/22 13/8", "6/off 2/off") from its `hint` output."""
    found = _FIRST_PLAY.search(text)
    if found is None:
        raise GnubgAnswerError(f"gnubg gave no checker play: {text.strip()[-300:]!r}")
    return found.group(1)


def best_play(match: Match, plies: int = 2) -> Move:
    """gnubg's checker play for the side on roll (cubeful and match-aware), as one of the engine's legal plays."""
    player = match.to_act
    assert player is not None and match.phase is Phase.MOVING
    plays = match.legal_plays()
    if len(plays) == 1:
        return Move(player, plays[0])
    configure(plies)
    command_output(f"set gnubgid {match.gnubg_id()}")
    return Move(player, match.parse_play(parse_play_hint(command_output("hint 1"))))
