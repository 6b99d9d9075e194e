"""The turn time limit (R9.5) and challenge expiry, run by a background task that reads the database.

Every few seconds: players past half their turn limit get one reminder mentioning them; when the limit runs
out the opponent is offered a Claim button, once per turn; challenges older than 10 minutes expire and their
messages say so. Everything it needs is stored, so it picks up where it was after a restart.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands, tasks

from bot.service import MatchRecord
from cogs import challenges
from cogs.channels import ended_if_gone
from cogs.custom_ids import GameAction, GameControl
from cogs.durations import format_duration
from cogs.event_text import escape_name, escape_text
from cogs.game_messages import current_link, mention, players_only
from cogs.move_menu import ButtonSpec
from cogs.views import game_view

if TYPE_CHECKING:
    from bot.app import GammonBot

log = logging.getLogger(__name__)

#: How often the task looks; the granularity of reminders, claims and expiry.
INTERVAL_SECONDS = 2.0


def reminder_text(record: MatchRecord) -> str | None:
    waiting = record.to_act
    if waiting is None:
        return None
    left = format_duration(record.timer.limit_seconds / 2)
    link = current_link(record)
    where = f" {link}" if link else ""
    return (f"{mention(waiting.user_id)}, reminder: it is your turn in {escape_text(record.title)}. "
            f"You have about {left} left before your opponent may claim the match (R9.5).{where}")


def claim_text(record: MatchRecord) -> str | None:
    waiting = record.to_act
    if waiting is None:
        return None
    index = record.player_index(waiting.user_id)
    assert index is not None
    claimant = record.players[1 - index]
    limit = format_duration(record.timer.limit_seconds)
    return (f"{mention(claimant.user_id)}, {escape_name(waiting.name)} has not acted for {limit}. You may claim the "
            f"{'game' if record.options.is_money else 'match'} (R9.5), or keep waiting.")


class TurnTimer(commands.Cog):
    def __init__(self, bot: GammonBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.tick.start()

    async def cog_unload(self) -> None:
        self.tick.cancel()

    @tasks.loop(seconds=INTERVAL_SECONDS)
    async def tick(self) -> None:
        for step in (self.expire_challenges, self.send_reminders, self.offer_claims):
            try:
                await step()
            except Exception:  # one failing step (Discord down, a deleted channel) must not stop the others
                log.exception("Turn timer step %s failed", step.__name__)

    @tick.before_loop
    async def before_tick(self) -> None:
        await self.bot.wait_until_ready()

    async def expire_challenges(self) -> None:
        for challenge in await self.bot.service.expire_challenges():
            await challenges.close_message(self.bot, challenge)

    async def send_reminders(self) -> None:
        for record in await self.bot.service.due_reminders():
            text = reminder_text(record)
            if text:
                await self.send(record, text)

    async def offer_claims(self) -> None:
        for record in await self.bot.service.due_claim_offers():  # stored as offered: once per turn, restarts too
            text = claim_text(record)
            if text is None:
                continue
            claim = ButtonSpec("Claim win", GameControl(record.id, record.version, GameAction.CLAIM),
                               discord.ButtonStyle.danger)
            await self.send(record, text, game_view([[claim]]))

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
