"""The game messages the front end shows: which one is current, which version it shows with working controls
(its first showing starts the turn clock, R9.5), which matches still need theirs shown, and which are changing
boards (a new one posted, the old one not yet retired)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import N_
from bot.service.context import ServiceContext, served
from bot.service.errors import NotFoundError
from bot.service.records import MatchRecord
from bot.sharding import ShardSet
from bot.store import activity as activity_store
from bot.store import board_changes
from bot.store import matches as match_store
from bot.store.backend import Connection


@dataclass(frozen=True, slots=True)
class BoardChange:
    """A match's board being replaced: every message of the match in `channel_id` from `since_id` (a Discord
    snowflake: the old board's id, or the moment of the post) on may carry live controls until it is finished."""

    match_id: int
    channel_id: int
    since_id: int


#: Discord's ids (snowflakes) count milliseconds from the start of 2015 in their bits from the 22nd up.
_DISCORD_EPOCH_MS = 1_420_070_400_000
#: How far before a post (or a match's start) a change with no known older board starts: the host's clock and
#: Discord's may differ.
CLOCK_MARGIN_MS = 60_000


def first_board_change(match_id: int, channel_id: int, created_at: float) -> BoardChange:
    """The board change a new match is stored with (in the write that starts it), so that posting its first board
    takes no write of its own: every message in its channel from a minute before its start on."""
    moment_ms = max(0, int(created_at * 1000) - _DISCORD_EPOCH_MS - CLOCK_MARGIN_MS)
    return BoardChange(match_id, channel_id, moment_ms << 22)


def first_board(record: MatchRecord) -> BoardChange | None:
    """The change stored with the match when its first board is still to be posted (no board ever recorded)."""
    if record.message_id is not None or record.message_version is not None:
        return None
    return first_board_change(record.id, record.channel_id, record.created_at)


class Boards:
    """What the service remembers about the boards shown."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    async def set_message(self, match_id: int, channel_id: int, message_id: int) -> None:
        """Remember the match's current game message (for links and "out of date, see <link>")."""

        async def write(connection: Connection) -> bool:
            return await match_store.record_message(connection, match_id, channel_id, message_id)

        if not await self._ctx.db.write(write):  # once a turn: one statement
            raise NotFoundError(N_("There is no match #{match}."), match=match_id)

    async def set_shown(
        self, match_id: int, channel_id: int, message_id: int, version: int, finishing: BoardChange | None = None
    ) -> bool:
        """Remember that the game message `message_id` now shows `version` with its controls; it becomes the
        match's current message. The first showing of a turn starts the turn clock (R9.5). False (nothing
        recorded) when a newer version was already recorded as shown. `finishing`: the board change that posting
        this message ends (its older boards retired), finished in the same write."""
        now = self._ctx.clock()

        async def write(connection: Connection) -> bool:
            shown = await match_store.record_shown(connection, match_id, channel_id, message_id, version, now)
            if finishing is not None:
                await board_changes.finish(connection, finishing.match_id, finishing.since_id)
            return shown

        return await self._ctx.db.write(write)

    async def set_not_shown(self, match_id: int, version: int) -> None:
        """The board recorded with the press's action for `version` could not be shown: the match is to be shown
        again, and its turn clock waits for it (R9.5)."""

        async def write(connection: Connection) -> bool:
            return await match_store.record_not_shown(connection, match_id, version)

        await self._ctx.db.write(write)

    async def begin_change(self, change: BoardChange) -> None:
        """Remember, before a new board is posted, that older boards of the match may carry controls until this
        change is finished (a kill in between leaves the row, and the keeper looks for them)."""
        await board_changes.begin(self._ctx.db, change.match_id, change.channel_id, change.since_id)

    async def change(self, match_id: int) -> BoardChange | None:
        """The match's unfinished board change, if any (the oldest one: a crash's is kept)."""
        found = await board_changes.find(self._ctx.db, match_id)
        return None if found is None else BoardChange(match_id, *found)

    async def finish_change(self, change: BoardChange) -> None:
        """Every board of the match older than its current one is retired."""
        await board_changes.finish(self._ctx.db, change.match_id, change.since_id)

    async def matches_to_show(self, guilds: ShardSet | None = None) -> list[MatchRecord]:
        """Matches whose current message does not show their current version, or whose board change was left
        unfinished (see match_store.matches_to_show);
        `guilds`: only those of the guilds this process's shards serve."""
        return await self._ctx.healthy_records(served(await match_store.matches_to_show(self._ctx.db), guilds))

    async def acted_on_live_board(self, guilds: ShardSet | None = None) -> list[tuple[int, int]]:
        """(match id, version) of every match acted on from the live board (the web server's Activity) whose
        channel board is still to show it; `guilds`: only those of the guilds this process serves."""
        rows = await activity_store.acted(self._ctx.db)
        return [(match, version) for match, guild, version in rows if guilds is None or guilds.serves(guild)]

    async def live_board_followed(self, match_id: int, version: int) -> None:
        """The match's board is queued to show `version` (or a later one)."""
        await activity_store.clear_acted(self._ctx.db, match_id, version)
