"""Keeps every match's controls in front of its players: boards stored but never shown are shown.

At start-up, every match whose current message does not show its stored version (the bot was killed between
storing an action and showing it) is shown again; after that, matches whose board Discord refused (an outage, a
lost permission) are tried again with a growing pause until Discord lets the board through. The drawing
processes are started here too, so that the first board after a start is not slow.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands, tasks

from bot.service import MatchRecord, MatchUpdate, NotFoundError
from cogs.ui.board_picture import start_drawing
from cogs.ui.publisher import GamePublisher
from cogs.ui.wiring import ComputerSide

if TYPE_CHECKING:
    from bot.app import GammonBot

log = logging.getLogger(__name__)

#: How often queued boards are looked at (each has its own pause, cogs.ui.repairs).
INTERVAL_SECONDS = 1.0
#: How often the matches acted on from the live board are looked for: one small read, so that the channel's board
#: follows within a fraction of a second.
FOLLOW_SECONDS = 0.25


class BoardKeeper(commands.Cog):
    def __init__(self, bot: GammonBot, publisher: GamePublisher, computer: ComputerSide | None = None) -> None:
        self.bot = bot
        self.publisher = publisher
        self.computer = computer
        self._scanned = False

    async def cog_load(self) -> None:
        self.keep.start()
        if self.bot.settings.activity() is not None:  # no live board set up: nothing can be acted on there
            self.follow.start()

    async def cog_unload(self) -> None:
        self.keep.cancel()
        self.follow.cancel()

    @tasks.loop(seconds=INTERVAL_SECONDS)
    async def keep(self) -> None:
        if not self._scanned:
            await self.queue_unshown()
            self._scanned = True
        await self.show_due()

    @tasks.loop(seconds=FOLLOW_SECONDS)
    async def follow(self) -> None:
        if await self.follow_live_boards():
            await self.show_due()

    @follow.before_loop
    async def before_follow(self) -> None:
        await self.bot.wait_until_ready()

    @keep.before_loop
    async def before_keep(self) -> None:
        try:
            await start_drawing()
        except Exception:  # drawing still starts on first use
            log.exception("Could not start the drawing processes ahead of time")
        await self.bot.wait_until_ready()

    async def queue_unshown(self) -> None:
        """Queue every match whose current message does not show its stored version, to be shown at once."""
        repairs = self.publisher.repairs
        unshown = await self.bot.service.boards.matches_to_show(self.bot.shard_set)  # its shards' guilds
        for record in unshown:
            repairs.add(record.id, at_once=True)
        if unshown:
            log.info(
                "%d match(es) were stored but not shown, or left older boards live; showing them again", len(unshown)
            )

    async def follow_live_boards(self) -> bool:
        """Queue, to be shown at once, the matches a player acted in from the live board (the web server's
        Activity); whether there was any."""
        boards = self.bot.service.boards
        try:
            acted = await boards.acted_on_live_board(self.bot.shard_set)
            for match_id, version in acted:
                self.publisher.repairs.add(match_id, at_once=True)
                await boards.live_board_followed(match_id, version)
        except Exception:  # the database unreachable: the next round looks again, the loop goes on
            log.exception("Could not read the matches acted on from the live board")
            return False
        return bool(acted)

    def let_the_computer_act(self, record: MatchRecord) -> None:
        """A board shown again may be waiting for the computer: the publish that failed never prompted it."""
        if self.computer is not None:
            self.computer.after(MatchUpdate(record, []))

    async def show_due(self) -> None:
        publisher = self.publisher
        for match_id in publisher.repairs.due():
            if publisher.busy(match_id):
                continue  # a player is acting on it: their board is on its way; look again next round
            try:
                record = await publisher.show_again(match_id)
                self.let_the_computer_act(record)
            except (NotFoundError, discord.NotFound):  # no such match, or its channel is gone (cogs.channels)
                publisher.repairs.succeeded(match_id)
            except discord.HTTPException as error:
                log.warning("Match %s still cannot be shown: %s", match_id, error)
                publisher.repairs.failed(match_id)
            except Exception:
                log.exception("Showing match %s again failed", match_id)
                publisher.repairs.failed(match_id)
            else:
                publisher.repairs.succeeded(match_id)
