"""Answering a press on a board with its result: the interaction's own response carries the new board (Discord's
update-message response, one call), and it is sent only once the action is stored.

Discord wants an answer within 3 seconds. An action stored in time whose board is not drawn by
`DEFER_AFTER_SECONDS` after the press arrived is deferred then (a deferred update: the board stays as it was for a
moment), and the new board is edited in after. Nothing is ever acknowledged before the action is stored: a stop
before the commit leaves the press unanswered (Discord tells the player it failed, and the board still asks for the
same action), and a stop after it leaves the action stored and its board shown again at the restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Iterator
from typing import Any

import discord

log = logging.getLogger(__name__)

#: Seconds after a press arrives by which a stored action's press is deferred if its board is not ready: Discord's
#: limit is 3 s from the press, and the answer itself takes a round trip.
DEFER_AFTER_SECONDS = 2.0
#: Discord's answers for a press that can no longer be answered (its 3 s ran out, or its token's 15 minutes):
#: Unknown interaction, Unknown webhook.
EXPIRED_CODES = frozenset({10062, 10015})


def expired(error: discord.HTTPException) -> bool:
    return isinstance(error, discord.NotFound) and error.code in EXPIRED_CODES


def pressed_board(interaction: discord.Interaction[Any]) -> tuple[int, int] | None:
    """The board (channel id, message id) a press on it is answered on, recorded with its action; None when the
    pressed message is no board."""
    pressed = interaction.message
    return (pressed.channel.id, pressed.id) if pressed is not None and pressed.attachments else None


class PressAnswer:
    """The one answer to one press, in whichever form is still possible: the board in the response, else a deferral
    and an edit after it. Calls are serialised, so a deferral at the deadline never races the board's response."""

    def __init__(
        self, interaction: discord.Interaction[Any], *, private: bool = False, defer_after: float = DEFER_AFTER_SECONDS
    ) -> None:
        """`private`: a typed command (`/bg move`), answered with a message only its member sees (deferred as the
        member's "thinking" note when its answer is late), rather than a press on a board."""
        self.interaction = interaction
        self.private = private
        self._deadline = time.monotonic() + defer_after
        self._lock = asyncio.Lock()
        self._timer: asyncio.TimerHandle | None = None
        self._deferring: asyncio.Task[None] | None = None
        self._expired = False  # Discord said the press can no longer be answered

    def stored(self) -> None:
        """The press's action is committed: from now on the press may be acknowledged, at once if the deadline has
        passed, else at the deadline unless the board answers it first."""
        delay = self._deadline - time.monotonic()
        self._timer = asyncio.get_running_loop().call_later(max(0.0, delay), self._defer_now)

    def _defer_now(self) -> None:
        self._deferring = asyncio.ensure_future(self._defer_at_deadline())

    async def _defer_at_deadline(self) -> None:
        """The deadline's deferral, on its own: a refusal is logged here, and the answer that follows says more."""
        try:
            await self.acknowledge()
        except discord.HTTPException:
            log.warning("Could not defer interaction %s at its deadline", self.interaction.id, exc_info=True)

    @contextlib.contextmanager
    def once_stored(self) -> Iterator[None]:
        """Around what follows the commit of the press's action: the press may be deferred at its deadline from
        here (`stored`) until the block ends (`stop`: its answer made, or an error left to the error handler)."""
        self.stored()
        try:
            yield
        finally:
            self.stop()

    def stop(self) -> None:
        """No deferral from the deadline any more (the answer is made, or an error is answered instead)."""
        if self._timer is not None:
            self._timer.cancel()

    @property
    def answered(self) -> bool:
        """Whether the press was answered, or can no longer be."""
        return self._expired or self.interaction.response.is_done()

    def _gone(self, error: discord.HTTPException) -> None:
        """Note a press Discord no longer takes an answer for; any other refusal is raised."""
        if not expired(error):
            raise error
        self._expired = True

    async def acknowledge(self) -> None:
        """Defer the press (the pressed message stays as it is) unless it was answered already, or can no longer be:
        then Discord has told the player that it failed, and there is nothing left to say."""
        async with self._lock:
            if not self.answered:
                try:
                    await self.interaction.response.defer(ephemeral=self.private, thinking=self.private)
                except discord.HTTPException as error:
                    self._gone(error)

    async def edit(self, **fields: Any) -> None:
        """Show `fields` on the pressed message: in the press's own response, as an edit once it was deferred, or,
        once the press can no longer be answered, as an edit of the message by its id."""
        async with self._lock:
            if not self._expired:
                try:
                    if self.interaction.response.is_done():
                        await self.interaction.edit_original_response(**fields)
                    else:
                        await self.interaction.response.edit_message(**fields)
                    return
                except discord.HTTPException as error:
                    self._gone(error)
        pressed = self._public_message()
        if pressed is not None:
            await pressed.edit(**fields)

    async def reply(self, text: str) -> None:
        """Answer privately with `text`: the command's own response, or a followup once it was deferred."""
        async with self._lock:
            if self._expired:
                return
            if self.interaction.response.is_done():
                await self.interaction.followup.send(text, ephemeral=True)
            else:
                await self.interaction.response.send_message(text, ephemeral=True)

    async def delete(self) -> None:
        """Delete the pressed message through the press (acknowledged first, which that needs), or by its id once
        the press can no longer be used."""
        await self.acknowledge()
        if not self._expired:
            try:
                await self.interaction.delete_original_response()
                return
            except discord.HTTPException as error:
                self._gone(error)
        pressed = self._public_message()
        if pressed is not None:
            await pressed.delete()

    def _public_message(self) -> discord.Message | None:
        """The pressed message, when the bot can reach it by its id too (an ephemeral one it cannot)."""
        pressed = self.interaction.message
        return pressed if pressed is not None and not pressed.flags.ephemeral else None

    @property
    def message(self) -> discord.Message | None:
        return self.interaction.message

    @property
    def user_id(self) -> int:
        return self.interaction.user.id
