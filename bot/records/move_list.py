"""The match so far as a move list players read: per game, each roll and its play and each cube action, in order.

Built from the stored action log by replaying it (the same events the .mat export reads), so the list always
agrees with the match. The text is plain, one action a line, names padded to one width, for a code block.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.engine import events as ev
from bot.engine.match_log import MatchLog
from bot.engine.outcome import OutcomeKind
from bot.i18n import DEFAULT_LANGUAGE, N_, pgettext, translate
from bot.records.mat_games import match_events

#: The context of the move list's words in the catalogues: short phrases ("takes") that read apart from others.
LIST = "move list"  # written out in each `pgettext` too: the extractor reads only literals

#: How a game was won: a whole line each, so that a translation may order its words freely.
_WINS = {
    OutcomeKind.SINGLE: pgettext("move list", "{winner} wins {points} (a single game)"),
    OutcomeKind.GAMMON: pgettext("move list", "{winner} wins {points} (a gammon)"),
    OutcomeKind.BACKGAMMON: pgettext("move list", "{winner} wins {points} (a backgammon)"),
    OutcomeKind.DROPPED: pgettext("move list", "{winner} wins {points} (the dropped cube)"),
    OutcomeKind.RESIGNED: pgettext("move list", "{winner} wins {points} (by resignation)"),
    OutcomeKind.CLAIMED: pgettext("move list", "{winner} wins {points} (on time)"),
    OutcomeKind.TIMEOUT: pgettext("move list", "{winner} wins {points} (on time)"),
}
_RESIGNS = {
    1: pgettext("move list", "offers to resign a single game ({points})"),
    2: pgettext("move list", "offers to resign a gammon ({points})"),
    3: pgettext("move list", "offers to resign a backgammon ({points})"),
}
#: The cube's and the resignations' answers, as a player's line: (event type, phrase).
_ANSWERS: dict[type[ev.Event], str] = {
    ev.Doubled: pgettext("move list", "doubles to {cube}"),
    ev.Taken: pgettext("move list", "takes"),
    ev.Dropped: pgettext("move list", "drops"),
    ev.Beavered: pgettext("move list", "beavers to {cube}"),
    ev.BeaverAccepted: pgettext("move list", "accepts the beaver"),
    ev.BeaverRefused: pgettext("move list", "refuses the beaver"),
    ev.ResignationAccepted: pgettext("move list", "accepts the resignation"),
    ev.ResignationDeclined: pgettext("move list", "declines the resignation"),
}
NOT_PLAYED = pgettext("move list", "not played")
TO_PLAY = pgettext("move list", "to play")


def _dice(dice: tuple[int, int]) -> str:
    return f"{max(dice)}-{min(dice)}"


@dataclass(slots=True)
class MoveList:
    """The games of a match as lines of text in the reader's `language`, gathered one event at a time."""

    names: tuple[str, str]
    length: int
    language: str = DEFAULT_LANGUAGE
    games: list[list[str]] = field(default_factory=list)
    pending: tuple[int, tuple[int, int]] | None = None  # rolled, not yet played: (player, dice)

    def words(self, phrase: str, **params: Any) -> str:
        return translate(self.language, phrase, context=LIST, **params)

    def points(self, points: int) -> str:
        """`1 point`, `3 points`, as the board's lines write them."""
        return translate(self.language, N_("{count} point") if points == 1 else N_("{count} points"), count=points)

    def line(self, player: int, text: str) -> None:
        width = max(len(name) for name in self.names)
        self.games[-1].append(f"{self.names[player]:<{width}}  {text}")

    def flush(self, state: str) -> None:
        """A roll not played (the game ended first, or it is being played now), said as such."""
        if self.pending is not None and self.games:
            player, dice = self.pending
            self.line(player, f"{_dice(dice)}: ({self.words(state)})")
        self.pending = None

    def note(self, text: str) -> None:
        self.games[-1].append(text)

    def heading(self, number: int, scores: tuple[int, int], crawford: bool) -> str:
        if not self.length:
            return self.words(pgettext("move list", "Game {number}"), number=number)
        # no context here: the catalogue checks hold a text with a context to 100 characters, as Discord does
        heading = (
            N_("Game {number}: {first} {first_score}, {second} {second_score} ({length}-point match, Crawford game)")
            if crawford
            else N_("Game {number}: {first} {first_score}, {second} {second_score} ({length}-point match)")
        )
        first, second = self.names
        score: dict[str, Any] = {"first": first, "second": second, "first_score": scores[0], "second_score": scores[1]}
        return translate(self.language, heading, number=number, length=self.length, **score)

    def add(self, event: ev.Event, scores: tuple[int, int]) -> None:
        match event:
            case ev.GameStarted(number=number, crawford=crawford):
                self.games.append([self.heading(number, scores, crawford)])
            case ev.OpeningRolled(deciding=dice, player=player):
                self.pending = (player, dice)
            case ev.Rolled(player=player, dice=dice):
                self.pending = (player, dice)
            case ev.Played(player=player, dice=dice, play=play):
                self.line(
                    player, f"{_dice(dice)}: {play if play.steps else self.words(pgettext('move list', 'cannot move'))}"
                )
                self.pending = None
            case ev.ResignationOffered(player=player, kind=kind, points=points):
                self.flush(NOT_PLAYED)
                self.line(player, self.words(_RESIGNS[int(kind)], points=self.points(points)))
            case ev.Claimed(player=player):
                self.flush(NOT_PLAYED)
                self.line(player, self.words(pgettext("move list", "claims the game (time ran out)")))
            case ev.TimedOut(player=player):
                self.flush(NOT_PLAYED)
                self.line(player, self.words(pgettext("move list", "runs out of time")))
            case ev.GameWon(outcome=outcome):
                self.flush(NOT_PLAYED)
                winner = self.names[outcome.winner]
                self.note(self.words(_WINS[outcome.kind], winner=winner, points=self.points(outcome.points)))
            case ev.MatchWon(winner=winner, scores=final):
                self.note(self.match_won(winner, final))
            case _:
                self.answer(event)

    def answer(self, event: ev.Event) -> None:
        """The cube's and the resignations' answers (R6, R7.4): a line for the player who gave it."""
        phrase = _ANSWERS.get(type(event))
        if phrase is not None:
            player = getattr(event, "player")  # noqa: B009  # every answer's event names its player
            self.line(player, self.words(phrase, cube=getattr(event, "cube", 0)))

    def match_won(self, winner: int, final: tuple[int, int]) -> str:
        if not self.length:
            return self.words(pgettext("move list", "{winner} wins the money game"), winner=self.names[winner])
        return self.words(
            pgettext("move list", "{winner} wins the match {high}-{low}"),
            winner=self.names[winner],
            high=final[winner],
            low=final[1 - winner],
        )

    def text(self) -> str:
        self.flush(TO_PLAY)
        return "\n\n".join("\n".join(game) for game in self.games)


def move_list(log: MatchLog, language: str = DEFAULT_LANGUAGE) -> str:
    """The match so far, game by game: each roll with its play, each cube action, each game's end, in the reader's
    `language` (the .mat export, bot.records.mat, is the same in every language)."""
    names = (_plain(log.names[0]), _plain(log.names[1]))
    moves = MoveList(names, log.options.length, language)
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
