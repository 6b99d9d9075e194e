"""The engine's events in words: one line of what happened for each thing a player should know.

`Alice rolled 6-5 and played 24/13`. A roll followed by its play in the same update is told once; steps of a
turn still being entered are told by the picture rather than in words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import discord

from bot.engine import events as ev
from bot.engine.outcome import OutcomeKind
from bot.engine.position import WinKind

MAX_CONTENT = 2000

_RESIGN_KIND = {WinKind.SINGLE: "a single game", WinKind.GAMMON: "a gammon", WinKind.BACKGAMMON: "a backgammon"}
_OUTCOME = {
    OutcomeKind.SINGLE: "by bearing off",
    OutcomeKind.GAMMON: "with a gammon",
    OutcomeKind.BACKGAMMON: "with a backgammon",
    OutcomeKind.DROPPED: "as {loser} refused the cube",  # a drop, or a beaver refused
    OutcomeKind.RESIGNED: "as {loser} resigned",
    OutcomeKind.CLAIMED: "on time ({loser} did not act within the turn limit)",  # R9.5
    OutcomeKind.TIMEOUT: "on time ({loser}'s match clock ran out)",
}


#: How much of a player's own text a reply quotes back (a refusal of a 3,000-character `/bg move` must still fit).
QUOTE_LIMIT = 60

#: Markdown that acts only at the start of a line (headings, quotes, lists, subtext): escaped there as well.
_LINE_START = re.compile(r"^(?:[#>+-]|(\d+)\.)")


def escape_name(name: str) -> str:
    """A display name as message text: its markdown and mentions are shown as typed, never rendered, as on
    /leaderboard (`**Bo**b` stays `**Bo**b`, `||y||` is no spoiler, `[x](link)` no link). Every message that
    shows a name goes through here; thread names and the board picture show no markdown and keep it as is."""
    return escape_text(" ".join(name.split()) or "?")


def escape_text(text: str) -> str:
    """Text that must show as typed (names, a player's words quoted back): markdown and mentions escaped,
    and the markdown that only acts at the start of a line too."""
    text = discord.utils.escape_markdown(discord.utils.escape_mentions(text))
    return _LINE_START.sub(lambda found: f"{found[1]}\\." if found[1] else f"\\{found[0]}", text, count=1)


def escape_names(names: tuple[str, str]) -> tuple[str, str]:
    return escape_name(names[0]), escape_name(names[1])


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """A player's own text quoted back in a reply: on one line, cut to `limit` characters, as inline code
    (a backtick in it cannot close the quote)."""
    flat = shortened(" ".join(text.split()).replace("`", "'"), limit)
    return f"`{flat}`" if flat else "(nothing)"


def shortened(text: str, limit: int = MAX_CONTENT) -> str:
    """At most `limit` characters, keeping the start (for replies, where the start says what went wrong)."""
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def dice_text(dice: tuple[int, int]) -> str:
    return f"{dice[0]}-{dice[1]}"


def points_text(points: int) -> str:
    return f"{points} point{'s' if points != 1 else ''}"


def score_text(names: tuple[str, str], scores: tuple[int, int], length: int) -> str:
    match = f" (match to {length})" if length else ""
    return f"Score: {names[0]} {scores[0]}, {names[1]} {scores[1]}{match}."


def describe(events: Sequence[ev.Event], names: tuple[str, str], length: int) -> list[str]:
    """One line per event worth telling, in order (names escaped here: `names` are the stored ones)."""
    names = escape_names(names)
    lines: list[str] = []
    played_rolls = {(e.player, e.dice) for e in events if isinstance(e, ev.Played)}
    for event in events:
        line = _line(event, names, length, played_rolls)
        if line:
            lines.append(line)
    return lines


def _line(
    event: ev.Event, names: tuple[str, str], length: int, played_rolls: set[tuple[int, tuple[int, int]]]
) -> str | None:
    match event:
        case ev.GameStarted(number=number, crawford=crawford):
            if number == 1 and not crawford:
                return None
            crawford_text = " (the Crawford game: no doubling in this game)" if crawford else ""  # R8.3
            return f"Game {number} begins{crawford_text}."
        case ev.OpeningRolled(rolls=rolls, player=player):
            ties = [f"{a}-{b}" for a, b in rolls[:-1]]
            last = rolls[-1]
            tie_text = f" after {len(ties)} tie{'s' if len(ties) > 1 else ''} ({', '.join(ties)})" if ties else ""
            return (
                f"Opening roll{tie_text}: {names[0]} {last[0]}, {names[1]} {last[1]}. "
                f"{names[player]} moves first."  # R2.2
            )
        case ev.AutomaticDouble(cube=cube):
            return f"The opening tie doubles the cube to {cube} (automatic double)."  # R2.3
        case ev.Rolled(player=player, dice=dice, automatic=automatic):
            if (player, dice) in played_rolls:
                return None
            # rolled at once because the roller may not double now (R9.4): said as what happened, not as a rule
            at_once = f" (rolled at once: {names[player]} cannot double now)" if automatic else ""
            return f"{names[player]} rolled {dice_text(dice)}{at_once}."
        case ev.Played(player=player, dice=dice, play=play, automatic=automatic):
            if not play.steps:
                return f"{names[player]} rolled {dice_text(dice)} and cannot move."  # R4.4
            forced = " (the only possible play, made for them)" if automatic else ""  # R9.3
            # a hit's `*` must not start italics (`13/7*/2*`)
            return f"{names[player]} rolled {dice_text(dice)} and played {escape_text(str(play))}{forced}."
        case ev.StepMoved() | ev.StepUndone():
            return None
        case ev.Claimed(player=player):
            return f"{names[player]} claims the win: {names[1 - player]} did not act in time."  # R9.5
        case ev.TimedOut(player=player):
            return f"**{names[player]} ran out of time** and loses the {'match' if length else 'game'}."
        case ev.GameWon(number=number, outcome=outcome, scores=scores):
            return (
                f"**{names[outcome.winner]} wins game {number} "
                f"{_OUTCOME[outcome.kind].format(loser=names[1 - outcome.winner])}, worth "
                f"{points_text(outcome.points)}.** {score_text(names, scores, length)}"
            )
        case ev.MatchWon(winner=winner, scores=scores):
            if not length:
                return f"**{names[winner]} wins the money game.**"
            return f"**{names[winner]} wins the match {max(scores)}-{min(scores)}!**"
        case ev.MatchAborted(player=player):
            return f"{names[player]} ended the match without a result."
    return _offer_line(event, names)


def _offer_line(event: ev.Event, names: tuple[str, str]) -> str | None:
    """The cube's and the resignations' events (R6, R7.4)."""
    match event:
        case ev.Doubled(player=player, cube=cube):
            return f"{names[player]} doubles to {cube}."
        case ev.Taken(player=player, cube=cube):
            return f"{names[player]} takes; the cube is at {cube}."
        case ev.Dropped(player=player):
            return f"{names[player]} drops."
        case ev.Beavered(player=player, cube=cube):
            return f"{names[player]} beavers: the cube goes to {cube}."  # R6.4
        case ev.BeaverAccepted(player=player, cube=cube):
            return f"{names[player]} accepts the beaver; the cube is at {cube}."
        case ev.BeaverRefused(player=player):
            return f"{names[player]} refuses the beaver."
        case ev.ResignationOffered(player=player, kind=kind, points=points):
            return f"{names[player]} offers to resign {_RESIGN_KIND[kind]} ({points_text(points)})."
        case ev.ResignationAccepted(player=player):
            return f"{names[player]} accepts the resignation."
        case ev.ResignationDeclined(player=player):
            return f"{names[player]} declines the resignation; play goes on."
    return None


def clip(text: str, limit: int = MAX_CONTENT) -> str:
    """Discord refuses content over 2000 characters: keep the end, which says who acts now."""
    if len(text) <= limit:
        return text
    return "…" + text[-(limit - 1) :]
