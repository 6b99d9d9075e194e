"""Tournament messages as Discord sends them: the sign-up list with Join / Leave, the live bracket, a pairing's
announcement; start times as organisers type them.

The Join / Leave buttons are DynamicItems whose custom_id carries the tournament id (`bgt:<id>:join`), so they
work after a restart; the clicks go to the Tournaments cog, found by name. Their labels, like every public word,
are in the server's language; what the messages say is in cogs.ui.tournament_text, the picture's data in
cogs.ui.tournament_picture.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import enum
import io
import re
from typing import Any, Protocol, runtime_checkable

import discord
from discord.ext import commands

from bot.i18n import DEFAULT_LANGUAGE, N_, pgettext, translate
from bot.i18n.durations import Duration
from bot.tournaments import Tournament, TournamentStatus
from bot.tournaments.records import Pairing
from cogs.ui.custom_ids import MAX_CUSTOM_ID
from cogs.ui.durations import LONGEST_SECONDS, DurationTooLong, UnreadableDuration, parse_duration
from cogs.ui.errors import UserFacingError, report_error
from cogs.ui.event_text import quoted
from cogs.ui.languages import member_language
from cogs.ui.names import TOURNAMENTS_COG
from cogs.ui.tournament_text import signup_text, started_text, status_text

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


#: Each button's label (the sign-up post names them in bold: translations keep the two the same) and style.
_BUTTONS = {
    TournamentAction.JOIN: (pgettext("tournament", "Join"), discord.ButtonStyle.success),
    TournamentAction.LEAVE: (pgettext("tournament", "Leave"), discord.ButtonStyle.secondary),
}


class TournamentButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TOURNAMENT_TEMPLATE):
    def __init__(self, tournament_id: int, action: TournamentAction, language: str = DEFAULT_LANGUAGE) -> None:
        english, style = _BUTTONS[action]
        label = translate(language, english, context="tournament")
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
            starting = translate(member_language(interaction), N_("The bot is still starting; try again in a moment."))
            await interaction.response.send_message(starting, ephemeral=True)
            return
        try:
            await cog.on_tournament_control(interaction, self.tournament_id, self.action)
        except Exception as error:
            await report_error(interaction, error)


def signup_view(tournament: Tournament, language: str = DEFAULT_LANGUAGE) -> discord.ui.View | None:
    """Join and Leave under the sign-up post, labelled in the server's `language`."""
    if tournament.status is not TournamentStatus.SIGNUP:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(TournamentButton(tournament.id, TournamentAction.JOIN, language))
    view.add_item(TournamentButton(tournament.id, TournamentAction.LEAVE, language))
    return view


class Announcement:
    """Posts a pairing's announcement once the service has drawn the dice's seed, and takes it back
    when the match did not start (started elsewhere, cancelled, awarded)."""

    def __init__(self, channel: discord.PartialMessageable, pairing: Pairing, language: str = DEFAULT_LANGUAGE) -> None:
        self.channel = channel
        self.pairing = pairing
        self.language = language
        self.message: discord.Message | None = None

    async def __call__(self, commitment: str) -> int:
        """Post the announcement with the start of the dice's commitment (the service passes it)."""
        text = started_text(self.pairing, commitment, self.language)
        self.message = await self.channel.send(text, allowed_mentions=users_only(*self.pairing.players))
        return self.message.id

    async def withdraw(self) -> None:
        if self.message is not None:
            with contextlib.suppress(discord.HTTPException):
                await self.message.delete()


def shows_bracket(tournament: Tournament) -> bool:
    """Whether the tournament's message shows the bracket picture (past the sign-up, once drawn)."""
    return tournament.status is not TournamentStatus.SIGNUP and tournament.bracket is not None


def message_edit(tournament: Tournament, bracket_png: bytes | None, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """The edit that brings the tournament's message up to date, in the server's `language`: the sign-up list with
    its buttons, or the status beside the bracket picture once there is one (`bracket_png`)."""
    none = discord.AllowedMentions.none()
    if bracket_png is None:
        signup = tournament.status is TournamentStatus.SIGNUP
        content = signup_text(tournament, language) if signup else status_text(tournament, language)
        return {"content": content, "view": signup_view(tournament, language), "allowed_mentions": none}
    return {
        "content": status_text(tournament, language),
        "view": None,
        "allowed_mentions": none,
        "attachments": [discord.File(io.BytesIO(bracket_png), FILENAME)],
    }


def parse_start(text: str, now: float) -> float:
    """When a tournament starts: a Discord timestamp (`<t:1767225600:F>`), a Unix time, a delay (`2h`,
    `in 90m`) or a UTC date and time (`2026-12-01 18:00`), at most a year ahead (`LONGEST_SECONDS`)."""
    cleaned = text.strip()
    found = _TIMESTAMP.fullmatch(cleaned)
    if found:
        return _within_reach(float(found.group(1)), now, text)
    if cleaned.isdecimal() and len(cleaned) >= 9:
        return _within_reach(float(cleaned), now, text)
    try:
        return now + parse_duration(cleaned.removeprefix("in ").strip())
    except DurationTooLong as error:
        raise UserFacingError(error.message.template, **error.message.params) from None
    except UnreadableDuration:
        pass
    with contextlib.suppress(ValueError):
        moment = dt.datetime.fromisoformat(cleaned)
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=dt.UTC)
        return _within_reach(moment.timestamp(), now, text)
    raise UserFacingError(
        N_(
            "I could not read {value} as a start time: write a delay like `2h` or `1d`, a UTC time like "
            "`2026-12-01 18:00`, or a Discord timestamp like `<t:1767225600:F>`."
        ),
        value=quoted(text),
    )


def _within_reach(moment: float, now: float, text: str) -> float:
    """A start time typed as a moment, refused when it is further ahead than any delay may be (a Unix time of
    hundreds of digits reads as infinity)."""
    if moment - now > LONGEST_SECONDS:
        raise UserFacingError(
            N_("{value} is too far ahead: a tournament starts within {most}."),
            value=quoted(text),
            most=Duration(LONGEST_SECONDS),
        )
    return moment


def users_only(*user_ids: int) -> discord.AllowedMentions:
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(id=user_id) for user_id in user_ids]
    )
