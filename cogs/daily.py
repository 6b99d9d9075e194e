"""The server's daily position in Discord: `/bgadmin daily` (held by the Admin cog, which hands it here), the task
that posts each server's position when its hour comes, and the members' answers through the post's menu.

A post is stored before its message is sent (bot.daily.service.start_post, which also closes the answers to the
day before, whose reveal the message carries): a day is never posted twice, by a restart or by two passes. A post
whose message was never recorded sent is settled by the next pass: its message is looked for in its channel (sent
just before a stop, its id never stored) and adopted, else sent.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands, tasks

from bot.daily.picture import puzzle_picture
from bot.daily.posts import DailySetting, StoredPost
from bot.daily.puzzle import Puzzle
from bot.daily.service import DailyService, Reveal
from bot.i18n import N_
from cogs.ui.board_picture import draw_picture
from cogs.ui.board_words import board_words
from cogs.ui.daily_menu import DailySelect, custom_id, menu
from cogs.ui.daily_text import answered_text, post_text, setting_text, side_names
from cogs.ui.errors import UserFacingError
from cogs.ui.languages import guild_language, member_language
from cogs.ui.names import DAILY_COG

if TYPE_CHECKING:
    from bot.app import GammonBot
    from bot.daily.ranker import Ranker

log = logging.getLogger(__name__)

#: How often the task looks for posts due (one query); the post comes within this much of its hour.
INTERVAL_SECONDS = 2.0
#: How many of a channel's latest messages are looked through for a post sent just before a stop.
LOOK_BACK = 50
#: A daily picture's file name.
PICTURE = "daily-position.png"


class Daily(commands.Cog, name=DAILY_COG):
    def __init__(self, bot: GammonBot, service: DailyService, ranker: Ranker | None = None) -> None:
        self.bot = bot
        self.service = service
        self.ranker = ranker
        self._sending: set[tuple[int, int]] = set()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(DailySelect)
        self.tick.start()

    async def cog_unload(self) -> None:
        self.tick.cancel()
        self.bot.remove_dynamic_items(DailySelect)
        if self.ranker is not None:
            self.ranker.close()

    @tasks.loop(seconds=INTERVAL_SECONDS)
    async def tick(self) -> None:
        for step in (self.settle_unsent, self.post_due):
            try:
                await step()
            except Exception:  # Discord or the database down: the next pass tries again
                log.exception("Daily position step %s failed", step.__name__)

    @tick.before_loop
    async def before_tick(self) -> None:
        await self.bot.wait_until_ready()

    # --- posting ------------------------------------------------------------------------------------------------

    async def post_due(self) -> None:
        for setting, day in await self.service.due(self.bot.shard_set):
            try:
                await self.post_day(setting, day)
            except Exception:  # one server's failure (its channel, its analyses) must not hold the others up
                log.exception("The daily position of guild %d for day %d failed", setting.guild_id, day)

    async def post_day(self, setting: DailySetting, day: int) -> None:
        source, puzzle = await self.service.next_position(setting.guild_id)
        new = await self.service.start_post(setting.guild_id, day, setting.channel_id, source, puzzle)
        if new is not None:  # else posted meanwhile (another pass, another process)
            log.info("Daily position of guild %d for day %d: %s", setting.guild_id, day, source)
            await self.send(new.post, new.puzzle)

    async def settle_unsent(self) -> None:
        for post in await self.service.unsent(self.bot.shard_set):
            if (post.guild_id, post.day) in self._sending:
                continue
            try:
                await self.settle(post)
            except Exception:  # tried again by the next pass
                log.exception("The daily position of guild %d for day %d is still not sent", post.guild_id, post.day)

    async def settle(self, post: StoredPost) -> None:
        found = await self.find_in_channel(post)
        if found is not None:
            await self.service.record_message(post.guild_id, post.day, found)
            log.info("Daily position of guild %d day %d was sent before a stop: adopted", post.guild_id, post.day)
        else:
            await self.send(post, Puzzle.from_json(post.puzzle))

    async def send(self, post: StoredPost, puzzle: Puzzle) -> None:
        """The message with the reveal of the day before; recorded sent once it is out. A channel that is gone
        or closed to the bot gives up the day (recorded as 0); another failure is tried again by the next pass."""
        key = (post.guild_id, post.day)
        if key in self._sending:
            return
        self._sending.add(key)
        try:
            channel = self.bot.get_partial_messageable(post.channel_id, guild_id=post.guild_id)
            reveal = await self.service.reveal_before(post.guild_id, post.day)
            content, file, view = await self.message(post, puzzle, reveal)
            try:
                message = await channel.send(
                    content, file=file, view=view, allowed_mentions=discord.AllowedMentions.none()
                )
            except (discord.NotFound, discord.Forbidden):
                log.warning("The daily position of guild %d cannot be posted in %d", post.guild_id, post.channel_id)
                await self.service.record_message(post.guild_id, post.day, 0)
                return
            await self.service.record_message(post.guild_id, post.day, message.id)
        finally:
            self._sending.discard(key)
        if reveal is not None and reveal.post.message_id:
            await self.close_menu(reveal.post)

    async def close_menu(self, post: StoredPost) -> None:
        """The revealed post's menu disabled (its answers are refused anyway: this only spares members a try)."""
        assert post.message_id
        language = await guild_language(self.bot.service.settings, self.bot, post.guild_id)
        closed = menu(post.guild_id, post.day, Puzzle.from_json(post.puzzle), language, closed=True)
        channel = self.bot.get_partial_messageable(post.channel_id, guild_id=post.guild_id)
        try:
            await channel.get_partial_message(post.message_id).edit(view=closed)
        except discord.HTTPException:
            log.info("Could not close the menu of the daily position of guild %d day %d", post.guild_id, post.day)

    async def message(
        self, post: StoredPost, puzzle: Puzzle, reveal: Reveal | None
    ) -> tuple[str, discord.File, discord.ui.View]:
        """The post in the server's language: the reveal of the day before, the question, the picture, the menu."""
        language = await guild_language(self.bot.service.settings, self.bot, post.guild_id)
        png = await draw_picture(puzzle_picture, puzzle, side_names(language), words=board_words(language))
        file = discord.File(io.BytesIO(png), filename=PICTURE)
        return post_text(puzzle, reveal, language)[:2000], file, menu(post.guild_id, post.day, puzzle, language)

    async def find_in_channel(self, post: StoredPost) -> int | None:
        """The post's message among the channel's latest, if the bot sent it (found by its menu's id)."""
        assert self.bot.user is not None
        wanted = custom_id(post.guild_id, post.day)
        channel = self.bot.get_partial_messageable(post.channel_id, guild_id=post.guild_id)
        try:
            async for message in channel.history(limit=LOOK_BACK):
                rows = [getattr(row, "children", ()) for row in message.components]
                ids = [getattr(item, "custom_id", None) for row in rows for item in row]
                if message.author.id == self.bot.user.id and wanted in ids:
                    return message.id
        except (discord.NotFound, discord.Forbidden):
            log.warning("May not read channel %d to find the daily position of day %d", post.channel_id, post.day)
        return None

    # --- answers and the setting ----------------------------------------------------------------------------

    async def on_answer(self, interaction: discord.Interaction[Any], guild_id: int, day: int, choice: int) -> None:
        """Stored, then acknowledged privately (a refusal changes nothing, bot.daily.service.answer)."""
        answered = await self.service.answer(guild_id, day, interaction.user.id, choice)
        text = answered_text(answered.puzzle, answered.choice, member_language(interaction))
        await interaction.response.send_message(text, ephemeral=True)

    async def configure(
        self, interaction: discord.Interaction[Any], setting: str | None, channel_id: int | None, hour: int | None
    ) -> None:
        """`/bgadmin daily`: on (in `channel_id` at `hour` UTC; what is not given is kept from the setting before,
        else the command's channel and 12 h), off, or shown."""
        guild_id = interaction.guild_id
        if guild_id is None:
            raise UserFacingError(N_("This setting belongs to a server."))
        found: DailySetting | None
        if setting == "on":
            before = await self.service.setting(guild_id)
            where = channel_id or (before.channel_id if before else None) or interaction.channel_id
            if where is None:
                raise UserFacingError(N_("Choose the channel where the daily position is posted."))
            at = hour if hour is not None else (before.hour if before else 12)
            found = await self.service.turn_on(guild_id, where, at)
        elif setting == "off":
            found = await self.service.turn_off(guild_id)
            found = None if found is None else DailySetting(guild_id, found.channel_id, found.hour, False)
        else:
            found = await self.service.setting(guild_id)
        text = setting_text(found, setting is not None, member_language(interaction))
        await interaction.response.send_message(text, ephemeral=True)
