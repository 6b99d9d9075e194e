"""One place that answers failed interactions: player mistakes privately in plain words, bugs with an apology.

Domain refusals (the service's ServiceError, the engine's play errors) carry a message written for the
player; they are shown privately and change nothing. Anything else is a bug: it is logged with the
interaction id so the log line can be found from a player's report, and the player gets a short apology
with that id, never a traceback.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.engine.errors import IllegalPlayError, InvalidPlayError, RefusalError
from bot.i18n import N_, Message, translate
from bot.service import ServiceError
from bot.service.errors import ChallengeLimitError, ComputerLimitError, StoreUnavailableError
from cogs.ui.event_text import escape_text, quoted, shortened
from cogs.ui.forged_options import ForgedOption
from cogs.ui.repairs import BoardNotShown

log = logging.getLogger(__name__)

#: Errors whose message is meant for the player.
USER_ERRORS: tuple[type[Exception], ...] = (ServiceError, IllegalPlayError, InvalidPlayError)


class UserFacingError(Exception):
    """A refusal raised by the cogs themselves (bad option combination, not a member ...): an English template
    marked `N_()` and its parameters, shown in the member's language (a text the catalogue lacks, one already
    composed, shows as it is)."""

    def __init__(self, message: str, /, **params: Any) -> None:
        self.message = Message(message, params)
        super().__init__(str(self.message))


def apology(interaction_id: int, locale: object = None) -> str:
    return translate(
        locale,
        N_(
            "Sorry, something went wrong on my side and nothing was changed. "
            "If it keeps happening, tell the bot's owner about interaction {interaction}."
        ),
        interaction=interaction_id,
    )


#: The answer while the database cannot be reached (PostgreSQL restarting): the pool reconnects by itself.
STORE_UNAVAILABLE = N_("The game's database cannot be reached just now (it may be restarting). Try again in a moment.")


def player_message(error: BaseException, locale: object = None) -> str | None:
    """The private message for a player's mistake in the member's language (`interaction.locale`; None: English),
    or None when the error is a bug."""
    if isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError) and error.__cause__:
        error = error.__cause__
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, StoreUnavailableError):
        log.warning("The database is unreachable: %s", error)
        return translate(locale, STORE_UNAVAILABLE)
    if isinstance(error, BoardNotShown):  # stored, only not shown yet: "nothing was changed" would be false
        return error.player_text(locale)
    if isinstance(error, ChallengeLimitError):
        return refusal_text(error, locale) + _challenge_link(error, locale)
    if isinstance(error, ComputerLimitError):
        return shortened(refusal_text(error, locale) + _running_links(error, locale))
    if isinstance(error, USER_ERRORS):
        return refusal_text(error, locale)
    if isinstance(error, UserFacingError):  # written by the cogs, names already escaped there
        return shortened(error.message.render(locale))
    if isinstance(error, app_commands.MissingPermissions):
        return translate(locale, N_("You need the Manage Server permission for this."))
    if isinstance(error, app_commands.NoPrivateMessage):
        return translate(locale, N_("Backgammon is played in a server's channels, not in direct messages."))
    if isinstance(error, app_commands.CommandOnCooldown):
        return translate(
            locale, N_("Slow down a little: try again in {seconds} seconds."), seconds=f"{error.retry_after:.0f}"
        )
    if isinstance(error, ForgedOption | app_commands.TransformerError):
        return not_understood(error.value, locale)
    if isinstance(error, app_commands.CheckFailure):
        return translate(locale, N_("You cannot use this command here."))
    return None


def not_understood(value: object, locale: object = None) -> str:
    """The refusal of an option value that cannot be read: the value quoted when it is text or a number, never a
    Python object's repr (a forged user option arrives as a bare `discord.Object`)."""
    if isinstance(value, str | int | float) and not isinstance(value, bool) and str(value):
        return translate(locale, N_("I could not understand {value}."), value=quoted(str(value), language=locale))
    return translate(locale, N_("I could not understand one of the options."))


def _challenge_link(error: ChallengeLimitError, locale: object = None) -> str:
    if error.message_channel_id is None or error.message_id is None:
        return ""
    link = f"https://discord.com/channels/{error.guild_id}/{error.message_channel_id}/{error.message_id}"
    return " " + translate(locale, N_("Your open challenge: {link}"), link=link)


def _running_links(error: ComputerLimitError, locale: object = None) -> str:
    """Where the member's running computer matches are, to finish or resign one."""
    if not error.running:
        return ""
    links = [f"#{match} https://discord.com/channels/{guild}/{channel}" for match, guild, channel in error.running]
    return " " + translate(locale, N_("Yours: {links}"), links=", ".join(links))


def refusal_text(error: BaseException, locale: object = None) -> str:
    """The text of a service or engine refusal as sent, in the member's language: it has no markdown of
    its own, so the names and the player's words it quotes are escaped to show as typed; never over Discord's 2,000
    characters."""
    text = error.render(locale) if isinstance(error, ServiceError | RefusalError) else str(error)
    return shortened(escape_text(text))


async def reply_privately(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """Answer the user alone, whether or not the interaction was already acknowledged (cut to Discord's
    2,000 characters, so that an answer always goes out)."""
    text = shortened(text)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


async def report_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Tell the user what went wrong (their mistake) or apologise and log it (our bug)."""
    message = player_message(error, interaction.locale)
    if message is None:
        log.error(
            "Unexpected error in interaction %s (%s) from user %s in channel %s",
            interaction.id,
            _describe(interaction),
            interaction.user.id,
            interaction.channel_id,
            exc_info=error,
        )
        message = apology(interaction.id, interaction.locale)
    try:
        await reply_privately(interaction, message)
    except discord.HTTPException:
        log.warning("Could not answer interaction %s", interaction.id, exc_info=True)


def _describe(interaction: discord.Interaction[Any]) -> str:
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    data: Any = interaction.data or {}
    return str(data.get("custom_id", interaction.type.name))
