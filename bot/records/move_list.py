"""The match so far as a move list players read: per game, each roll and its play and each cube action, in order.

Built from the stored action log by replaying it (the same events the .mat export reads), so the list always
agrees with the match. The text is plain, one action a line, names padded to one width, for a code block.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.engine import events as ev
from bot.engine.match_log import MatchLog
from bot.engine.outcome import OutcomeKind
from bot.records.mat_games import match_events

_WIN_WORDS = {
    OutcomeKind.SINGLE: "a single game",
    OutcomeKind.GAMMON: "a gammon",
    OutcomeKind.BACKGAMMON: "a backgammon",
    OutcomeKind.DROPPED: "the dropped cube",
    OutcomeKind.RESIGNED: "by resignation",
    OutcomeKind.CLAIMED: "on time",
    OutcomeKind.TIMEOUT: "on time",
}
_KIND_WORDS = {1: "a single game", 2: "a gammon", 3: "a backgammon"}


def _points(points: int) -> str:
    return f"{points} point" if points == 1 else f"{points} points"


def _dice(dice: tuple[int, int]) -> str:
    return f"{max(dice)}-{min(dice)}"


@dataclass(slots=True)
class MoveList:
    """The games of a match as lines of text, gathered one event at a time."""

    names: tuple[str, str]
    length: int
    games: list[list[str]] = field(default_factory=list)
    pending: tuple[int, tuple[int, int]] | None = None  # rolled, not yet played: (player, dice)

    def line(self, player: int, text: str) -> None:
        width = max(len(name) for name in self.names)
        self.games[-1].append(f"{self.names[player]:<{width}}  {text}")

    def flush(self, state: str) -> None:
        """A roll not played (the game ended first, or it is being played now), said as such."""
        if self.pending is not None and self.games:
            player, dice = self.pending
            self.line(player, f"{_dice(dice)}: ({state})")
        self.pending = None

    def note(self, text: str) -> None:
        self.games[-1].append(text)

    def add(self, event: ev.Event, scores: tuple[int, int]) -> None:
        match event:
            case ev.GameStarted(number=number, crawford=crawford):
                score = f"{self.names[0]} {scores[0]}, {self.names[1]} {scores[1]}"
                kind = f" ({self.length}-point match{', Crawford game' if crawford else ''})" if self.length else ""
                self.games.append([f"Game {number}: {score}{kind}" if self.length else f"Game {number}"])
            case ev.OpeningRolled(rolls=rolls, player=player):
                self.pending = (player, rolls[-1])
            case ev.Rolled(player=player, dice=dice):
                self.pending = (player, dice)
            case ev.Played(player=player, dice=dice, play=play):
                self.line(player, f"{_dice(dice)}: {play if play.steps else 'cannot move'}")
                self.pending = None
            case ev.Doubled(player=player, cube=cube):
                self.line(player, f"doubles to {cube}")
            case ev.Taken(player=player):
                self.line(player, "takes")
            case ev.Dropped(player=player):
                self.line(player, "drops")
            case ev.Beavered(player=player, cube=cube):
                self.line(player, f"beavers to {cube}")
            case ev.BeaverAccepted(player=player):
                self.line(player, "accepts the beaver")
            case ev.BeaverRefused(player=player):
                self.line(player, "refuses the beaver")
            case ev.ResignationOffered(player=player, kind=kind, points=points):
                self.flush("not played")
                self.line(player, f"offers to resign {_KIND_WORDS[int(kind)]} ({_points(points)})")
            case ev.ResignationAccepted(player=player):
                self.line(player, "accepts the resignation")
            case ev.ResignationDeclined(player=player):
                self.line(player, "declines the resignation")
            case ev.Claimed(player=player):
                self.flush("not played")
                self.line(player, "claims the game (time ran out)")
            case ev.TimedOut(player=player):
                self.flush("not played")
                self.line(player, "runs out of time")
            case ev.GameWon(outcome=outcome):
                self.flush("not played")
                how = _WIN_WORDS[outcome.kind]
                self.note(f"{self.names[outcome.winner]} wins {_points(outcome.points)} ({how})")
            case ev.MatchWon(winner=winner, scores=final):
                ending = f" {final[winner]}-{final[1 - winner]}" if self.length else ""
                self.note(f"{self.names[winner]} wins the {'match' if self.length else 'money game'}{ending}")
            case _:
                pass

    def text(self) -> str:
        self.flush("to play")
        return "\n\n".join("\n".join(game) for game in self.games)


def move_list(log: MatchLog) -> str:
    """The match so far, game by game: each roll with its play, each cube action, each game's end."""
    names = (_plain(log.names[0]), _plain(log.names[1]))
    moves = MoveList(names, log.options.length)
    scores = (0, 0)
    for event in match_events(log):
        moves.add(event, scores)
        if isinstance(event, ev.GameWon):
            scores = event.scores
    return moves.text()


def _plain(name: str) -> str:
    """A name safe inside a code block: no backticks, no line breaks, at most 24 characters."""
    cleaned = " ".join(name.replace("`", "'").split())
    return cleaned[:23] + "\u2026" if len(cleaned) > 24 else cleaned or "Player"
