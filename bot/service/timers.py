"""What time does to running matches: turn-limit reminders and claims (R9.5), match clocks running out,
and the heartbeat that keeps the bot's downtime off the clocks. The clocks' arithmetic is in bot.service.clocks.

The turn timer restarts when the match starts waiting for someone else or a new game begins; steps and undos
within one's own turn do not restart it. `guilds` (a ShardSet): only the matches of the guilds this process's
shards serve, so that each match's timers run in one process only.
"""

from __future__ import annotations

import dataclasses
import logging

from bot.engine.actions import Timeout
from bot.service.context import DEFAULT_TURN_LIMIT, ServiceContext, served
from bot.service.errors import CorruptMatchError
from bot.service.records import MatchRecord, MatchStatus, MatchUpdate, Resumed
from bot.service.stored_forms import match_clock
from bot.sharding import ShardSet, heartbeat_key
from bot.store import matches as match_store
from bot.store.backend import Connection

log = logging.getLogger(__name__)


class Timers:
    """The periodic jobs of the turn timer and the match clocks."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    async def due_reminders(self, now: float | None = None, guilds: ShardSet | None = None) -> list[MatchRecord]:
        """Active matches whose current turn is past half its limit with no reminder yet; marks them reminded."""
        now = self._ctx.clock() if now is None else now
        due = served(
            await match_store.overdue_matches(self._ctx.db, now, DEFAULT_TURN_LIMIT, 0.5, unreminded_only=True), guilds
        )

        async def write(connection: Connection) -> list[match_store.StoredMatch]:
            return [
                dataclasses.replace(stored, reminded=True)
                for stored in due
                if await match_store.mark_reminded(connection, stored.id, stored.turn_started_at)
            ]

        return await self._ctx.healthy_records(await self._ctx.db.write(write))

    async def claimable(self, now: float | None = None) -> list[MatchRecord]:
        """Active matches whose current turn ran past the limit: the opponent may claim (R9.5)."""
        now = self._ctx.clock() if now is None else now
        due = await match_store.overdue_matches(self._ctx.db, now, DEFAULT_TURN_LIMIT, 1.0, unreminded_only=False)
        return await self._ctx.healthy_records(due)

    async def due_claim_offers(self, now: float | None = None, guilds: ShardSet | None = None) -> list[MatchRecord]:
        """The claimable matches whose claim offer has not gone out for this turn yet; marks them offered, so
        that each overdue turn is offered once, across restarts too (R9.5)."""
        now = self._ctx.clock() if now is None else now
        due = served(
            await match_store.overdue_matches(self._ctx.db, now, DEFAULT_TURN_LIMIT, 1.0, unreminded_only=False),
            guilds,
        )

        async def write(connection: Connection) -> list[match_store.StoredMatch]:
            return [
                dataclasses.replace(stored, claim_offered_for=stored.turn_started_at)
                for stored in due
                if await match_store.mark_claim_offered(connection, stored.id, stored.turn_started_at)
            ]

        return await self._ctx.healthy_records(await self._ctx.db.write(write))

    async def time_out_due(self, guilds: ShardSet | None = None) -> list[MatchUpdate]:
        """End every clocked match whose player to act has run out of time (the grace second included): the
        opponent wins the match (a money game: the game at the cube's value), stored and rated like a claim: a
        Timeout entry in the log, no user. An action that comes too late stores the timeout instead (actions)."""
        ctx = self._ctx
        now = ctx.clock()
        updates = []
        for row in served(await match_store.clocked_running_matches(ctx.db), guilds):
            clock = match_clock(row, row.length)
            try:
                to_act = (await ctx.match_at(row)).to_act
            except CorruptMatchError as error:
                log.error("%s Run `python -m bot.service.check` for details.", error)
                continue
            if clock is None or not clock.timed_out(to_act, now):
                continue
            async with ctx.locks.hold(row.id):
                stored = await ctx.stored(row.id)
                current = await ctx.match_at(stored)
                clock = match_clock(stored, stored.length)
                if stored.status != MatchStatus.ACTIVE.value or clock is None:
                    continue
                if not clock.timed_out(current.to_act, ctx.clock()):
                    continue  # the player acted meanwhile
                update = await ctx.finish_unasked(stored, current, Timeout(current.to_act or 0))
            if update is not None:
                updates.append(update)
        return updates

    async def heartbeat(self, guilds: ShardSet | None = None) -> None:
        """Record that the bot is up now: after a stop, the time since the last heartbeat is not charged.
        A process of a sharded bot keeps its own heartbeat (`guilds`: its shards), as it stops on its own."""
        now = self._ctx.clock()
        key = heartbeat_key(guilds)
        await self._ctx.db.write(lambda connection: match_store.write_heartbeat(connection, now, key))

    async def resume_clocks(self, guilds: ShardSet | None = None) -> Resumed:
        """At start-up: the bot's downtime (since its last heartbeat) is added to every running clocked turn as
        paused time, so that no player is charged for it. Returns how long the bot was down and the matches
        whose clock was paused (to say so in their channels). `guilds`: a process of a sharded bot pauses only
        its guilds' matches, for its own downtime."""
        now = self._ctx.clock()
        if guilds is not None and not guilds.serves_all:
            return await self._resume_served_clocks(guilds, now)

        async def write(connection: Connection) -> tuple[float, list[int]]:
            last = await match_store.read_heartbeat(connection)
            paused = (
                [] if last is None or last >= now else (await match_store.pause_running_clocks(connection, last, now))
            )
            await match_store.write_heartbeat(connection, now)
            return (0.0 if last is None else max(0.0, now - last)), paused

        downtime, ids = await self._ctx.db.write(write)
        records = await self._ctx.healthy_records([await self._ctx.stored(match_id) for match_id in ids])
        return Resumed(downtime, records)

    async def _resume_served_clocks(self, guilds: ShardSet, now: float) -> Resumed:
        candidates = [row.id for row in served(await match_store.clocked_running_matches(self._ctx.db), guilds)]
        key = heartbeat_key(guilds)

        async def write(connection: Connection) -> tuple[float, list[int]]:
            last = await match_store.read_heartbeat(connection, key)
            paused = (
                []
                if last is None or last >= now
                else [
                    match_id
                    for match_id in candidates
                    if await match_store.pause_running_clock(connection, match_id, last, now)
                ]
            )
            await match_store.write_heartbeat(connection, now, key)
            return (0.0 if last is None else max(0.0, now - last)), paused

        downtime, ids = await self._ctx.db.write(write)
        records = await self._ctx.healthy_records([await self._ctx.stored(match_id) for match_id in ids])
        return Resumed(downtime, records)
