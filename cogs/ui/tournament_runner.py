"""Keeps Discord in step with the stored tournaments, so that it picks up where it was after a restart.

It starts scheduled tournaments, opens a thread for every match whose two players are known and starts the match
there (each exactly once: the service ties the match to its bracket slot), edits the sign-up message into the live
bracket as results come in, and announces the champion. It wakes as soon as the service reports a change (a result
stored by the match-finished hook), else every few seconds. Everything it posts is public: in the server's
language.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

import discord

from bot.tournaments import Pairing, Tournament, TournamentService, TournamentStatus
from cogs.ui.languages import guild_language
from cogs.ui.publisher import GamePublisher
from cogs.ui.tournament_messages import Announcement, message_edit, shows_bracket, users_only
from cogs.ui.tournament_picture import picture_of
from cogs.ui.tournament_text import champion_text, thread_name
from cogs.ui.unused_threads import delete_unused_thread
from render.bracket import bracket_image

if TYPE_CHECKING:
    from bot.app import GammonBot

log = logging.getLogger(__name__)

#: How often the runner looks when nothing wakes it.
INTERVAL_SECONDS = 5.0


class TournamentRunner:
    def __init__(self, bot: GammonBot, service: TournamentService, publisher: GamePublisher) -> None:
        self.bot = bot
        self.service = service
        self.publisher = publisher

    async def language(self, guild_id: int) -> str:
        """The language of a tournament's public posts and picture: its server's."""
        return await guild_language(self.bot.service.settings, self.bot, guild_id)

    async def picture(self, tournament: Tournament, language: str) -> bytes:
        states = await self.service.match_states(tournament.id)
        return await asyncio.to_thread(bracket_image, picture_of(tournament, states, language))

    async def run(self) -> None:
        await self.bot.wait_until_ready()
        while True:
            self.service.changed.clear()
            try:
                await self.run_once()
            except Exception:
                log.exception("The tournament runner failed; it goes on")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.service.changed.wait(), INTERVAL_SECONDS)

    async def run_once(self) -> None:
        shards = self.bot.shard_set  # a sharded process runs only its guilds' tournaments
        for tournament_id in await self.service.due_to_start():
            if shards.serves_all or shards.serves((await self.service.tournament(tournament_id)).guild_id):
                await self.service.start_when_due(tournament_id)
        for pairing in [p for p in await self.service.pairings() if shards.serves(p.guild_id)]:
            try:
                await self.open_pairing(pairing)
            except discord.HTTPException:
                log.warning(
                    "Could not start the match of %s round %s slot %s yet",
                    pairing.tournament_name,
                    pairing.round,
                    pairing.slot,
                    exc_info=True,
                )
        for tournament in [t for t in await self.service.to_show() if shards.serves(t.guild_id)]:
            try:
                await self.refresh(tournament)
            except discord.HTTPException:
                log.warning("Could not show tournament %s", tournament.id, exc_info=True)

    async def open_pairing(self, pairing: Pairing) -> None:
        """Open the pairing's thread (once: its id is stored first), start the match there after an announcement
        that mentions both players and shows the dice's commitment (its id seeds the dice), show the first board."""
        thread_id = pairing.thread_id
        language = await self.language(pairing.guild_id)
        if thread_id is None:
            parent = self.bot.get_channel(pairing.channel_id) or await self.bot.fetch_channel(pairing.channel_id)
            if not isinstance(parent, discord.TextChannel):
                log.error("Tournament %s: channel %s cannot hold threads", pairing.tournament_id, pairing.channel_id)
                return
            thread = await parent.create_thread(
                name=thread_name(pairing, language), type=discord.ChannelType.public_thread, auto_archive_duration=1440
            )
            thread_id = await self.service.set_thread(pairing, thread.id)
            if thread_id != thread.id:  # another start got there first
                await delete_unused_thread(thread, language, "a tournament pairing's second thread")
        channel = self.bot.get_partial_messageable(thread_id, guild_id=pairing.guild_id)
        announcement = Announcement(channel, pairing, language)
        update = None
        try:
            update = await self.service.start_pairing(pairing, thread_id, announcement)
        finally:
            if update is None:  # not started: the announcement goes
                await announcement.withdraw()
        if update is not None:
            with self.publisher.acting(update.record.id):  # stored, not yet shown: the board keeper leaves it alone
                await self.publisher.publish(update)

    async def refresh(self, tournament: Tournament) -> None:
        """Bring the tournament's message up to date, and announce its end once."""
        language = await self.language(tournament.guild_id)
        if tournament.message_id is not None and not tournament.shown:
            channel = self.bot.get_partial_messageable(
                tournament.message_channel_id or tournament.channel_id, guild_id=tournament.guild_id
            )
            message = channel.get_partial_message(tournament.message_id)
            try:
                png = await self.picture(tournament, language) if shows_bracket(tournament) else None
                await message.edit(**message_edit(tournament, png, language))
            except discord.NotFound:
                log.info("The message of tournament %s is gone", tournament.id)
            await self.service.mark_shown(tournament)
        if tournament.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED) and not tournament.announced:
            channel = self.bot.get_partial_messageable(tournament.channel_id, guild_id=tournament.guild_id)
            mentions = users_only(tournament.champion_id) if tournament.champion_id else discord.AllowedMentions.none()
            await channel.send(champion_text(tournament, language), allowed_mentions=mentions)
            await self.service.mark_announced(tournament.id)
