"""What tournament messages say and show: the sign-up list with Join / Leave, the live bracket, the champion.

The Join / Leave buttons are DynamicItems whose custom_id carries the tournament id (`bgt:<id>:join`), so they
work after a restart; the clicks go to the Tournaments cog, found by name. The picture data is built here from
the stored tournament (render.bracket draws it).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import enum
import io
import re
from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

import discord
from discord.ext import commands

from bot.tournaments import Tournament, TournamentStatus
from bot.tournaments.bracket import round_name
from bot.tournaments.records import DecidedBy, MatchState, Pairing
from cogs.ui.custom_ids import MAX_CUSTOM_ID
from cogs.ui.durations import parse_duration
from cogs.ui.errors import UserFacingError, report_error
from cogs.ui.event_text import clip, escape_name, escape_text
from cogs.ui.fairness_text import proof_line
from cogs.ui.game_messages import message_link
from cogs.ui.names import TOURNAMENTS_COG
from render.bracket import Box, BracketPicture, Side

FILENAME = "bracket.png"
_TIMESTAMP = re.compile(r"<t:(\d{1,12})(?::[tTdDfFR])?>")


class TournamentAction(enum.StrEnum):
    """The values are part of stored custom_ids: never rename them."""

    JOIN = "join"
    LEAVE = "leave"


TOURNAMENT_TEMPLATE = re.compile(r"bgt:(?P<tournament>[0-9]{1,20}):(?P<action>join|leave)")


def custom_id(tournament_id: int, action: TournamentAction) -> str:
    text = f"bgt:{tournament_id}:{action.value}"
    assert len(text) <= MAX_CUSTOM_ID
    return text


@runtime_checkable
class TournamentHandler(Protocol):
    async def on_tournament_control(
        self, interaction: discord.Interaction[Any], tournament_id: int, action: TournamentAction
    ) -> None: ...


class TournamentButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TOURNAMENT_TEMPLATE):
    def __init__(self, tournament_id: int, action: TournamentAction) -> None:
        label, style = {
            TournamentAction.JOIN: ("Join", discord.ButtonStyle.success),
            TournamentAction.LEAVE: ("Leave", discord.ButtonStyle.secondary),
        }[action]
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id(tournament_id, action)))
        self.tournament_id = tournament_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TournamentButton:
        return cls(int(match["tournament"]), TournamentAction(match["action"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        client = interaction.client
        cog = client.get_cog(TOURNAMENTS_COG) if isinstance(client, commands.bot.BotBase) else None
        if not isinstance(cog, TournamentHandler):
            await interaction.response.send_message("The bot is still starting; try again in a moment.", ephemeral=True)
            return
        try:
            await cog.on_tournament_control(interaction, self.tournament_id, self.action)
        except Exception as error:
            await report_error(interaction, error)


def signup_view(tournament: Tournament) -> discord.ui.View | None:
    if tournament.status is not TournamentStatus.SIGNUP:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(TournamentButton(tournament.id, TournamentAction.JOIN))
    view.add_item(TournamentButton(tournament.id, TournamentAction.LEAVE))
    return view


def starts_text(tournament: Tournament) -> str:
    if tournament.starts_at is None:
        return "It starts when the organiser runs `/tournament start`."
    return f"It starts <t:{int(tournament.starts_at)}:F> (<t:{int(tournament.starts_at)}:R>)."


def title(tournament: Tournament) -> str:
    """The tournament's name in bold, shown as the organiser typed it (markdown and mentions escaped)."""
    return f"**{escape_text(tournament.name)}**"


def header(tournament: Tournament) -> str:
    return (
        f"{title(tournament)}: a single-elimination tournament of {tournament.length}-point matches, "
        f"organised by <@{tournament.organiser_id}>."
    )


def signup_text(tournament: Tournament) -> str:
    count = len(tournament.entrants)
    names = ", ".join(escape_name(entrant.name) for entrant in tournament.entrants) or "nobody yet"
    return clip(
        "\n".join(
            [
                header(tournament),
                starts_text(tournament) + " Press **Join** to play, **Leave** to take your name off.",
                f"Signed up ({count}/{tournament.size}): {names}",
            ]
        )
    )


def status_text(tournament: Tournament) -> str:
    """The text beside the bracket picture, for a tournament past its sign-up."""
    lines = [header(tournament)]
    bracket = tournament.bracket
    if tournament.status is TournamentStatus.CANCELLED:
        lines.append(f"Cancelled: {tournament.note or 'by the organiser'}.")
    elif tournament.status is TournamentStatus.FINISHED and tournament.champion_id is not None:
        lines.append(f"Champion: <@{tournament.champion_id}>!")
    elif bracket is not None and bracket.round_in_play is not None:
        name = round_name(bracket.round_in_play, bracket.round_count)
        lines.append(f"{len(tournament.entrants)} players; {name} in play. Each match is played in its own thread.")
    awards = [s for s in tournament.slots if s.decided_by is DecidedBy.AWARD and s.winner_id is not None]
    for slot in awards:
        lines.append(f"Awarded to <@{slot.winner_id}>: {slot.reason}")
    return clip("\n".join(lines))


def champion_text(tournament: Tournament) -> str:
    if tournament.status is TournamentStatus.CANCELLED:
        return f"{title(tournament)} was cancelled: {tournament.note or 'by the organiser'}."
    return (
        f"\N{TROPHY} <@{tournament.champion_id}> wins {title(tournament)}! "
        f"Congratulations, and thanks to all {len(tournament.entrants)} players."
    )


def started_text(pairing: Pairing, commitment: str) -> str:
    """The pairing's announcement in its thread, posted before the opening roll: its id is a seed of the dice, so
    it shows the commitment (issue 31 item 7), in one short line (issue 33): the rest is behind `/bg fairness`."""
    players = pairing.players
    return (
        f"**{pairing.tournament_name}**, {pairing.round_name}: <@{players[0]}> vs <@{players[1]}>, a "
        f"{pairing.length}-point match. Good luck!\n{proof_line(commitment)}"
    )


class Announcement:
    """Posts a pairing's announcement once the service has drawn the dice's seed (issue 31), and takes it back
    when the match did not start (started elsewhere, cancelled, awarded)."""

    def __init__(self, channel: discord.PartialMessageable, pairing: Pairing) -> None:
        self.channel = channel
        self.pairing = pairing
        self.message: discord.Message | None = None

    async def __call__(self, commitment: str) -> int:
        """Post the announcement with the start of the dice's commitment (the service passes it)."""
        text = started_text(self.pairing, commitment)
        self.message = await self.channel.send(text, allowed_mentions=users_only(*self.pairing.players))
        return self.message.id

    async def withdraw(self) -> None:
        if self.message is not None:
            with contextlib.suppress(discord.HTTPException):
                await self.message.delete()


def picture_of(tournament: Tournament, states: Mapping[tuple[int, int], MatchState]) -> BracketPicture:
    """The bracket's picture data: names, seeds, scores, who advanced, the matches in play."""
    bracket = tournament.bracket
    if bracket is None:
        return BracketPicture(tournament.name, "Sign-up", (), ())
    names = tournament.names
    rounds = []
    for slots in bracket.rounds:
        boxes = []
        for slot in slots:
            state = states.get(slot.key)
            stored = tournament.slot_record(*slot.key)
            sides = []
            for index, player in enumerate(slot.players):
                score = None if state is None or player is None else state.scores.get(player)
                sides.append(
                    Side(
                        None if player is None else names.get(player, "?"),
                        None if player is None else bracket.seed_of(player),
                        score,
                        bye=slot.absent[index],
                    )
                )
            winner = None if slot.winner is None or slot.bye else slot.players.index(slot.winner)
            note = ""
            if stored is not None and stored.decided_by is DecidedBy.AWARD:
                note = f"awarded: {stored.reason or ''}"
            elif state is not None and state.status == "aborted" and slot.winner is None:
                note = "stopped: awaiting the organiser"
            live = state is not None and state.status == "active" and slot.winner is None
            boxes.append(Box((sides[0], sides[1]), winner, live, note, hidden=slot.empty))
        rounds.append(tuple(boxes))
    count = len(tournament.entrants)
    in_play = bracket.round_in_play
    if tournament.status is TournamentStatus.CANCELLED:
        state_line = "cancelled"
    elif in_play is None:
        state_line = "finished"
    else:
        state_line = f"{round_name(in_play, bracket.round_count)} in play"
    subtitle = f"{tournament.length}-point matches \N{MIDDLE DOT} {count} players \N{MIDDLE DOT} {state_line}"
    champion = None if bracket.champion is None else names.get(bracket.champion)
    return BracketPicture(
        tournament.name,
        subtitle,
        tuple(round_name(number, bracket.round_count) for number in range(1, bracket.round_count + 1)),
        tuple(rounds),
        None if tournament.status is TournamentStatus.CANCELLED else in_play,
        champion,
    )


def joined_text(tournament: Tournament) -> str:
    return (
        f"You are signed up for {title(tournament)} ({len(tournament.entrants)}/{tournament.size}). "
        "Your matches will be played in threads of this channel; you will be mentioned there."
    )


def shows_bracket(tournament: Tournament) -> bool:
    """Whether the tournament's message shows the bracket picture (past the sign-up, once drawn)."""
    return tournament.status is not TournamentStatus.SIGNUP and tournament.bracket is not None


def message_edit(tournament: Tournament, bracket_png: bytes | None) -> dict[str, Any]:
    """The edit that brings the tournament's message up to date: the sign-up list with its buttons, or the status
    beside the bracket picture once there is one (`bracket_png`)."""
    none = discord.AllowedMentions.none()
    if bracket_png is None:
        content = signup_text(tournament) if tournament.status is TournamentStatus.SIGNUP else status_text(tournament)
        return {"content": content, "view": signup_view(tournament), "allowed_mentions": none}
    return {
        "content": status_text(tournament),
        "view": None,
        "allowed_mentions": none,
        "attachments": [discord.File(io.BytesIO(bracket_png), FILENAME)],
    }


def list_line(tournament: Tournament) -> str:
    """One line of /tournament list: its state, players, match length and a link to its message."""
    state = tournament.status.value
    if tournament.status is TournamentStatus.FINISHED and tournament.champion_id is not None:
        state = f"won by <@{tournament.champion_id}>"
    link = (
        ""
        if tournament.message_id is None
        else " "
        + message_link(
            tournament.guild_id, tournament.message_channel_id or tournament.channel_id, tournament.message_id
        )
    )
    return (
        f"{title(tournament)}: {state}, {len(tournament.entrants)}/{tournament.size} players, "
        f"{tournament.length}-point matches.{link}"
    )


def parse_start(text: str, now: float) -> float:
    """When a tournament starts: a Discord timestamp (`<t:1767225600:F>`), a Unix time, a delay (`2h`,
    `in 90m`) or a UTC date and time (`2026-12-01 18:00`)."""
    cleaned = text.strip()
    found = _TIMESTAMP.fullmatch(cleaned)
    if found:
        return float(found.group(1))
    if cleaned.isdigit() and len(cleaned) >= 9:
        return float(cleaned)
    with contextlib.suppress(ValueError):
        return now + parse_duration(cleaned.removeprefix("in ").strip())
    with contextlib.suppress(ValueError):
        moment = dt.datetime.fromisoformat(cleaned)
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=dt.UTC)
        return moment.timestamp()
    raise UserFacingError(
        f"I could not read {text!r} as a start time: write a delay like `2h` or `1d`, a UTC time "
        "like `2026-12-01 18:00`, or a Discord timestamp like `<t:1767225600:F>`."
    )


def thread_name(pairing: Pairing) -> str:
    return f"{pairing.tournament_name} {pairing.round_name}: {pairing.names[0]} vs {pairing.names[1]}"[:100]


def users_only(*user_ids: int) -> discord.AllowedMentions:
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(id=user_id) for user_id in user_ids]
    )
