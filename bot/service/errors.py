"""The service's refusals: messages written for the player who pressed the button or typed the command."""

from __future__ import annotations

from typing import Any

from bot.i18n import format_message, translate

# Re-exported: the cogs answer it (cogs.ui.errors) and never import bot.store.
from bot.store.errors import StoreUnavailableError as StoreUnavailableError


class ServiceError(ValueError):
    """A request that is refused; `str(error)` is the reason in a player's words (English). Nothing was changed.

    `message` is an English template marked for the catalogues (`N_("It is {name}'s turn.")`) and `params` fill
    it; the front end shows `error.render(locale)`, the reason in the reader's language.
    """

    def __init__(self, message: str = "", /, **params: Any) -> None:
        super().__init__(format_message(message, params) if params else message)
        self.template = message
        self.params = params

    def render(self, locale: object) -> str:
        """The reason in the language of the member who asked."""
        return translate(locale, self.template, **self.params)


class NotFoundError(ServiceError):
    """The match or challenge id is unknown (an old button, a typo in a command)."""


class ChannelBusyError(ServiceError):
    """The channel already has an active match; `match_id` and its message point to it."""

    def __init__(
        self,
        message: str,
        /,
        *,
        match_id: int,
        message_channel_id: int | None,
        message_id: int | None,
        params: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message, **(params or {}))
        self.match_id = match_id
        self.message_channel_id = message_channel_id
        self.message_id = message_id


class ComputerLimitError(ServiceError):
    """The member already plays the most matches against the computer one may play at a time;
    `running` names them as (match id, guild id, channel id), oldest first, for the front end to point to."""

    def __init__(
        self, message: str, /, *, running: list[tuple[int, int, int]], params: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message, **(params or {}))
        self.running = running


class StaleStateError(ServiceError):
    """The board changed since the player saw it (a double click, both players pressing, a retry).

    `match_id` and `version` name the current state, and `message_channel_id` / `message_id` the match's
    current game message (when one was stored), so the front end can point to the up-to-date board.
    """

    def __init__(
        self,
        message: str,
        *,
        match_id: int,
        version: int,
        message_channel_id: int | None = None,
        message_id: int | None = None,
        params: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message, **(params or {}))
        self.match_id = match_id
        self.version = version
        self.message_channel_id = message_channel_id
        self.message_id = message_id


class CorruptMatchError(ServiceError):
    """The stored state of a match cannot be read or does not match its action log; nothing is changed.

    The consistency check (`python -m bot.service.check`) lists such matches for the bot's operator.
    """

    def __init__(self, message: str, /, *, match_id: int) -> None:
        super().__init__(message)
        self.match_id = match_id


class AlreadyAcceptedError(ServiceError):
    """Someone else (or the same member, pressing twice) accepted this challenge first; `acceptor_id`,
    `acceptor_name`, `match_id` and `channel_id` (where that match is played) say who and where."""

    def __init__(
        self,
        message: str,
        /,
        *,
        acceptor_id: int,
        acceptor_name: str,
        match_id: int,
        channel_id: int,
        params: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message, **(params or {}))
        self.acceptor_id = acceptor_id
        self.acceptor_name = acceptor_name
        self.match_id = match_id
        self.channel_id = channel_id


class ChallengeLimitError(ServiceError):
    """The challenger has too many open challenges, or one to this opponent already; `challenge_id`, its
    `guild_id` and message ids name the open challenge to point to (the message ids are None until it was
    posted)."""

    def __init__(
        self,
        message: str,
        *,
        challenge_id: int,
        guild_id: int,
        message_channel_id: int | None,
        message_id: int | None,
        params: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message, **(params or {}))
        self.challenge_id = challenge_id
        self.guild_id = guild_id
        self.message_channel_id = message_channel_id
        self.message_id = message_id
