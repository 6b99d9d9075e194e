"""The turn time limit (R9.5) and challenge expiry, run by a background task that reads the database.

Every few seconds: players past half their turn limit get one reminder mentioning them; when the limit runs
out the opponent is offered a Claim button, once per turn; challenges older than 10 minutes expire and their
messages say so. Everything it needs is stored, so it picks up where it was after a restart.

A process of a sharded bot (issue 19) handles only the matches and challenges of the guilds its shards serve
(`bot.shard_set`), so that no match is reminded, claimed, expired or timed out by two processes.

Match clocks (issue 20): a match whose player to act has spent their reserve ends on time, and is shown like
any other update. Each round also records a heartbeat; at start-up the time since the last one (the bot was
down) is added to every running clock as a pause, and the channels of those matches are told.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands, tasks

from bot.i18n import translate
from bot.service import MatchRecord
from bot.service.records import Resumed
from cogs.ui.challenge_text import close_message
from cogs.ui.channel_gone import ended_if_gone
from cogs.ui.custom_ids import GameAction, GameControl
from cogs.ui.game_messages import players_only
from cogs.ui.languages import guild_language
from cogs.ui.move_menu import ButtonSpec
from cogs.ui.names import PLAY_COG
from cogs.ui.publisher import GamePublisher
from cogs.ui.repairs import BoardNotShown
from cogs.ui.timer_text import CLAIM_LABEL, claim_text, reminder_text, resumed_text
from cogs.ui.views import game_view

if TYPE_CHECKING:
    from bot.app import GammonBot

log = logging.getLogger(__name__)

#: How often the task looks; the granularity of reminders, claims and expiry.
INTERVAL_SECONDS = 2.0


class TurnTimer(commands.Cog):
    def __init__(self, bot: GammonBot) -> None:
        self.bot = bot

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
        for step in (self.heartbeat, self.time_out, self.expire_challenges, self.send_reminders, self.offer_claims):
            try:
                await step()
            except Exception:  # one failing step (Discord down, a deleted channel) must not stop the others
                log.exception("Turn timer step %s failed", step.__name__)

    @tick.before_loop
    async def before_tick(self) -> None:
        await self.bot.wait_until_ready()

    async def say_resumed(self, resumed: Resumed) -> None:
        """After a stop: the clocks of running turns were paused for the downtime; say so where they are played."""
        for record in resumed.paused:
            language = await self.language(record)
            await self.send(record, resumed_text(record, resumed.downtime, self.bot.service.now(), language))

    async def heartbeat(self) -> None:
        await self.bot.service.timers.heartbeat(self.bot.shard_set)

    async def time_out(self) -> None:
        """End the matches whose player to act ran out of time, and show it like any action."""
        cog = self.bot.get_cog(PLAY_COG)
        publisher = getattr(cog, "publisher", None)
        for update in await self.bot.service.timers.time_out_due(self.bot.shard_set):
            if isinstance(publisher, GamePublisher):
                try:
                    await publisher.publish(update)
                except BoardNotShown:
                    log.warning("The timeout of match %s is queued to be shown again", update.record.id)

    async def expire_challenges(self) -> None:
        for challenge in await self.bot.service.challenges.expire(self.bot.shard_set):
            await close_message(self.bot, challenge)

    async def send_reminders(self) -> None:
        for record in await self.bot.service.timers.due_reminders(guilds=self.bot.shard_set):
            text = reminder_text(record, await self.language(record))
            if text:
                await self.send(record, text)

    async def offer_claims(self) -> None:
        # stored as offered: once per turn, restarts too
        for record in await self.bot.service.timers.due_claim_offers(guilds=self.bot.shard_set):
            language = await self.language(record)
            text = claim_text(record, language)
            if text is None:
                continue
            label = translate(language, CLAIM_LABEL)
            claim = ButtonSpec(
                label, GameControl(record.id, record.version, GameAction.CLAIM), discord.ButtonStyle.danger
            )
            await self.send(record, text, game_view([[claim]]))

    async def language(self, record: MatchRecord) -> str:
        """Reminders, claim offers and clock notes are public: in the server's language (issue 35)."""
        return await guild_language(self.bot.service.settings, self.bot, record.guild_id)

    async def send(self, record: MatchRecord, text: str, view: discord.ui.View | None = None) -> None:
        channel = self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        try:
            if view is None:
                await channel.send(text, allowed_mentions=players_only(record))
            else:
                await channel.send(text, view=view, allowed_mentions=players_only(record))
        except discord.HTTPException as error:
            if not await ended_if_gone(self.bot, record, error):  # a deleted channel ends its match instead
                log.warning("Could not post the turn timer message of match %s", record.id, exc_info=True)


async def setup(bot: GammonBot) -> None:
    await bot.add_cog(TurnTimer(bot))
