"""What every part of the service shares, and its unit of work.

`ServiceContext` holds the database, the dice source, the clock, the match-finished hooks, the per-match locks
and the cache of engine matches. It loads a match (`stored`, `match_at`), turns rows into records, and is the one
place that stores an action (`commit`): under the match's asyncio lock the caller loads the match at its stored
version and applies the engine action, which gives the next match and leaves the loaded one (a frozen value) as it
was; `commit` then, in ONE write transaction, updates the snapshot `WHERE version = <loaded version>`, appends the
new log entries and the match row's progress (and runs the match-finished hooks when it ends). Only after the
commit is the new state kept in the cache, so an acknowledged action is on disk (PRAGMA synchronous = FULL; a
PostgreSQL commit). On PostgreSQL the write also takes the match's advisory lock, so two bot processes acting on
one match queue there; the version check refuses the second.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from bot.engine.actions import Action
from bot.engine.dice import CommittedDice, DiceSource, MatchSeeds
from bot.engine.match import Match
from bot.i18n import N_
from bot.i18n.durations import Duration
from bot.service.clocks import ClockPreset
from bot.service.errors import ChannelBusyError, CorruptMatchError, NotFoundError, StaleStateError
from bot.service.locks import KeyedLocks
from bot.service.records import GuildSettings, MatchRecord, MatchStatus, MatchUpdate, PlayerRef, TurnTimer
from bot.service.stored_forms import (
    entry_text,
    fairness_info,
    match_clock,
    next_dice,
    progress_after,
    replay_stored,
    row_after,
    snapshot_text,
)
from bot.sharding import ShardSet
from bot.store import matches as match_store
from bot.store.backend import Connection, Database
from bot.store.errors import StaleVersionError

log = logging.getLogger(__name__)

#: Run on the event loop once the transaction of a finished match is committed (a hook's follow-up).
AfterCommit = Callable[[], None]
#: Called inside the transaction that stores a match's final result, finished or aborted (check
#: `record.status`); the ratings register one. A hook may only await its connection (its statements are part of the
#: action's one transaction) and must not call the service (the transaction is open); if it raises,
#: the final action is rolled back and the caller gets the error. It may return an AfterCommit (e.g. to wake a
#: task), called on the event loop after the commit.
MatchFinishedHook = Callable[[Connection, MatchRecord], Awaitable[AfterCommit | None]]

STALE_MESSAGE = N_("This board changed since you saw it; here is the current one.")
DEFAULT_TURN_LIMIT = GuildSettings(0).turn_limit_seconds


@dataclass(frozen=True, slots=True)
class _Cached:
    version: int
    state_json: str
    match: Match


class ServiceContext:
    """The shared state of the service's parts, and the loading and storing of matches they all need."""

    def __init__(
        self,
        db: Database,
        *,
        dice: DiceSource | None,
        clock: Callable[[], float],
        hooks: Sequence[MatchFinishedHook],
        cache_size: int,
    ) -> None:
        self.db = db
        #: Tests and benchmarks inject one source for every match; the bot (None) rolls each match's own
        #: committed dice.
        self.dice = dice
        self.clock = clock
        self.hooks = list(hooks)
        self.locks = KeyedLocks()  # one per match: this process's requests on it, one at a time
        self._cache: OrderedDict[int, _Cached] = OrderedDict()
        self._cache_size = cache_size

    async def stored(self, match_id: int) -> match_store.StoredMatch:
        stored = await match_store.load_match(self.db, match_id)
        if stored is None:
            raise NotFoundError(N_("There is no match #{match}."), match=match_id)
        return stored

    async def match_at(self, stored: match_store.StoredMatch) -> Match:
        """The engine match for the stored version: from the cache, else replayed from the log and verified."""
        cached = self._cache.get(stored.id)
        if cached is not None and cached.version == stored.version and cached.state_json == stored.state_json:
            self._cache.move_to_end(stored.id)
            return cached.match
        match = await replay_stored(self.db, stored)
        self.remember(stored.id, stored.version, stored.state_json, match)
        return match

    def cached(self, match_id: int, version: int) -> Match | None:
        """The cached match at this version, if any, without making it the most recently used."""
        cached = self._cache.get(match_id)
        return cached.match if cached is not None and cached.version == version else None

    def remember(self, match_id: int, version: int, state_json: str, match: Match) -> None:
        """Keep a running match for its next action. A finished one is dropped: it is rarely read again, and a
        busy bot finishes thousands a day (kept at ~50 KB each, they would push the running ones out)."""
        if match.finished:
            self._cache.pop(match_id, None)
            return
        self._cache[match_id] = _Cached(version, state_json, match)
        self._cache.move_to_end(match_id)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    def next_dice(self, stored: match_store.StoredMatch, match: Match) -> DiceSource:
        """Where the stored match's next rolls come from: the source a test gave the service, else its own dice."""
        return self.dice if self.dice is not None else next_dice(stored, match)

    def dice_for(self, seeds: MatchSeeds) -> DiceSource:
        """A new match's dice: its own committed dice, unless a test gave the service a source."""
        return self.dice if self.dice is not None else CommittedDice(seeds)

    async def record_of(self, stored: match_store.StoredMatch) -> MatchRecord:
        return record(stored, await self.match_at(stored))

    async def healthy_records(self, rows: Sequence[match_store.StoredMatch]) -> list[MatchRecord]:
        """Records for a list query. A damaged match is left out and logged, so that one bad row cannot stop
        the turn timer or "my matches" for everyone; acting on it still raises CorruptMatchError."""
        records = []
        for row in rows:
            try:
                records.append(record(row, await self.match_at(row)))
            except CorruptMatchError as error:
                log.error("%s Run `python -m bot.service.check` for details.", error)
        return records

    async def commit(
        self,
        stored: match_store.StoredMatch,
        current: Match,
        match: Match,
        user_id: int | None,
        answered_on: tuple[int, int] | None = None,
        also: Callable[[Connection], Awaitable[None]] | None = None,
    ) -> MatchRecord | None:
        """Store `match`, what an action made of `current` (loaded at `stored.version`), in ONE write
        transaction: the snapshot `WHERE version = <loaded version>`, the new log entries (by `user_id`; None when
        nobody asked) and the match row, with the match-finished hooks when it ends, and `answered_on`, the board
        (channel id, message id) the press will be answered on (match_log.record_action), and `also`, another part's
        writes that go with the action (its error rolls everything back). Only then is the new
        state cached. None, with nothing written, when another version was stored meanwhile. Called under the
        lock."""
        match_id = stored.id
        now = self.clock()
        state = snapshot_text(match)
        old_length, new_length = stored.log_length, len(match.log.entries)
        entries = [entry_text(match, index) for index in range(old_length, new_length)]
        progress = progress_after(stored, current, match, now, user_id)
        new_record = record(row_after(stored, progress, new_length, state, answered_on, now), match)

        ends = progress.status != MatchStatus.ACTIVE.value
        after_commit: list[AfterCommit] = []

        async def write(connection: Connection) -> None:
            await match_store.record_action(
                connection,
                match_id,
                stored.version,
                state,
                old_length + 1,
                entries,
                user_id,
                now,
                progress,
                answered_on,
            )
            if also is not None:
                await also(connection)
            if ends:  # the match ends: the hooks write in the same transaction
                for hook in self.hooks:
                    follow_up = await hook(connection, new_record)
                    if follow_up is not None:
                        after_commit.append(follow_up)

        # One transaction for the whole action, one trip to SQLite's write thread (on PostgreSQL, its statements
        # sent together).
        try:
            await self.db.write(write)
        except StaleVersionError:
            return None
        for follow_up in after_commit:
            follow_up()
        self.remember(match_id, new_record.version, state, match)
        return new_record

    async def finish_unasked(
        self, stored: match_store.StoredMatch, current: Match, action: Action
    ) -> MatchUpdate | None:
        """Store an action that ends the match and that nobody asked for (an abort, a timeout), with no user in
        the log, and run the match-finished hooks in its transaction. Call under the match's lock. None when
        another process stored an action meanwhile."""
        match, events = current.apply(action, self.next_dice(stored, current))
        new_record = await self.commit(stored, current, match, None)
        return None if new_record is None else MatchUpdate(new_record, events, before=current)


def record(stored: match_store.StoredMatch, match: Match) -> MatchRecord:
    """The record handed out for a stored row and its engine match."""
    return MatchRecord(
        id=stored.id,
        guild_id=stored.guild_id,
        channel_id=stored.channel_id,
        parent_channel_id=stored.parent_channel_id,
        players=(PlayerRef(stored.player0_id, stored.names[0]), PlayerRef(stored.player1_id, stored.names[1])),
        match=match,
        version=stored.version,
        status=MatchStatus(stored.status),
        created_at=stored.created_at,
        last_action_at=stored.last_action_at,
        finished_at=stored.finished_at,
        message_channel_id=stored.message_channel_id,
        message_id=stored.message_id,
        timer=timer(stored),
        message_version=stored.message_version,
        message_sure=stored.message_sure,
        acted_at=stored.acted,
        clock=match_clock(stored, stored.length),
        rematch_of=stored.rematch_of,
        fairness=fairness_info(stored),
    )


def timer(stored: match_store.StoredMatch) -> TurnTimer:
    limit = DEFAULT_TURN_LIMIT if stored.turn_limit_seconds is None else stored.turn_limit_seconds
    return TurnTimer(stored.turn_started_at, limit, stored.reminded, stored.controls_at, stored.claim_offered_for)


def stale(current: match_store.StoredMatch) -> StaleStateError:
    return StaleStateError(
        STALE_MESSAGE,
        match_id=current.id,
        version=current.version,
        message_channel_id=current.message_channel_id,
        message_id=current.message_id,
    )


def served(rows: list[match_store.StoredMatch], guilds: ShardSet | None) -> list[match_store.StoredMatch]:
    """The rows of the guilds this process serves (each match's timers run in one process only)."""
    return rows if guilds is None or guilds.serves_all else [row for row in rows if guilds.serves(row.guild_id)]


async def refuse_busy_channel(connection: Connection, channel_id: int) -> None:
    busy = await match_store.find_active_match_in_channel(connection, channel_id)
    if busy is not None:
        raise ChannelBusyError(
            N_(
                "There is already a match in this channel: {first} vs {second} (match #{match}). "
                "Wait until it ends, or play in a thread."
            ),
            params={"first": busy.names[0], "second": busy.names[1], "match": busy.id},
            match_id=busy.id,
            message_channel_id=busy.message_channel_id,
            message_id=busy.message_id,
        )


def stored_clock(clock: ClockPreset) -> str | None:
    """A preset as the database stores it: NULL for no clock."""
    return None if clock is ClockPreset.NONE else clock.value


def in_id_order(*players: PlayerRef | None) -> list[PlayerRef]:
    """Players' rows are written in one order by every transaction, so that two of them (on PostgreSQL) never
    wait for each other's row in opposite orders."""
    return sorted((player for player in players if player is not None), key=lambda player: player.user_id)


def duration(seconds: float) -> Duration:
    """'3 hours', '12 minutes', '45 seconds': a rough remaining time for messages, in whole units of the largest
    one, written in the reader's language where the message is shown."""
    return Duration(seconds, parts=1)
