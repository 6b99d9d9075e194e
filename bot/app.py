"""The discord.py Bot subclass: settings and database handed in, cogs loaded, commands synced.

It is always discord.py's auto-sharded bot: with no SHARD_COUNT it runs every shard Discord recommends in this one
process (one shard for a small bot); with SHARD_COUNT and SHARD_IDS it logs in with those shards only,
and `shard_set` tells the timers which guilds are this process's (bot.sharding).
"""

from __future__ import annotations

import hashlib
import json
import logging

import discord
from discord.ext import commands

from bot.collector import freeze_start_up_objects
from bot.computer.probe import sage_problem
from bot.pacing import pace
from bot.ratings.hook import rate_finished_match
from bot.ratings.service import RecordsService
from bot.service import GameService
from bot.settings import Settings
from bot.sharding import ShardSet
from bot.store import Database, meta
from bot.tournaments import TournamentService

log = logging.getLogger(__name__)

#: The extensions loaded at start, in order (cogs.errors first: it installs the error handler the others rely on;
#: cogs.play next: it holds the /bg group that the next four join, and the publisher the others use).
#: The front end: one extension that builds the cogs and what they share (cogs/front_end.py).
EXTENSIONS: tuple[str, ...] = ("cogs.front_end",)

_SYNC_KEY = "global_command_fingerprint"


def gateway_intents() -> discord.Intents:
    """Only the guilds intent: servers joined or left, channels and threads deleted (cogs/channels.py).

    Interactions (commands, buttons, menus, forms) reach every bot whatever its intents. Without the message
    intents the gateway does not send the bot every message of every channel it can see, its own boards
    included, which a bot in many servers would otherwise decode and cache for nothing."""
    intents = discord.Intents.none()
    intents.guilds = True
    return intents


class GammonBot(commands.AutoShardedBot):
    """The bot. It holds the settings, the open database and the game service the cogs act through."""

    def __init__(self, settings: Settings, db: Database, service: GameService | None = None) -> None:
        shards = settings.shards()
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=gateway_intents(),
            max_messages=None,  # no message cache: nothing reads messages from the gateway
            allowed_mentions=discord.AllowedMentions.none(),
            help_command=None,
            shard_count=shards.count,
        )
        pace(self.http, settings.discord_requests_per_second * shards.share)
        # Set after construction: discord.py's keyword is typed as a list, None meaning "all" (checked in Settings).
        self.shard_ids = None if shards.ids is None else sorted(shards.ids)
        self.settings = settings
        #: The guilds whose timers (reminders, expiry, clocks, computer turns, boards) this process runs.
        self.shard_set: ShardSet = shards
        self.db = db
        #: Ratings are written in the same transaction as a match's result.
        self.service = (
            service
            if service is not None
            else GameService(
                db,
                on_match_finished=[rate_finished_match],
                computer_matches_per_member=settings.computer_matches_per_member,
            )
        )
        #: The ladder's, stats' and history's reads: the cogs hold services, never the database.
        self.records = RecordsService(db)
        #: Why the computer and the analysis cannot run here, "" when they can: asked of a worker process at
        #: start-up (setup_hook), so that the bot never loads bgsage itself.
        self.sage_problem = ""
        self.tournaments = TournamentService(db, self.service)  # registers its match-finished hook

    async def setup_hook(self) -> None:
        from cogs.ui.translator import CatalogueTranslator  # the cogs' package, as the extensions below

        self.sage_problem = await sage_problem()
        await self.tree.set_translator(CatalogueTranslator())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self.sync_commands()

    async def sync_commands(self) -> None:
        """Sync to the development guild at every start; globally only when the commands changed.

        Global syncs are rate limited and take a while to reach clients, so the fingerprint of the last
        synced command set is kept in the database and an unchanged set is not synced again.
        """
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("Synced %d commands to development guild %d", len(synced), guild.id)
            return
        payload = await self.command_payload()
        fingerprint = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        if await meta.read_value(self.db, _SYNC_KEY) == fingerprint:
            log.info("Global commands unchanged; not syncing")
            return
        synced = await self.tree.sync()
        await meta.write_value(self.db, _SYNC_KEY, fingerprint)
        log.info("Synced %d global commands", len(synced))

    async def command_payload(self) -> list[dict[str, object]]:
        """The commands as a sync sends them, their translations included (a changed catalogue syncs again)."""
        translator = self.tree.translator
        if translator is None:
            return [command.to_dict(self.tree) for command in self.tree.get_commands()]
        return [await command.get_translated_payload(self.tree, translator) for command in self.tree.get_commands()]

    async def on_ready(self) -> None:
        log.info(
            "Logged in as %s (id %s) in %d guilds, serving %s",
            self.user,
            self.user and self.user.id,
            len(self.guilds),
            self.shard_set.describe(),
        )
        freeze_start_up_objects()
