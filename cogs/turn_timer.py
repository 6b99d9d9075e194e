"""The turn time limit (R9.5) and challenge expiry, run by a background task that reads the database.

Every few seconds: when a player is past half their turn limit, their board is posted anew with a reminder that
mentions them; when the limit runs out, anew with the claim offer, which mentions their opponent, and a Claim
button among the board's controls, once per turn each (the old board is deleted: the timer leaves no message of
its own). Challenges older than 10 minutes expire and their messages say so. Everything it needs is stored,
so it picks up where it was after a restart.

A process of a sharded bot handles only the matches and challenges of the guilds its shards serve
(`bot.shard_set`), so that no match is reminded, claimed, expired or timed out by two processes.

Match clocks: a match whose player to act has spent their reserve ends on time, and is shown like
any other update. Each round also records a heartbeat; at start-up the time since the last one (the bot was
down) is added to every running clock as a pause, and the boards of those matches say so until their next edit.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands, tasks

from bot.service import MatchRecord
from bot.service.records import Resumed
from cogs.ui.challenge_text import close_message
from cogs.ui.languages import guild_language
from cogs.ui.publisher import GamePublisher
from cogs.ui.repairs import BoardNotShown
from cogs.ui.timer_text import note, reminder_text, resumed_text

if TYPE_CHECKING:
    from bot.app import GammonBot

log = logging.getLogger(__name__)

#: How often the task looks; the granularity of reminders, claims and expiry.
INTERVAL_SECONDS = 2.0


class TurnTimer(commands.Cog):
    def __init__(self, bot: GammonBot, publisher: GamePublisher) -> None:
        self.bot = bot
        self.publisher = publisher

    async def cog_load(self) -> None:
        # Before any interaction can arrive: the downtime is paused before anyone acts or the clocks are read.
        self._resumed: Resumed | None = None
        try:
            self._resumed = await self.bot.service.timers.resume_clocks(self.bot.shard_set)
        except Exception:
            log.exception("Could not resume the match clocks")
        self.tick.start()

    async def cog_unload(self) -> None:
        self.tick.cancel()

    @tasks.loop(seconds=INTERVAL_SECONDS)
    async def tick(self) -> None:
        if self._resumed is not None:
            resumed, self._resumed = self._resumed, None
            await self.say_resumed(resumed)
        for step in (self.heartbeat, self.time_out, self.expire_challenges, self.remind_and_offer):
            try:
                await step()
            except Exception:  # one failing step (Discord down, a deleted channel) must not stop the others
                log.exception("Turn timer step %s failed", step.__name__)

    @tick.before_loop
    async def before_tick(self) -> None:
        await self.bot.wait_until_ready()

    async def say_resumed(self, resumed: Resumed) -> None:
        """After a stop: the clocks of running turns were paused for the downtime; their boards say so, edited in
        place (the note goes with the board's next edit: nothing is left of it after the match)."""
        publisher = self.publisher
        for record in resumed.paused:
            text = resumed_text(record, resumed.downtime, await self.language(record))
            try:
                await publisher.add_note(record, (note(text),))
            except discord.HTTPException:
                log.warning(
                    "Could not say on the board of match %s that its clock was paused", record.id, exc_info=True
                )

    async def heartbeat(self) -> None:
        await self.bot.service.timers.heartbeat(self.bot.shard_set)

    async def time_out(self) -> None:
        """End the matches whose player to act ran out of time, and show it like any action."""
        for update in await self.bot.service.timers.time_out_due(self.bot.shard_set):
            try:
                await self.publisher.publish(update)
            except BoardNotShown:
                log.warning("The timeout of match %s is queued to be shown again", update.record.id)

    async def expire_challenges(self) -> None:
        for challenge in await self.bot.service.challenges.expire(self.bot.shard_set):
            await close_message(self.bot, challenge)

    async def remind_and_offer(self) -> None:
        """R9.5, each once per turn (stored as sent, so restarts too): the reminder at half the limit, the claim
        offer when it runs out, each on the board posted anew. A turn due both at once (the bot was down) gets the
        offer only: its board mentions both players."""
        offers = await self.bot.service.timers.due_claim_offers(guilds=self.bot.shard_set)
        reminders = await self.bot.service.timers.due_reminders(guilds=self.bot.shard_set)
        offered = {record.id for record in offers}
        for record in offers:
            await self.show_anew(record, ())  # the offer and its button come from the stored record
        for record in reminders:
            text = reminder_text(record, await self.language(record))
            if text and record.id not in offered:
                await self.show_anew(record, (note(text),))

    async def show_anew(self, record: MatchRecord, notes: tuple[str, ...]) -> None:
        try:
            await self.publisher.show_anew(record, notes)
        except discord.NotFound:
            log.info("Match %s: its channel is gone", record.id)  # its match ended (cogs.ui.channel_gone)
        except discord.HTTPException:
            log.warning("Could not post the board of match %s for the turn timer", record.id, exc_info=True)
            self.publisher.repairs.add(record.id)  # a board change may be left: showing again settles it

    async def language(self, record: MatchRecord) -> str:
        """Reminders, claim offers and clock notes are public: in the server's language."""
        return await guild_language(self.bot.service.settings, self.bot, record.guild_id)
