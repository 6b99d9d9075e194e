"""The messages that show a new match's dice commitment before the match exists: against the
computer, the announcement whose id is the computer's seed; for a rematch, the request whose id is the asker's
seed. Discord gives a message its id only once it is posted, after the bot drew its seed, so the bot chooses
neither the id nor (with it) the dice."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any, Protocol

import discord

from bot.i18n import DEFAULT_LANGUAGE, N_, translate
from cogs.ui.event_text import escape_name, mention
from cogs.ui.fairness_text import proof_line

#: The finished board's button that asks for a rematch (cogs.ui.game_messages), named in the request.
REMATCH_LABEL = N_("Rematch")


class Postable(Protocol):
    async def send(self, content: str, *, allowed_mentions: discord.AllowedMentions) -> Any: ...


def computer_announcement(human_name: str, what: str, commitment: str, language: str = DEFAULT_LANGUAGE) -> str:
    """The announcement of a match against the computer, posted where it is played before its opening roll: its id
    is the computer's seed (`/bg fairness` shows it). Public: in the server's `language`, as `what` is."""
    said = translate(language, N_("{name} plays {what}."), name=escape_name(human_name), what=what)
    return f"{said}\n{proof_line(commitment, language)}"


def rematch_request(
    asked_by: str, waiting_for_id: int, until: int, commitment: str, language: str = DEFAULT_LANGUAGE
) -> str:
    """The request for a rematch: its id and the other player's press of **Rematch** after it are the rematch's
    seeds (`/bg fairness` shows them once it starts). Public: in the server's `language`, its button named as the
    board's Rematch button is."""
    said = N_("{mention}, {name} wants a rematch: press **{button}** (until {until}) to start it.")
    text = translate(
        language,
        said,
        mention=mention(waiting_for_id),
        name=escape_name(asked_by),
        button=translate(language, REMATCH_LABEL),
        until=f"<t:{until}:R>",
    )
    return f"{text}\n{proof_line(commitment, language)}"


class CommitmentPost:
    """Posts the text made from the commitment and returns the message's id (what the service's `announce`
    expects); `withdraw` takes the message back when the match did not start."""

    def __init__(
        self,
        channel: Postable,
        text: Callable[[str], str],
        mentions: discord.AllowedMentions | None = None,
    ) -> None:
        self.channel = channel
        self.text = text
        self.mentions = mentions or discord.AllowedMentions.none()
        self.message: Any = None

    async def __call__(self, commitment: str) -> int:
        self.message = await self.channel.send(self.text(commitment), allowed_mentions=self.mentions)
        return int(self.message.id)

    async def withdraw(self) -> None:
        if self.message is not None:
            with contextlib.suppress(discord.HTTPException):
                await self.message.delete()
            self.message = None
