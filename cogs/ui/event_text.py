"""The engine's events in words: one line of what happened for each thing a player should know.

`Alice rolled 6-5 and played 24/13`. A roll followed by its play in the same update is told once; steps of a
turn still being entered are told by the picture rather than in words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import discord

from bot.engine import events as ev
from bot.engine.outcome import OutcomeKind
from bot.engine.position import WinKind
from bot.i18n import DEFAULT_LANGUAGE, N_, translate

MAX_CONTENT = 2000

_RESIGN_KIND = {
    WinKind.SINGLE: N_("{name} offers to resign a single game ({points})."),
    WinKind.GAMMON: N_("{name} offers to resign a gammon ({points})."),
    WinKind.BACKGAMMON: N_("{name} offers to resign a backgammon ({points})."),
}
#: How a game was won, as a whole sentence each, so that a translation may order its words freely.
_OUTCOME = {
    OutcomeKind.SINGLE: N_("**{winner} wins game {number} by bearing off, worth {points}.**"),
    OutcomeKind.GAMMON: N_("**{winner} wins game {number} with a gammon, worth {points}.**"),
    OutcomeKind.BACKGAMMON: N_("**{winner} wins game {number} with a backgammon, worth {points}.**"),
    # a drop, or a beaver refused
    OutcomeKind.DROPPED: N_("**{winner} wins game {number} as {loser} refused the cube, worth {points}.**"),
    OutcomeKind.RESIGNED: N_("**{winner} wins game {number} as {loser} resigned, worth {points}.**"),
    OutcomeKind.CLAIMED: N_(  # R9.5
        "**{winner} wins game {number} on time ({loser} did not act within the turn limit), worth {points}.**"
    ),
    OutcomeKind.TIMEOUT: N_("**{winner} wins game {number} on time ({loser}'s match clock ran out), worth {points}.**"),
}


#: How much of a player's own text a reply quotes back (a refusal of a 3,000-character `/bg move` must still fit).
QUOTE_LIMIT = 60


def mention(user_id: int) -> str:
    """How a message names a member so that Discord shows it as their name (and notifies them, if allowed)."""
    return f"<@{user_id}>"


#: Markdown that acts only at the start of a line (headings, quotes, lists, subtext): escaped there as well.
_LINE_START = re.compile(r"^(?:[#>+-]|(\d+)\.)")


@lru_cache(maxsize=4096)
def escape_name(name: str) -> str:
    """A display name as message text: its markdown and mentions are shown as typed, never rendered, as on
    /leaderboard (`**Bo**b` stays `**Bo**b`, `||y||` is no spoiler, `[x](link)` no link). Every message that
    shows a name goes through here; thread names and the board picture show no markdown and keep it as is.
    Cached: a board's words name its two players a dozen times or more, and they are the same all match long."""
    return escape_text(" ".join(name.split()) or "?")


def escape_text(text: str) -> str:
    """Text that must show as typed (names, a player's words quoted back): markdown and mentions escaped,
    and the markdown that only acts at the start of a line too."""
    text = discord.utils.escape_markdown(discord.utils.escape_mentions(text))
    return _LINE_START.sub(lambda found: f"{found[1]}\\." if found[1] else f"\\{found[0]}", text, count=1)


def escape_names(names: tuple[str, str]) -> tuple[str, str]:
    return escape_name(names[0]), escape_name(names[1])


def quoted(text: str, limit: int = QUOTE_LIMIT, language: object = DEFAULT_LANGUAGE) -> str:
    """A player's own text quoted back in a reply (in the reader's `language`): on one line, cut to `limit`
    characters, as inline code (a backtick in it cannot close the quote)."""
    flat = shortened(" ".join(text.split()).replace("`", "'"), limit)
    return f"`{flat}`" if flat else translate(language, N_("(nothing)"))


def shortened(text: str, limit: int = MAX_CONTENT) -> str:
    """At most `limit` characters, keeping the start (for replies, where the start says what went wrong)."""
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def dice_text(dice: tuple[int, int]) -> str:
    return f"{dice[0]}-{dice[1]}"


def points_text(points: int, language: str = DEFAULT_LANGUAGE) -> str:
    """`1 point`, `3 points`: a language whose plural differs writes both messages as its own grammar needs."""
    if points == 1:
        return translate(language, N_("{count} point"), count=points)
    return translate(language, N_("{count} points"), count=points)


def score_text(names: tuple[str, str], scores: tuple[int, int], length: int, language: str = DEFAULT_LANGUAGE) -> str:
    score: dict[str, Any] = {"first": names[0], "second": names[1], "first_score": scores[0], "second_score": scores[1]}
    if length:
        return translate(
            language,
            N_("Score: {first} {first_score}, {second} {second_score} (match to {length})."),
            **score,
            length=length,
        )
    return translate(language, N_("Score: {first} {first_score}, {second} {second_score}."), **score)


def describe(
    events: Sequence[ev.Event], names: tuple[str, str], length: int, language: str = DEFAULT_LANGUAGE
) -> list[str]:
    """One line per event worth telling, in order, in the reader's `language` (names escaped here: `names` are
    the stored ones)."""
    names = escape_names(names)
    lines: list[str] = []
    played_rolls = {(e.player, e.dice) for e in events if isinstance(e, ev.Played)}
    for event in events:
        line = _line(event, names, length, played_rolls, language)
        if line:
            lines.append(line)
    return lines


def _opening_line(rolls: tuple[tuple[int, int], ...], player: int, names: tuple[str, str], language: str) -> str:
    ties = [dice_text(tie) for tie in rolls[:-1]]
    last = rolls[-1]
    fields: dict[str, Any] = {"first": names[0], "second": names[1], "first_die": last[0], "second_die": last[1]}
    fields |= {"starter": names[player], "count": len(ties), "ties": ", ".join(ties)}
    if not ties:  # R2.2
        message = N_("Opening roll: {first} {first_die}, {second} {second_die}. {starter} moves first.")
    elif len(ties) == 1:
        message = N_(
            "Opening roll after {count} tie ({ties}): {first} {first_die}, {second} {second_die}. "
            "{starter} moves first."
        )
    else:
        message = N_(
            "Opening roll after {count} ties ({ties}): {first} {first_die}, {second} {second_die}. "
            "{starter} moves first."
        )
    return translate(language, message, **fields)


def _line(
    event: ev.Event,
    names: tuple[str, str],
    length: int,
    played_rolls: set[tuple[int, tuple[int, int]]],
    language: str,
) -> str | None:
    match event:
        case ev.GameStarted(number=number, crawford=crawford):
            if number == 1 and not crawford:
                return None
            if crawford:  # R8.3
                return translate(
                    language, N_("Game {number} begins (the Crawford game: no doubling in this game)."), number=number
                )
            return translate(language, N_("Game {number} begins."), number=number)
        case ev.OpeningRolled(rolls=rolls, player=player):
            return _opening_line(rolls, player, names, language)
        case ev.AutomaticDouble(cube=cube):  # R2.3
            return translate(language, N_("The opening tie doubles the cube to {cube} (automatic double)."), cube=cube)
        case ev.Rolled() | ev.Played():
            return _roll_line(event, names, played_rolls, language)
        case ev.StepMoved() | ev.StepUndone():
            return None
        case ev.Claimed(player=player):  # R9.5
            return translate(
                language,
                N_("{name} claims the win: {other} did not act in time."),
                name=names[player],
                other=names[1 - player],
            )
        case ev.TimedOut(player=player):
            if length:
                return translate(language, N_("**{name} ran out of time** and loses the match."), name=names[player])
            return translate(language, N_("**{name} ran out of time** and loses the game."), name=names[player])
        case ev.GameWon(number=number, outcome=outcome, scores=scores):
            won = translate(
                language,
                _OUTCOME[outcome.kind],
                winner=names[outcome.winner],
                loser=names[1 - outcome.winner],
                number=number,
                points=points_text(outcome.points, language),
            )
            return f"{won} {score_text(names, scores, length, language)}"
        case ev.MatchWon(winner=winner, scores=scores):
            if not length:
                return translate(language, N_("**{name} wins the money game.**"), name=names[winner])
            return translate(
                language,
                N_("**{name} wins the match {high}-{low}!**"),
                name=names[winner],
                high=max(scores),
                low=min(scores),
            )
        case ev.MatchAborted(player=player):
            return translate(language, N_("{name} ended the match without a result."), name=names[player])
    return _offer_line(event, names, language)


def _roll_line(
    event: ev.Rolled | ev.Played, names: tuple[str, str], played_rolls: set[tuple[int, tuple[int, int]]], language: str
) -> str | None:
    """A roll, told once with its play when both came in the same update."""
    name, dice = names[event.player], dice_text(event.dice)
    if isinstance(event, ev.Rolled):
        if (event.player, event.dice) in played_rolls:
            return None
        if event.automatic:  # rolled at once because the roller may not double now (R9.4): said as what happened
            return translate(
                language, N_("{name} rolled {dice} (rolled at once: {name} cannot double now)."), name=name, dice=dice
            )
        return translate(language, N_("{name} rolled {dice}."), name=name, dice=dice)
    if not event.play.steps:  # R4.4
        return translate(language, N_("{name} rolled {dice} and cannot move."), name=name, dice=dice)
    play = escape_text(str(event.play))  # a hit's `*` must not start italics (`13/7*/2*`)
    if event.automatic:  # R9.3
        return translate(
            language,
            N_("{name} rolled {dice} and played {play} (the only possible play, made for them)."),
            name=name,
            dice=dice,
            play=play,
        )
    return translate(language, N_("{name} rolled {dice} and played {play}."), name=name, dice=dice, play=play)


#: The cube's and the resignations' events (R6, R7.4): (event type, message).
_OFFERS: dict[type[ev.Event], str] = {
    ev.Doubled: N_("{name} doubles to {cube}."),
    ev.Taken: N_("{name} takes; the cube is at {cube}."),
    ev.Dropped: N_("{name} drops."),
    ev.Beavered: N_("{name} beavers: the cube goes to {cube}."),  # R6.4
    ev.BeaverAccepted: N_("{name} accepts the beaver; the cube is at {cube}."),
    ev.BeaverRefused: N_("{name} refuses the beaver."),
    ev.ResignationAccepted: N_("{name} accepts the resignation."),
    ev.ResignationDeclined: N_("{name} declines the resignation; play goes on."),
}


def _offer_line(event: ev.Event, names: tuple[str, str], language: str) -> str | None:
    """The cube's and the resignations' events (R6, R7.4)."""
    if isinstance(event, ev.ResignationOffered):
        points = points_text(event.points, language)
        return translate(language, _RESIGN_KIND[event.kind], name=names[event.player], points=points)
    message = _OFFERS.get(type(event))
    if message is None:
        return None
    name = names[getattr(event, "player")]  # noqa: B009  # every offer's event names its player
    return translate(language, message, name=name, cube=getattr(event, "cube", 0))


def clip(text: str, limit: int = MAX_CONTENT) -> str:
    """Discord refuses content over 2000 characters: keep the end, which says who acts now."""
    if len(text) <= limit:
        return text
    return "…" + text[-(limit - 1) :]
