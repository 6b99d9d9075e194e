"""The game messages the front end shows: which one is current, which version it shows with working controls
(its first showing starts the turn clock, R9.5), and which matches still need theirs shown."""

from __future__ import annotations

from bot.service.context import ServiceContext, served
from bot.service.errors import NotFoundError
from bot.service.records import MatchRecord
from bot.sharding import ShardSet
from bot.store import matches as match_store
from bot.store.backend import Connection


class Boards:
    """What the service remembers about the boards shown."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    async def set_message(self, match_id: int, channel_id: int, message_id: int) -> None:
        """Remember the match's current game message (for links and "out of date, see <link>")."""

        async def write(connection: Connection) -> bool:
            return await match_store.record_message(connection, match_id, channel_id, message_id)

        if not await self._ctx.db.write(write):  # once a turn: one statement
            raise NotFoundError(f"There is no match #{match_id}.")

    async def set_shown(self, match_id: int, channel_id: int, message_id: int, version: int) -> bool:
        """Remember that the game message `message_id` now shows `version` with its controls; it becomes the
        match's current message. The first showing of a turn starts the turn clock (R9.5). False (nothing
        recorded) when a newer version was already recorded as shown."""
        now = self._ctx.clock()

        async def write(connection: Connection) -> bool:
            return await match_store.record_shown(connection, match_id, channel_id, message_id, version, now)

        return await self._ctx.db.write(write)

    async def matches_to_show(self, guilds: ShardSet | None = None) -> list[MatchRecord]:
        """Matches whose current message does not show their current version (see match_store.matches_to_show);
        `guilds`: only those of the guilds this process's shards serve (issue 19)."""
        return await self._ctx.healthy_records(served(await match_store.matches_to_show(self._ctx.db), guilds))
