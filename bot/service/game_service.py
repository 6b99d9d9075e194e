"""GameService: challenges, game actions and match queries over the store (SQLite or PostgreSQL; no Discord imports).

Every game action runs the same path (`_act`): under the match's asyncio lock, load the match at its stored
version, check that this user may act, apply the engine action to a copy of the match, then in ONE write
transaction update the snapshot `WHERE version = <loaded version>`, append the new log entries and the
match row's progress (and run the match-finished hooks when it ends). Only after the commit is the new
state kept in the cache and returned, so an acknowledged action is on disk (PRAGMA synchronous = FULL; a
PostgreSQL commit). On PostgreSQL the write also takes the match's advisory lock, so two bot processes acting
on one match queue there; the version check refuses the second.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import NoReturn

from bot.engine.actions import (
    Abort,
    AcceptBeaver,
    AcceptResignation,
    Action,
    ActionError,
    Beaver,
    Claim,
    Confirm,
    DeclineResignation,
    Double,
    Drop,
    Move,
    MoveChecker,
    RefuseBeaver,
    Resign,
    Roll,
    Take,
    Timeout,
    Undo,
)
from bot.engine.dice import (
    CommittedDice,
    DiceSource,
    MatchSeeds,
    clean_player_seed,
    commitment,
    new_server_seed,
)
from bot.engine.match import Match
from bot.engine.match_log import MatchLog
from bot.engine.options import MatchOptions
from bot.engine.position import WinKind
from bot.service.clocks import ClockPreset, parse_preset
from bot.service.errors import (
    AlreadyAcceptedError,
    ChallengeLimitError,
    ChannelBusyError,
    CorruptMatchError,
    NotFoundError,
    ServiceError,
    StaleStateError,
)
from bot.service.locks import KeyedLocks
from bot.service.records import (
    CHALLENGE_SECONDS,
    MAX_OPEN_CHALLENGES,
    MAX_TURN_LIMIT_SECONDS,
    MIN_TURN_LIMIT_SECONDS,
    Challenge,
    ChallengeStatus,
    GuildSettings,
    MatchRecord,
    MatchStatus,
    MatchUpdate,
    PlayerPrefs,
    PlayerRef,
    Rematch,
    Resumed,
    TurnTimer,
)
from bot.service.stored_forms import (
    entry_text,
    fairness_info,
    log_header_text,
    match_clock,
    progress_after,
    row_after,
    snapshot_text,
)
from bot.service.stored_forms import rebuild_match as rebuild_match  # re-exported: the ratings rebuild uses it
from bot.sharding import ShardSet, heartbeat_key
from bot.store import challenges as challenge_store
from bot.store import computer as computer_store
from bot.store import matches as match_store
from bot.store import players as player_store
from bot.store.backend import Connection, Database
from bot.store.errors import IntegrityError

log = logging.getLogger(__name__)

#: Run on the event loop once the transaction of a finished match is committed (a hook's follow-up).
AfterCommit = Callable[[], None]
#: Called inside the transaction that stores a match's final result, finished or aborted (check
#: `record.status`); the ratings register one. A hook may only await its connection (on SQLite it runs on the
#: database thread, stepped in one trip) and must not call the service (the transaction is open); if it raises,
#: the final action is rolled back and the caller gets the error. It may return an AfterCommit (e.g. to wake a
#: task), called on the event loop after the commit.
MatchFinishedHook = Callable[[Connection, MatchRecord], Awaitable[AfterCommit | None]]

#: Builds the engine action from the actor's index, the loaded match and its row (may raise ServiceError).
ActionMaker = Callable[[int, Match, match_store.StoredMatch], Action]
#: After the action: a second action to apply in the same service call (and transaction), or None.
FollowUp = Callable[[int, Match], Action | None]
#: Finds the FollowUp to use (or None), under the match's lock so that requests keep their arrival order.
FollowUpSource = Callable[[], Awaitable[FollowUp | None]]

#: How many players' settings the service keeps in memory.
PREFS_CACHE_SIZE = 10_000

#: Opens the place a thread challenge is played in (the front end's new thread) and returns its channel id.
#: Called by `accept` only once the acceptor passed every check, at most once per challenge.
ChannelOpener = Callable[[Challenge, PlayerRef], Awaitable[int]]

STALE_MESSAGE = "This board changed since you saw it; here is the current one."


@dataclass(frozen=True, slots=True)
class _Cached:
    version: int
    state_json: str
    match: Match


def _challenge_record(stored: challenge_store.StoredChallenge, names: dict[int, str]) -> Challenge:
    opponent = None if stored.opponent_id is None else PlayerRef(stored.opponent_id, names[stored.opponent_id])
    return Challenge(
        id=stored.id,
        guild_id=stored.guild_id,
        channel_id=stored.channel_id,
        challenger=PlayerRef(stored.challenger_id, names[stored.challenger_id]),
        opponent=opponent,
        options=MatchOptions.from_dict(json.loads(stored.options_json)),
        in_thread=stored.in_thread,
        created_at=stored.created_at,
        expires_at=stored.expires_at,
        status=ChallengeStatus(stored.status),
        match_id=stored.match_id,
        message_channel_id=stored.message_channel_id,
        message_id=stored.message_id,
        clock=parse_preset(stored.clock),
        commitment=None if stored.server_seed is None else commitment(bytes.fromhex(stored.server_seed)),
        challenger_seed=stored.challenger_seed,
    )


def player_seed(seed: str | None) -> str:
    """A player's seed for the dice (issue 18), checked; None (the front end gave none) is the empty seed."""
    if seed is None:
        return ""
    try:
        return clean_player_seed(seed)
    except ValueError as error:
        raise ServiceError(str(error)) from None


CHALLENGE_GONE = "This challenge does not exist (any more)."


async def _open_challenge(connection: Connection, challenge_id: int, now: float) -> challenge_store.StoredChallenge:
    """The challenge, if it can still be answered (a ServiceError says why not)."""
    stored = await challenge_store.load_challenge(connection, challenge_id)
    if stored is None:
        raise NotFoundError(CHALLENGE_GONE)
    if stored.status != ChallengeStatus.OPEN.value:
        raise ServiceError(f"This challenge was already {stored.status}.")
    if stored.expires_at <= now:
        raise ServiceError("This challenge has expired.")
    return stored


async def _acceptable_challenge(
    connection: Connection, challenge_id: int, user_id: int, now: float
) -> challenge_store.StoredChallenge:
    """`_open_challenge` for an accept: a challenge accepted already says by whom, and where the match is."""
    stored = await challenge_store.load_challenge(connection, challenge_id)
    if stored is not None and stored.status == ChallengeStatus.ACCEPTED.value and stored.match_id is not None:
        match = await match_store.find_match(connection, stored.match_id)
        if match is not None:
            acceptor_id, acceptor_name = match.player1_id, match.names[1]
            text = (
                "You accepted this challenge already."
                if acceptor_id == user_id
                else (f"{acceptor_name} accepted first.")
            )
            raise AlreadyAcceptedError(
                text,
                acceptor_id=acceptor_id,
                acceptor_name=acceptor_name,
                match_id=match.id,
                channel_id=match.channel_id,
            )
    return await _open_challenge(connection, challenge_id, now)


async def _closed_meanwhile(
    connection: Connection, challenge_id: int, now: float, acceptor_id: int | None = None
) -> NoReturn:
    """The guarded UPDATE (`status = 'open'`) changed nothing: another process (or another connection of this
    one, on PostgreSQL) closed the challenge after it was read here; under READ COMMITTED the UPDATE waited for
    that commit, so reading it again says what it became (issue 19). The caller's transaction rolls back."""
    if acceptor_id is None:
        await _open_challenge(connection, challenge_id, now)
    else:
        await _acceptable_challenge(connection, challenge_id, acceptor_id, now)
    raise ServiceError("This challenge was answered meanwhile.")


async def _refuse_too_many_challenges(
    connection: Connection, challenger_id: int, opponent: PlayerRef | None, now: float
) -> None:
    """At most MAX_OPEN_CHALLENGES open challenges per member, and one at a time to the same opponent."""
    waiting = await challenge_store.open_challenges_by(connection, challenger_id, now)
    same = [c for c in waiting if opponent is not None and c.opponent_id == opponent.user_id]
    if opponent is not None and same:
        text = f"You have already challenged {opponent.name}: wait for the answer, or withdraw that challenge first."
    elif len(waiting) >= MAX_OPEN_CHALLENGES:
        text = (
            f"You already have {len(waiting)} open challenges, the most one member may have at a time: "
            "withdraw one, or wait until one is answered or expires."
        )
    else:
        return
    shown = (same or waiting)[0]
    raise ChallengeLimitError(
        text,
        challenge_id=shown.id,
        guild_id=shown.guild_id,
        message_channel_id=shown.message_channel_id,
        message_id=shown.message_id,
    )


def _check_acceptor(challenge: Challenge, user: PlayerRef) -> None:
    if user.user_id == challenge.challenger.user_id:
        raise ServiceError("You cannot accept your own challenge.")
    if challenge.opponent is not None and challenge.opponent.user_id != user.user_id:
        raise ServiceError(f"This challenge is for {challenge.opponent.name}.")


async def _refuse_busy_channel(connection: Connection, channel_id: int) -> None:
    busy = await match_store.find_active_match_in_channel(connection, channel_id)
    if busy is not None:
        raise ChannelBusyError(
            f"There is already a match in this channel: {busy.names[0]} vs {busy.names[1]} (match #{busy.id}). "
            "Wait until it ends, or play in a thread.",
            match_id=busy.id,
            message_channel_id=busy.message_channel_id,
            message_id=busy.message_id,
        )


class GameService:
    """The one door through which the cogs change anything. See the bot.service docstring for the API."""

    def __init__(
        self,
        db: Database,
        *,
        dice: DiceSource | None = None,
        clock: Callable[[], float] = time.time,
        on_match_finished: Sequence[MatchFinishedHook] = (),
        cache_size: int = 4096,
    ) -> None:
        self.db = db
        #: Tests and benchmarks inject one source for every match; the bot (None) rolls each match's own
        #: committed dice (issue 18).
        self._dice: DiceSource | None = dice
        self._clock = clock
        self._hooks = list(on_match_finished)
        self._locks = KeyedLocks()
        self._challenge_locks = KeyedLocks()  # accepts of one challenge, one at a time (a thread is opened once)
        self._cache: OrderedDict[int, _Cached] = OrderedDict()
        self._cache_size = cache_size
        self._prefs: OrderedDict[int, PlayerPrefs] = OrderedDict()

    def now(self) -> float:
        """The service's clock (injectable; the match clocks and turn limits run on it)."""
        return self._clock()

    def add_match_finished_hook(self, hook: MatchFinishedHook) -> None:
        """Register a hook after construction (the ratings cog does this when it loads)."""
        self._hooks.append(hook)

    # --- challenges -------------------------------------------------------------------------------------------

    async def challenge(
        self,
        *,
        guild_id: int,
        channel_id: int,
        challenger: PlayerRef,
        opponent: PlayerRef | None,
        options: MatchOptions,
        in_thread: bool | None = False,
        clock: ClockPreset | None = ClockPreset.NONE,
        seed: str | None = None,
    ) -> Challenge:
        """Post a challenge to `opponent`, or to anyone in the channel when None; it expires after 10 minutes.
        Refused beyond MAX_OPEN_CHALLENGES open challenges per member, or a second one to the same opponent
        (ChallengeLimitError, pointing to the open challenge).

        `in_thread` None: as the guild's setting says (`set_threads`); `clock` None likewise (`set_clock`, issue
        20). One trip to the database, like a game action: the challenge is posted only once it is stored (issue 10).

        `seed` is the challenger's seed for the dice (the front end passes the interaction's id when they gave
        none); the challenge draws the server seed now, so that its commitment is shown before anyone accepts.
        """
        if opponent is not None and opponent.user_id == challenger.user_id:
            raise ServiceError("You cannot challenge yourself.")
        challenger_seed = player_seed(seed)
        server_seed = new_server_seed().hex()
        now = self._clock()

        async def write(connection: Connection) -> challenge_store.StoredChallenge:
            await connection.lock("member", challenger.user_id)  # the limits below, across processes too
            thread = await player_store.guild_plays_in_threads(connection, guild_id) if in_thread is None else in_thread
            if not thread:
                await _refuse_busy_channel(connection, channel_id)
            await _refuse_too_many_challenges(connection, challenger.user_id, opponent, now)
            chosen = await player_store.guild_clock(connection, guild_id) if clock is None else _stored_clock(clock)
            for player in _in_id_order(challenger, opponent):
                await player_store.remember_player(connection, player.user_id, player.name, now)
            return await challenge_store.insert_challenge(
                connection,
                guild_id=guild_id,
                channel_id=channel_id,
                challenger_id=challenger.user_id,
                opponent_id=None if opponent is None else opponent.user_id,
                options_json=json.dumps(options.to_dict(), sort_keys=True),
                in_thread=thread,
                created_at=now,
                expires_at=now + CHALLENGE_SECONDS,
                clock=chosen,
                server_seed=server_seed,
                challenger_seed=challenger_seed,
            )

        stored = await self.db.write(write)
        return _challenge_record(stored, {challenger.user_id: challenger.name} | self._names_of(opponent))

    async def get_challenge(self, challenge_id: int) -> Challenge:
        stored = await self.db.read(lambda c: challenge_store.load_challenge(c, challenge_id))
        if stored is None:
            raise NotFoundError(CHALLENGE_GONE)
        return await self._challenge_with_names(stored)

    async def accept(
        self,
        challenge_id: int,
        user: PlayerRef,
        *,
        channel_id: int | None = None,
        open_channel: ChannelOpener | None = None,
        seed: str | None = None,
    ) -> MatchUpdate:
        """Accept a challenge and start the match (the opening roll is made at once, R2.1-R2.2).

        `seed` is the acceptor's seed for the dice (issue 18; the front end passes the interaction's id when they
        gave none): it is fixed only now, after the challenge showed the server seed's commitment.

        Every check runs before anything is opened: only then, for a thread challenge, is `open_channel` called
        (the front end opens the thread and returns its id), under a per-challenge lock, so that a refused or
        second accept opens nothing; the loser of a race hears who accepted first (AlreadyAcceptedError).
        `channel_id` forces where the match is played (default: the opened thread, else the challenge's
        channel). The checks run again in the one write trip, which another process's accept could still win.
        """
        acceptor_seed = player_seed(seed)
        async with self._challenge_locks.hold(challenge_id):
            now = self._clock()
            stored = await self.db.read(lambda c: _acceptable_challenge(c, challenge_id, user.user_id, now))
            challenge = await self._challenge_with_names(stored)
            _check_acceptor(challenge, user)
            if channel_id is None and challenge.in_thread and open_channel is not None:
                channel_id = await open_channel(challenge, user)
            # A challenge from before issue 18 has no server seed: it gets one now (nobody saw a commitment).
            server_seed = bytes.fromhex(stored.server_seed) if stored.server_seed else new_server_seed()
            seeds = MatchSeeds(server_seed, stored.challenger_seed or "", acceptor_seed)
            return await self._start_match(challenge, user, channel_id, now, seeds)

    async def _start_match(
        self, challenge: Challenge, user: PlayerRef, channel_id: int | None, now: float, seeds: MatchSeeds
    ) -> MatchUpdate:
        """The match of an accepted challenge, stored in one write trip that checks the challenge again."""
        challenge_id = challenge.id
        play_channel = challenge.channel_id if channel_id is None else channel_id
        options = challenge.options
        match = Match((challenge.challenger.name, user.name), options, self._dice_for(seeds))
        events = list(match.last_events)
        state = snapshot_text(match)

        async def write(connection: Connection) -> match_store.StoredMatch:
            await connection.lock("challenge", challenge_id)  # one accept at a time, across processes too
            stored = await _acceptable_challenge(connection, challenge_id, user.user_id, now)
            await _refuse_busy_channel(connection, play_channel)
            await player_store.remember_player(connection, user.user_id, user.name, now)
            try:
                match_id = await match_store.insert_match(
                    connection,
                    guild_id=stored.guild_id,
                    channel_id=play_channel,
                    parent_channel_id=stored.channel_id if play_channel != stored.channel_id else None,
                    player_ids=(stored.challenger_id, user.user_id),
                    length=options.length,
                    options_json=stored.options_json,
                    log_header=log_header_text(match),
                    state_json=state,
                    now=now,
                    clock=stored.clock,
                    server_seed=seeds.server_seed.hex(),
                    seeds=(seeds.challenger_seed, seeds.acceptor_seed),
                )
            except IntegrityError:  # another process started a match in this channel just now
                raise ServiceError("There is already a match in this channel.") from None
            closed = await challenge_store.close_challenge(
                connection, challenge_id, ChallengeStatus.ACCEPTED.value, match_id
            )
            if closed is None:  # expired (the timer takes no lock) or answered meanwhile: the match is not kept
                await _closed_meanwhile(connection, challenge_id, now, user.user_id)
            row = await match_store.find_match(connection, match_id)
            assert row is not None
            return row

        record = self._record(await self.db.write(write), match)
        self._remember(record.id, record.version, state, match)
        return MatchUpdate(record, events)

    async def decline(self, challenge_id: int, user_id: int) -> Challenge:
        """The challenged member says no (an open challenge cannot be declined, only left to expire)."""
        now = self._clock()

        async def write(connection: Connection) -> challenge_store.StoredChallenge:
            await connection.lock("challenge", challenge_id)  # after an accept in another process, not during it
            stored = await _open_challenge(connection, challenge_id, now)
            if stored.opponent_id != user_id:
                raise ServiceError("Only the challenged player can decline this challenge.")
            closed = await challenge_store.close_challenge(connection, challenge_id, ChallengeStatus.DECLINED.value)
            if closed is None:  # the timer expired it meanwhile
                await _closed_meanwhile(connection, challenge_id, now)
            return closed

        return await self._challenge_with_names(await self.db.write(write))

    async def cancel(self, challenge_id: int, user_id: int) -> Challenge:
        """The challenger takes the challenge back."""
        now = self._clock()

        async def write(connection: Connection) -> challenge_store.StoredChallenge:
            await connection.lock("challenge", challenge_id)  # after an accept in another process, not during it
            stored = await _open_challenge(connection, challenge_id, now)
            if stored.challenger_id != user_id:
                raise ServiceError("Only the challenger can withdraw this challenge.")
            closed = await challenge_store.close_challenge(connection, challenge_id, ChallengeStatus.CANCELLED.value)
            if closed is None:  # the timer expired it meanwhile
                await _closed_meanwhile(connection, challenge_id, now)
            return closed

        return await self._challenge_with_names(await self.db.write(write))

    async def expire_challenges(self, guilds: ShardSet | None = None) -> list[Challenge]:
        """Mark every open challenge whose 10 minutes are up as expired; returns them (to update their messages).
        `guilds`: only those of the guilds this process's shards serve (issue 19)."""
        now = self._clock()

        async def expire(connection: Connection) -> list[challenge_store.StoredChallenge]:
            if guilds is None or guilds.serves_all:
                return await challenge_store.expire_challenges(connection, now)
            due = [c for c in await challenge_store.due_challenges(connection, now) if guilds.serves(c.guild_id)]
            closed = [await challenge_store.close_challenge(connection, c.id, "expired") for c in due]
            return [c for c in closed if c is not None]

        expired = await self.db.write(expire)
        return [await self._challenge_with_names(stored) for stored in expired]

    async def set_challenge_message(self, challenge_id: int, channel_id: int, message_id: int) -> None:
        """Remember the challenge's message, so that its expiry can be shown there even after a restart."""

        async def write(connection: Connection) -> bool:
            return await challenge_store.set_challenge_message(connection, challenge_id, channel_id, message_id)

        if not await self.db.write(write):
            raise NotFoundError(CHALLENGE_GONE)

    async def _challenge_with_names(self, stored: challenge_store.StoredChallenge) -> Challenge:
        ids = [stored.challenger_id] + ([] if stored.opponent_id is None else [stored.opponent_id])
        return _challenge_record(stored, await player_store.player_names(self.db, ids))

    @staticmethod
    def _names_of(player: PlayerRef | None) -> dict[int, str]:
        return {} if player is None else {player.user_id: player.name}

    # --- game actions -------------------------------------------------------------------------------------------

    async def roll(self, match_id: int, user_id: int, *, version: int | None = None) -> MatchUpdate:
        """Roll instead of doubling (R3.1)."""
        return await self._act(match_id, user_id, version, _simple(Roll))

    async def double(self, match_id: int, user_id: int, *, version: int | None = None) -> MatchUpdate:
        """Offer the cube (R6.1)."""
        return await self._act(match_id, user_id, version, _simple(Double))

    async def take(self, match_id: int, user_id: int, *, version: int | None = None) -> MatchUpdate:
        return await self._act(match_id, user_id, version, _simple(Take))

    async def drop(self, match_id: int, user_id: int, *, version: int | None = None) -> MatchUpdate:
        return await self._act(match_id, user_id, version, _simple(Drop))

    async def beaver(self, match_id: int, user_id: int, *, version: int | None = None) -> MatchUpdate:
        return await self._act(match_id, user_id, version, _simple(Beaver))

    async def accept_beaver(self, match_id: int, user_id: int, *, version: int | None = None) -> MatchUpdate:
        return await self._act(match_id, user_id, version, _simple(AcceptBeaver))

    async def refuse_beaver(self, match_id: int, user_id: int, *, version: int | None = None) -> MatchUpdate:
        return await self._act(match_id, user_id, version, _simple(RefuseBeaver))

    async def undo(self, match_id: int, user_id: int, *, version: int | None = None) -> MatchUpdate:
        """Take back the last step entered this turn (R9.2)."""
        return await self._act(match_id, user_id, version, _simple(Undo))

    async def confirm(self, match_id: int, user_id: int, *, version: int | None = None) -> MatchUpdate:
        """ "Done": finish the turn with the steps entered (R9.2)."""
        return await self._act(match_id, user_id, version, _simple(Confirm))

    async def accept_resignation(self, match_id: int, user_id: int, *, version: int | None = None) -> MatchUpdate:
        return await self._act(match_id, user_id, version, _simple(AcceptResignation))

    async def decline_resignation(self, match_id: int, user_id: int, *, version: int | None = None) -> MatchUpdate:
        return await self._act(match_id, user_id, version, _simple(DeclineResignation))

    async def abort(self, match_id: int, user_id: int, *, version: int | None = None) -> MatchUpdate:
        """Stop the match with no result (either player)."""
        return await self._act(match_id, user_id, version, _simple(Abort))

    async def resign(
        self, match_id: int, user_id: int, kind: WinKind = WinKind.SINGLE, *, version: int | None = None
    ) -> MatchUpdate:
        """Offer to resign a single game, a gammon or a backgammon (R7.4)."""
        return await self._act(match_id, user_id, version, lambda player, _match, _stored: Resign(player, kind))

    async def step(
        self, match_id: int, user_id: int, start: int, die: int, *, version: int | None = None
    ) -> MatchUpdate:
        """Move the checker on `start` (25 = bar) by `die` pips, one step of the turn (R9.2). With the player's
        auto_done setting, the step that completes the play also finishes the turn, in the same action."""

        def make(player: int, match: Match, stored: match_store.StoredMatch) -> Action:
            self._require_turn(match, player)
            for step in match.next_steps():
                if step.start == start and step.die == die:
                    return MoveChecker(player, start, step.end, die)
            where = "the bar" if start == 25 else f"point {start}"
            raise ServiceError(f"No checker can move {die} from {where} now.")

        async def finish_if_wanted() -> FollowUp | None:
            return _confirm_when_complete if (await self.player_prefs(user_id)).auto_done else None

        return await self._act(match_id, user_id, version, make, then=finish_if_wanted)

    async def play_text(self, match_id: int, user_id: int, text: str, *, version: int | None = None) -> MatchUpdate:
        """A typed complete play such as `24/18 13/11` (R10.1), confirmed at once (R9.2)."""

        def make(player: int, match: Match, stored: match_store.StoredMatch) -> Action:
            self._require_turn(match, player)
            return Move(player, match.parse_play(text))

        return await self._act(match_id, user_id, version, make)

    async def claim(self, match_id: int, user_id: int, *, version: int | None = None) -> MatchUpdate:
        """Win because the opponent let the turn time limit run out (R9.5)."""
        now = self._clock()

        def make(player: int, match: Match, stored: match_store.StoredMatch) -> Action:
            timer = _timer(stored)
            waiting = match.to_act
            if waiting is not None and waiting != player and not timer.running:
                raise ServiceError(
                    f"{match.names[waiting]} has not been shown the board for this turn yet, so "
                    "their turn time has not started (R9.5)."
                )
            if waiting is not None and waiting != player and now < timer.claimable_at:
                left = _duration(timer.claimable_at - now)
                raise ServiceError(f"{match.names[waiting]} still has {left} to act; you can claim after that.")
            return Claim(player)

        return await self._act(match_id, user_id, version, make)

    @staticmethod
    def _require_turn(match: Match, player: int) -> None:
        waiting = match.to_act
        if waiting is not None and waiting != player:
            raise ServiceError(f"It is {match.names[waiting]}'s turn.")

    async def _act(
        self,
        match_id: int,
        user_id: int,
        version: int | None,
        make: ActionMaker,
        then: FollowUpSource | None = None,
    ) -> MatchUpdate:
        async with self._locks.hold(match_id):
            follow_up = None if then is None else await then()
            stored = await self._stored(match_id)
            if stored.status != MatchStatus.ACTIVE.value:
                raise ServiceError(f"Match #{match_id} is over; nothing more can be done in it.")
            if version is not None and version != stored.version:
                raise _stale(stored)
            players = (stored.player0_id, stored.player1_id)
            if user_id not in players:
                raise ServiceError(f"This game is between {stored.names[0]} and {stored.names[1]}.")
            player = players.index(user_id)
            current = await self._match_at(stored)
            clock = match_clock(stored, current.options.length)
            if clock is not None and clock.timed_out(current.to_act, self._clock()):
                # Too late: the clock ran out before this request (issue 20); the timeout is what gets stored.
                timed_out = await self._finish_unasked(stored, current, Timeout(current.to_act or 0))
                if timed_out is None:
                    raise _stale(await self._stored(match_id))
                return timed_out
            # Work on a copy: the cached object (and every record handed out) stays as it was until the commit.
            match = self._copy(current)
            try:
                action = make(player, match, stored)
                events = match.apply(action)
                follow = None if follow_up is None else follow_up(player, match)
                if follow is not None:
                    events += match.apply(follow)
            except ActionError as error:
                raise ServiceError(str(error)) from None
            record = await self._commit(stored, current, match, user_id)
            if record is None:
                raise _stale(await self._stored(match_id))
            return MatchUpdate(record, events, before=current)

    async def _commit(
        self, stored: match_store.StoredMatch, current: Match, match: Match, user_id: int | None
    ) -> MatchRecord | None:
        """Store what was applied to `match` (a copy of `current`, loaded at `stored.version`) in ONE write
        transaction: the snapshot `WHERE version = <loaded version>`, the new log entries (by `user_id`; None when
        nobody asked) and the match row, with the match-finished hooks when it ends. Only then is the new state
        cached. None, with nothing written, when another version was stored meanwhile. Called under the lock."""
        match_id = stored.id
        now = self._clock()
        state = snapshot_text(match)
        old_length, new_length = stored.log_length, len(match.log.entries)
        entries = [entry_text(match, index) for index in range(old_length, new_length)]
        progress = progress_after(stored, current, match, now)
        record = self._record(row_after(stored, progress, new_length, state), match)

        ends = progress.status != MatchStatus.ACTIVE.value
        after_commit: list[AfterCommit] = []

        async def write(connection: Connection) -> bool:
            written = await match_store.record_action(
                connection, match_id, stored.version, state, old_length + 1, entries, user_id, now, progress
            )
            if written and ends:  # the match ends: the hooks write in the same transaction
                for hook in self._hooks:
                    follow_up = await hook(connection, record)
                    if follow_up is not None:
                        after_commit.append(follow_up)
            return written

        # One trip to the database thread on SQLite: under load each awaited statement held the write lock for
        # a turn of the busy event loop (issue 10), which capped the whole bot's actions per second.
        written = await self.db.write(write)
        for follow_up in after_commit:
            follow_up()
        if not written:
            return None
        self._remember(match_id, record.version, state, match)
        return record

    # --- matches whose channel is gone ---------------------------------------------------------------------------

    async def abort_matches_in_channel(self, channel_id: int) -> list[MatchRecord]:
        """End every active match played in this channel or thread, or in a thread of this channel: Discord
        says it was deleted, so nobody can play or see it any more. They are aborted: no result, unrated, and no
        user behind the action. Returns the matches it ended; calling it again (Discord may report one
        deletion twice) ends nothing more."""
        ids = await self.db.read(lambda c: match_store.active_match_ids_in_channel(c, channel_id))
        ended = []
        for match_id in ids:
            record = await self._abort_unasked(match_id)
            if record is not None:
                ended.append(record)
        return ended

    async def _abort_unasked(self, match_id: int) -> MatchRecord | None:
        """`abort` without a player asking (the log entry records no user); None if the match already ended,
        or if another process stored an action meanwhile (the next report of the deletion tries again)."""
        async with self._locks.hold(match_id):
            stored = await self._stored(match_id)
            if stored.status != MatchStatus.ACTIVE.value:
                return None
            # the engine names an actor; the stored action has no user: nobody asked
            update = await self._finish_unasked(stored, await self._match_at(stored), Abort(0))
            if update is None:
                log.warning("Match %s changed while its deleted channel was being closed", match_id)
            return None if update is None else update.record

    async def _finish_unasked(
        self, stored: match_store.StoredMatch, current: Match, action: Action
    ) -> MatchUpdate | None:
        """Store an action that ends the match and that nobody asked for (an abort, a timeout), with no user in
        the log, and run the match-finished hooks in its transaction. Call under the match's lock. None when
        another process stored an action meanwhile."""
        match = self._copy(current)
        events = match.apply(action)
        record = await self._commit(stored, current, match, None)
        return None if record is None else MatchUpdate(record, events, before=current)

    # --- match clocks (issue 20) ----------------------------------------------------------------------------------

    async def time_out_due(self, guilds: ShardSet | None = None) -> list[MatchUpdate]:
        """End every clocked match whose player to act has run out of time (the grace second included): the
        opponent wins the match (a money game: the game at the cube's value), stored and rated like a claim.
        `guilds`: only the matches of the guilds this process's shards serve (issue 19)."""
        now = self._clock()
        updates = []
        for row in _served(await match_store.clocked_running_matches(self.db), guilds):
            clock = match_clock(row, row.length)
            try:
                to_act = (await self._match_at(row)).to_act
            except CorruptMatchError as error:
                log.error("%s Run `python -m bot.service.check` for details.", error)
                continue
            if clock is None or not clock.timed_out(to_act, now):
                continue
            async with self._locks.hold(row.id):
                stored = await self._stored(row.id)
                current = await self._match_at(stored)
                clock = match_clock(stored, stored.length)
                if stored.status != MatchStatus.ACTIVE.value or clock is None:
                    continue
                if not clock.timed_out(current.to_act, self._clock()):
                    continue  # the player acted meanwhile
                update = await self._finish_unasked(stored, current, Timeout(current.to_act or 0))
            if update is not None:
                updates.append(update)
        return updates

    async def heartbeat(self, guilds: ShardSet | None = None) -> None:
        """Record that the bot is up now: after a stop, the time since the last heartbeat is not charged.
        A process of a sharded bot keeps its own heartbeat (`guilds`: its shards), as it stops on its own."""
        now = self._clock()
        key = heartbeat_key(guilds)
        await self.db.write(lambda connection: match_store.write_heartbeat(connection, now, key))

    async def resume_clocks(self, guilds: ShardSet | None = None) -> Resumed:
        """At start-up: the bot's downtime (since its last heartbeat) is added to every running clocked turn as
        paused time, so that no player is charged for it. Returns how long the bot was down and the matches
        whose clock was paused (to say so in their channels). `guilds`: a process of a sharded bot pauses only
        its guilds' matches, for its own downtime (issue 19)."""
        now = self._clock()
        if guilds is not None and not guilds.serves_all:
            return await self._resume_served_clocks(guilds, now)

        async def write(connection: Connection) -> tuple[float, list[int]]:
            last = await match_store.read_heartbeat(connection)
            paused = (
                [] if last is None or last >= now else (await match_store.pause_running_clocks(connection, last, now))
            )
            await match_store.write_heartbeat(connection, now)
            return (0.0 if last is None else max(0.0, now - last)), paused

        downtime, ids = await self.db.write(write)
        records = await self._healthy_records([await self._stored(match_id) for match_id in ids])
        return Resumed(downtime, records)

    async def _resume_served_clocks(self, guilds: ShardSet, now: float) -> Resumed:
        candidates = [row.id for row in _served(await match_store.clocked_running_matches(self.db), guilds)]
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

        downtime, ids = await self.db.write(write)
        records = await self._healthy_records([await self._stored(match_id) for match_id in ids])
        return Resumed(downtime, records)

    async def set_clock(self, guild_id: int, clock: ClockPreset) -> GuildSettings:
        """The clock `/bg challenge` uses when the challenger does not choose one (issue 20)."""
        return await self._save_settings(guild_id, clock=clock)

    # --- rematches (issue 20) ----------------------------------------------------------------------------------

    async def rematch(self, match_id: int, user_id: int) -> Rematch:
        """A player of a finished match asks for a rematch. When both have asked, within REMATCH_SECONDS of the
        match's end, a new match with the same options and clock starts in the same place, exactly once: a
        unique index on `rematch_of` refuses a second one whatever the race (the later press gets it as
        `existing`)."""
        now = self._clock()
        async with self._locks.hold(match_id):
            stored = await self._stored(match_id)
            players = (stored.player0_id, stored.player1_id)
            if user_id not in players:
                raise ServiceError(f"This match was between {stored.names[0]} and {stored.names[1]}.")
            if stored.status != MatchStatus.FINISHED.value or stored.finished_at is None:
                raise ServiceError("Only a finished match can have a rematch.")
            existing = await self.db.read(lambda c: match_store.find_rematch(c, match_id))
            if existing is not None:
                return Rematch(existing=await self._record_of(existing))
            if now > stored.finished_at + REMATCH_SECONDS:
                raise ServiceError(
                    "The rematch offer ran out 10 minutes after the match ended: start a new one with `/bg challenge`."
                )
            options = MatchOptions.from_dict(json.loads(stored.options_json))
            # Committed dice (issue 18) with a new server seed; no player typed a seed for a rematch, so, as for a
            # tournament pairing, the dice rest on the committed server seed alone.
            seeds = MatchSeeds(new_server_seed(), "", "")
            match = Match(stored.names, options, self._dice_for(seeds))
            events, state = list(match.last_events), snapshot_text(match)

            async def write(connection: Connection) -> tuple[str, match_store.StoredMatch | None]:
                await connection.lock("match", match_id)  # both players' presses, one after the other
                found = await match_store.find_rematch(connection, match_id)
                if found is not None:
                    return "existing", found
                pressed = await match_store.request_rematch(connection, match_id, user_id, now)
                if set(players) - set(pressed):
                    return "waiting", None
                await _refuse_busy_channel(connection, stored.channel_id)
                try:
                    new_id = await match_store.insert_match(
                        connection,
                        guild_id=stored.guild_id,
                        channel_id=stored.channel_id,
                        parent_channel_id=stored.parent_channel_id,
                        player_ids=players,
                        length=stored.length,
                        options_json=stored.options_json,
                        log_header=log_header_text(match),
                        state_json=state,
                        now=now,
                        clock=stored.clock,
                        rematch_of=match_id,
                        server_seed=seeds.server_seed.hex(),
                        seeds=(seeds.challenger_seed, seeds.acceptor_seed),
                    )
                except IntegrityError:  # another process started it (or a match here) just now
                    found = await match_store.find_rematch(connection, match_id)
                    if found is None:
                        raise ServiceError("There is already a match in this channel.") from None
                    return "existing", found
                row = await match_store.find_match(connection, new_id)
                assert row is not None
                return "started", row

            outcome, row = await self.db.write(write)
        if row is None:
            other = stored.names[1 - players.index(user_id)]
            return Rematch(waiting_for=PlayerRef(players[1 - players.index(user_id)], other))
        if outcome == "existing":
            return Rematch(existing=await self._record_of(row))
        record = self._record(row, match)
        self._remember(record.id, record.version, state, match)
        return Rematch(started=MatchUpdate(record, events))

    async def _record_of(self, stored: match_store.StoredMatch) -> MatchRecord:
        return self._record(stored, await self._match_at(stored))

    # --- queries ------------------------------------------------------------------------------------------------

    async def match(self, match_id: int) -> MatchRecord:
        """The match as stored now; NotFoundError for an unknown id, CorruptMatchError for a damaged one."""
        stored = await self._stored(match_id)
        return self._record(stored, await self._match_at(stored))

    async def match_in_channel(self, channel_id: int) -> MatchRecord | None:
        """The active match played in this channel (or thread), if any."""
        stored = await match_store.active_match_in_channel(self.db, channel_id)
        return None if stored is None else self._record(stored, await self._match_at(stored))

    async def recent_matches_in_channel(self, channel_id: int, limit: int = 25) -> list[MatchRecord]:
        """Matches of a channel or of threads made from it, running or over: the active ones first, then the most
        recently played (for exports; a damaged match is left out and logged)."""
        return await self._healthy_records(await match_store.recent_matches_in_channel(self.db, channel_id, limit))

    async def active_matches(self, user_id: int) -> list[MatchRecord]:
        """The user's active matches, most recently played first."""
        return await self._healthy_records(await match_store.active_matches_of(self.db, user_id))

    async def due_reminders(self, now: float | None = None, guilds: ShardSet | None = None) -> list[MatchRecord]:
        """Active matches whose current turn is past half its limit with no reminder yet; marks them reminded.
        `guilds`: only the matches of the guilds this process's shards serve (issue 19)."""
        now = self._clock() if now is None else now
        due = _served(
            await match_store.overdue_matches(self.db, now, DEFAULT_TURN_LIMIT, 0.5, unreminded_only=True), guilds
        )

        async def write(connection: Connection) -> list[match_store.StoredMatch]:
            return [
                dataclasses.replace(stored, reminded=True)
                for stored in due
                if await match_store.mark_reminded(connection, stored.id, stored.turn_started_at)
            ]

        return await self._healthy_records(await self.db.write(write))

    async def claimable(self, now: float | None = None) -> list[MatchRecord]:
        """Active matches whose current turn ran past the limit: the opponent may claim (R9.5)."""
        now = self._clock() if now is None else now
        due = await match_store.overdue_matches(self.db, now, DEFAULT_TURN_LIMIT, 1.0, unreminded_only=False)
        return await self._healthy_records(due)

    async def due_claim_offers(self, now: float | None = None, guilds: ShardSet | None = None) -> list[MatchRecord]:
        """The claimable matches whose claim offer has not gone out for this turn yet; marks them offered, so
        that each overdue turn is offered once, across restarts too (R9.5). `guilds` as for due_reminders."""
        now = self._clock() if now is None else now
        due = _served(
            await match_store.overdue_matches(self.db, now, DEFAULT_TURN_LIMIT, 1.0, unreminded_only=False), guilds
        )

        async def write(connection: Connection) -> list[match_store.StoredMatch]:
            return [
                stored
                for stored in due
                if await match_store.mark_claim_offered(connection, stored.id, stored.turn_started_at)
            ]

        return await self._healthy_records(await self.db.write(write))

    async def set_message(self, match_id: int, channel_id: int, message_id: int) -> None:
        """Remember the match's current game message (for links and "out of date, see <link>")."""

        async def write(connection: Connection) -> bool:
            return await match_store.record_message(connection, match_id, channel_id, message_id)

        if not await self.db.write(write):  # once a turn: one trip (issue 10)
            raise NotFoundError(f"There is no match #{match_id}.")

    async def set_shown(self, match_id: int, channel_id: int, message_id: int, version: int) -> bool:
        """Remember that the game message `message_id` now shows `version` with its controls; it becomes the
        match's current message. The first showing of a turn starts the turn clock (R9.5). False (nothing
        recorded) when a newer version was already recorded as shown."""
        now = self._clock()

        async def write(connection: Connection) -> bool:
            return await match_store.record_shown(connection, match_id, channel_id, message_id, version, now)

        return await self.db.write(write)

    async def matches_to_show(self, guilds: ShardSet | None = None) -> list[MatchRecord]:
        """Matches whose current message does not show their current version (see match_store.matches_to_show);
        `guilds`: only those of the guilds this process's shards serve (issue 19)."""
        return await self._healthy_records(_served(await match_store.matches_to_show(self.db), guilds))

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        return _guild_settings(guild_id, await player_store.load_guild_settings(self.db, guild_id))

    async def set_turn_limit(self, guild_id: int, seconds: int) -> GuildSettings:
        """Change the guild's turn time limit (R9.5); running turns are measured against the new limit."""
        if not MIN_TURN_LIMIT_SECONDS <= seconds <= MAX_TURN_LIMIT_SECONDS:
            raise ServiceError(
                f"The turn time limit must be between {_duration(MIN_TURN_LIMIT_SECONDS)} "
                f"and {_duration(MAX_TURN_LIMIT_SECONDS)}."
            )
        return await self._save_settings(guild_id, turn_limit_seconds=seconds)

    async def set_default_length(self, guild_id: int, length: int) -> GuildSettings:
        """Change the match length offered by default in this guild (0 = money game, 1..25)."""
        if not 0 <= length <= 25:
            raise ServiceError("The default match length must be 1 to 25 points, or 0 for a money game.")
        return await self._save_settings(guild_id, default_length=length)

    async def set_threads(self, guild_id: int, on: bool) -> GuildSettings:
        """Whether `/bg challenge` plays in a new thread when the challenger does not say (issue 15)."""
        return await self._save_settings(guild_id, threads=on)

    async def _save_settings(
        self,
        guild_id: int,
        *,
        turn_limit_seconds: int | None = None,
        default_length: int | None = None,
        threads: bool | None = None,
        clock: ClockPreset | None = None,
    ) -> GuildSettings:
        async def write(connection: Connection) -> GuildSettings:
            current = _guild_settings(guild_id, await player_store.load_guild_settings(connection, guild_id))
            new = GuildSettings(
                guild_id,
                current.turn_limit_seconds if turn_limit_seconds is None else turn_limit_seconds,
                current.default_length if default_length is None else default_length,
                current.threads if threads is None else threads,
                current.clock if clock is None else clock,
            )
            await player_store.save_guild_settings(
                connection,
                player_store.StoredGuildSettings(
                    guild_id, new.turn_limit_seconds, new.default_length, new.threads, _stored_clock(new.clock)
                ),
            )
            return new

        return await self.db.write(write)

    # --- players' settings -----------------------------------------------------------------------------------

    async def player_prefs(self, user_id: int) -> PlayerPrefs:
        """The player's settings (the defaults until they change one). Kept in memory once read: a process
        sees the changes made through itself at once (several processes sharing the file would each keep
        the value they read first, until restarted)."""
        cached = self._prefs.get(user_id)
        if cached is None:
            stored = await player_store.load_player_prefs(self.db, user_id)
            cached = PlayerPrefs(user_id) if stored is None else PlayerPrefs(user_id, stored.auto_done)
            self._remember_prefs(cached)
        return cached

    async def set_player_prefs(self, player: PlayerRef, *, auto_done: bool | None = None) -> PlayerPrefs:
        """Change the player's settings (None leaves one as it is); remembered for all their matches."""
        current = await self.player_prefs(player.user_id)
        new = PlayerPrefs(player.user_id, current.auto_done if auto_done is None else auto_done)
        now = self._clock()

        async def write(connection: Connection) -> None:
            await player_store.remember_player(connection, player.user_id, player.name, now)
            await player_store.save_player_prefs(
                connection, player_store.StoredPlayerPrefs(new.user_id, new.auto_done), now
            )

        await self.db.write(write)
        self._remember_prefs(new)
        return new

    def _remember_prefs(self, prefs: PlayerPrefs) -> None:
        self._prefs[prefs.user_id] = prefs
        self._prefs.move_to_end(prefs.user_id)
        while len(self._prefs) > PREFS_CACHE_SIZE:
            self._prefs.popitem(last=False)

    # --- loading ------------------------------------------------------------------------------------------------

    async def _stored(self, match_id: int) -> match_store.StoredMatch:
        stored = await match_store.load_match(self.db, match_id)
        if stored is None:
            raise NotFoundError(f"There is no match #{match_id}.")
        return stored

    async def _match_at(self, stored: match_store.StoredMatch) -> Match:
        """The engine match for the stored version: from the cache, else replayed from the log and verified."""
        cached = self._cache.get(stored.id)
        if cached is not None and cached.version == stored.version and cached.state_json == stored.state_json:
            self._cache.move_to_end(stored.id)
            return cached.match
        match = rebuild_match(stored, await match_store.load_log(self.db, stored.id), self._dice)
        self._remember(stored.id, stored.version, stored.state_json, match)
        return match

    def _copy(self, match: Match) -> Match:
        """A deep copy that shares what never changes: the dice source and the frozen log entries, outcomes and
        position (sharing them keeps the copy well under a millisecond however long the match is)."""
        shared: list[object] = [*match.log.entries, *match.outcomes, *match.legal_plays()]
        if self._dice is not None:
            shared.append(self._dice)
        shared.append(match.game.position)
        return copy.deepcopy(match, {id(item): item for item in shared})

    async def _healthy_records(self, rows: Sequence[match_store.StoredMatch]) -> list[MatchRecord]:
        """Records for a list query. A damaged match is left out and logged, so that one bad row cannot stop
        the turn timer or "my matches" for everyone; acting on it still raises CorruptMatchError."""
        records = []
        for row in rows:
            try:
                records.append(self._record(row, await self._match_at(row)))
            except CorruptMatchError as error:
                log.error("%s Run `python -m bot.service.check` for details.", error)
        return records

    def _remember(self, match_id: int, version: int, state_json: str, match: Match) -> None:
        self._cache[match_id] = _Cached(version, state_json, match)
        self._cache.move_to_end(match_id)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    async def player_logs(self, guild_id: int, user_id: int) -> list[tuple[MatchLog, int]]:
        """The logs of every match the user played in the guild, running or over, with their player index (0 or
        1): what dice statistics read (issue 18). A damaged match is left out and logged."""
        logs = []
        for stored in await match_store.matches_of_player(self.db, guild_id, user_id):
            cached = self._cache.get(stored.id)
            try:
                if cached is not None and cached.version == stored.version:
                    match = cached.match
                else:  # not kept in the cache: one player's statistics must not push the live matches out
                    match = rebuild_match(stored, await match_store.load_log(self.db, stored.id), self._dice)
            except CorruptMatchError as error:
                log.error("%s Run `python -m bot.service.check` for details.", error)
                continue
            logs.append((match.log, 0 if stored.player0_id == user_id else 1))
        return logs

    # --- matches without a challenge (issue 21) -------------------------------------------------------------

    async def start_match_directly(
        self,
        *,
        guild_id: int,
        channel_id: int,
        players: tuple[PlayerRef, PlayerRef],
        options: MatchOptions,
        parent_channel_id: int | None = None,
        within: Callable[[Connection, int], Awaitable[None]] | None = None,
        seeds: tuple[str, str] = ("", ""),
        clock: ClockPreset | None = ClockPreset.NONE,
    ) -> MatchUpdate:
        """Start a match between two players with no challenge (a tournament pairing, the computer), player 0
        first. `clock` None: the guild's default clock (issue 20).

        `within(connection, match_id)` runs in the same write trip as the new match, so a caller can tie the
        match to its own rows atomically (a tournament slot); a ServiceError from it refuses the start and
        nothing is stored. The opening roll is made at once, as for an accepted challenge (R2.1-R2.2).
        `seeds` are the players' seeds for the dice (issue 18; a tournament pairing has no interaction of theirs,
        so by default both are empty and the dice rest on the committed server seed alone).
        """
        if players[0].user_id == players[1].user_id:
            raise ServiceError("A player cannot play against themselves.")
        match_seeds = MatchSeeds(
            new_server_seed(), player_seed(seeds[0]) if seeds[0] else "", player_seed(seeds[1]) if seeds[1] else ""
        )
        now = self._clock()
        match = Match((players[0].name, players[1].name), options, self._dice_for(match_seeds))
        events = list(match.last_events)
        state = snapshot_text(match)
        options_json = json.dumps(options.to_dict(), sort_keys=True)

        async def write(connection: Connection) -> match_store.StoredMatch:
            await _refuse_busy_channel(connection, channel_id)
            chosen = await player_store.guild_clock(connection, guild_id) if clock is None else _stored_clock(clock)
            for player in _in_id_order(*players):
                await player_store.remember_player(connection, player.user_id, player.name, now)
            try:
                match_id = await match_store.insert_match(
                    connection,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    parent_channel_id=parent_channel_id,
                    player_ids=(players[0].user_id, players[1].user_id),
                    length=options.length,
                    options_json=options_json,
                    log_header=log_header_text(match),
                    state_json=state,
                    now=now,
                    clock=chosen,
                    server_seed=match_seeds.server_seed.hex(),
                    seeds=(match_seeds.challenger_seed, match_seeds.acceptor_seed),
                )
            except IntegrityError:
                raise ServiceError("There is already a match in this channel.") from None
            if within is not None:
                await within(connection, match_id)
            row = await match_store.find_match(connection, match_id)
            assert row is not None
            return row

        record = self._record(await self.db.write(write), match)
        self._remember(record.id, record.version, state, match)
        return MatchUpdate(record, events)

    @staticmethod
    def _record(stored: match_store.StoredMatch, match: Match) -> MatchRecord:
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
            timer=_timer(stored),
            message_version=stored.message_version,
            clock=match_clock(stored, stored.length),
            rematch_of=stored.rematch_of,
            fairness=fairness_info(stored),
        )

    def _dice_for(self, seeds: MatchSeeds) -> DiceSource:
        """A new match's dice: its own committed dice, unless a test gave the service a source."""
        return self._dice if self._dice is not None else CommittedDice(seeds)

    # --- the computer opponent (issue 16) ------------------------------------------------------------------------

    async def start_computer_match(
        self,
        *,
        guild_id: int,
        channel_id: int,
        human: PlayerRef,
        computer: PlayerRef,
        options: MatchOptions,
        level: str,
        parent_channel_id: int | None = None,
        clock: ClockPreset | None = None,
        seed: str = "",
    ) -> MatchUpdate:
        """Start a match against the computer at once, no challenge to accept: the human is player 0, the
        computer (the bot's own user) player 1, `level` one of bot.computer.levels. The opening roll is made
        (R2.1-R2.2); the caller lets the computer act if the match now waits for it.

        `clock` None: the guild's default clock (issue 20). The dice are committed (issue 18): the human's `seed`
        (the front end passes the interaction's id when they gave none) and the computer's, the empty string."""
        if human.user_id == computer.user_id:
            raise ServiceError("The computer cannot play itself.")
        return await self.start_match_directly(
            guild_id=guild_id,
            channel_id=channel_id,
            players=(human, computer),
            options=options,
            parent_channel_id=parent_channel_id,
            seeds=(seed, ""),
            clock=clock,
            within=lambda connection, match_id: computer_store.set_level(connection, match_id, level),
        )

    async def computer_act(self, match_id: int, user_id: int, action: Action, *, version: int) -> MatchUpdate:
        """The computer's decision, through the same path, checks and log as a human's click: `action` is made
        for `user_id`'s seat, and a `version` that moved on (the human acted meanwhile) raises StaleStateError."""
        level = await self.db.read(lambda c: computer_store.level_of(c, match_id))
        if level is None:
            raise ServiceError(f"Match #{match_id} is not played against the computer.")
        return await self._act(
            match_id, user_id, version, lambda player, _match, _stored: dataclasses.replace(action, player=player)
        )

    async def computer_level(self, match_id: int) -> str | None:
        """The level the computer plays at in this match, None for a match between two people."""
        return await self.db.read(lambda c: computer_store.level_of(c, match_id))

    async def active_computer_matches(self, guilds: ShardSet | None = None) -> list[tuple[int, str]]:
        """(match id, level) of every active match against the computer (to resume their turns at start-up);
        `guilds`: only those of the guilds this process's shards serve (issue 19)."""
        found = await self.db.read(computer_store.active_computer_matches)
        if guilds is None or guilds.serves_all:
            return found
        return [
            (match_id, level) for match_id, level in found if guilds.serves((await self._stored(match_id)).guild_id)
        ]

    async def computer_records(self, user_id: int, guild_id: int | None = None) -> list[computer_store.LevelRecord]:
        """The player's finished matches against the computer, per level (for /stats)."""
        return await self.db.read(lambda c: computer_store.level_records(c, user_id, guild_id))

    async def computer_levels_of(self, match_ids: list[int]) -> dict[int, str]:
        """Which of these matches were against the computer, and at what level (for /history)."""
        return await self.db.read(lambda c: computer_store.computer_match_ids(c, match_ids))


DEFAULT_TURN_LIMIT = GuildSettings(0).turn_limit_seconds


def _served(rows: list[match_store.StoredMatch], guilds: ShardSet | None) -> list[match_store.StoredMatch]:
    """The rows of the guilds this process serves (issue 19: each match's timers run in one process only)."""
    return rows if guilds is None or guilds.serves_all else [row for row in rows if guilds.serves(row.guild_id)]


#: How long after a match ends both players may still ask for a rematch (issue 20).
REMATCH_SECONDS = 10 * 60


def _stored_clock(clock: ClockPreset) -> str | None:
    """A preset as the database stores it: NULL for no clock."""
    return None if clock is ClockPreset.NONE else clock.value


def _in_id_order(*players: PlayerRef | None) -> list[PlayerRef]:
    """Players' rows are written in one order by every transaction, so that two of them (on PostgreSQL) never
    wait for each other's row in opposite orders."""
    return sorted((player for player in players if player is not None), key=lambda player: player.user_id)


def _guild_settings(guild_id: int, stored: player_store.StoredGuildSettings | None) -> GuildSettings:
    if stored is None:
        return GuildSettings(guild_id)
    return GuildSettings(
        guild_id, stored.turn_limit_seconds, stored.default_length, stored.threads, parse_preset(stored.clock)
    )


def _timer(stored: match_store.StoredMatch) -> TurnTimer:
    limit = DEFAULT_TURN_LIMIT if stored.turn_limit_seconds is None else stored.turn_limit_seconds
    return TurnTimer(stored.turn_started_at, limit, stored.reminded, stored.controls_at)


def _stale(current: match_store.StoredMatch) -> StaleStateError:
    return StaleStateError(
        STALE_MESSAGE,
        match_id=current.id,
        version=current.version,
        message_channel_id=current.message_channel_id,
        message_id=current.message_id,
    )


def _confirm_when_complete(player: int, match: Match) -> Action | None:
    """Auto-finish: Done once the steps entered make a complete play and nothing more can be moved (R9.2)."""
    if match.to_act == player and not match.next_steps() and Confirm in match.allowed(player):
        return Confirm(player)
    return None


def _simple(kind: Callable[[int], Action]) -> ActionMaker:
    """The maker of an action that needs nothing but its actor."""
    return lambda player, _match, _stored: kind(player)


def _duration(seconds: float) -> str:
    """'3 hours', '12 minutes', '45 seconds': a rough remaining time for messages."""
    seconds = max(0, round(seconds))
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size:
            count = seconds // size
            return f"{count} {unit}{'s' if count != 1 else ''}"
    return f"{seconds} second{'s' if seconds != 1 else ''}"
