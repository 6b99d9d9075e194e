"""Challenges: posted, accepted (which starts the match), declined, withdrawn or expired after 10 minutes.

A challenge is refused to oneself, in a channel with an active match (ChannelBusyError) unless played in a
thread, and beyond MAX_OPEN_CHALLENGES open challenges per member or a second one to the same opponent
(ChallengeLimitError, pointing to the open one). The challenge draws the server seed of the match's dice and shows
its commitment before anyone accepts. A late or second accept hears who accepted first
(AlreadyAcceptedError).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import NoReturn

from bot.engine.dice import MatchSeeds, commitment, new_server_seed
from bot.engine.options import MatchOptions
from bot.i18n import N_
from bot.service.clocks import ClockPreset, parse_preset
from bot.service.context import ServiceContext, in_id_order, refuse_busy_channel, stored_clock
from bot.service.errors import AlreadyAcceptedError, ChallengeLimitError, NotFoundError, ServiceError
from bot.service.locks import KeyedLocks
from bot.service.records import (
    CHALLENGE_SECONDS,
    MAX_OPEN_CHALLENGES,
    Challenge,
    ChallengeStatus,
    MatchUpdate,
    PlayerRef,
)
from bot.service.starts import CHANNEL_TAKEN, NewMatch, found_row, player_seed
from bot.sharding import ShardSet
from bot.store import challenges as challenge_store
from bot.store import matches as match_store
from bot.store import players as player_store
from bot.store.backend import Connection
from bot.store.errors import IntegrityError

#: Opens the place a thread challenge is played in (the front end's new thread) and returns its channel id.
#: Called by `accept` only once the acceptor passed every check, at most once per challenge.
CHALLENGE_GONE = N_("This challenge does not exist (any more).")
OWN_CHALLENGE = N_("You cannot accept your own challenge.")
NOT_YOURS = N_("This challenge is for {name}.")
#: The refusal of an answer to a challenge that is closed already, by how it was closed.
ALREADY_CLOSED = {
    ChallengeStatus.ACCEPTED: N_("This challenge was already accepted."),
    ChallengeStatus.DECLINED: N_("This challenge was already declined."),
    ChallengeStatus.CANCELLED: N_("This challenge was already withdrawn."),
    ChallengeStatus.EXPIRED: N_("This challenge has expired."),
}

#: Who may close an open challenge this way, and what everyone else hears.
_CLOSERS: dict[ChallengeStatus, tuple[Callable[[challenge_store.StoredChallenge], int | None], str]] = {
    ChallengeStatus.DECLINED: (
        lambda stored: stored.opponent_id,
        N_("Only the challenged player can decline this challenge."),
    ),
    ChallengeStatus.CANCELLED: (
        lambda stored: stored.challenger_id,
        N_("Only the challenger can withdraw this challenge."),
    ),
}


class Challenges:
    """Posting and answering challenges; `accept` starts the match."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx
        self._locks = KeyedLocks()  # accepts of one challenge, one at a time (a thread is opened once)

    async def create(
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

        `in_thread` None: as the guild's setting says (`settings.set_threads`); `clock` None likewise
        (`settings.set_clock`). One trip to the database, like a game action: the challenge is posted
        only once it is stored. `seed` is the challenger's seed for the dice (the front end passes the
        interaction's id when they gave none); the server seed is drawn now, so that its commitment is shown
        before anyone accepts.
        """
        if opponent is not None and opponent.user_id == challenger.user_id:
            raise ServiceError(N_("You cannot challenge yourself."))
        challenger_seed = player_seed(seed)
        server_seed = new_server_seed().hex()
        now = self._ctx.clock()

        async def write(connection: Connection) -> challenge_store.StoredChallenge:
            await connection.lock("member", challenger.user_id)  # the limits below, across processes too
            thread = await player_store.guild_plays_in_threads(connection, guild_id) if in_thread is None else in_thread
            if not thread:
                await refuse_busy_channel(connection, channel_id)
            await _refuse_too_many_challenges(connection, challenger.user_id, opponent, now)
            chosen = await player_store.guild_clock(connection, guild_id) if clock is None else stored_clock(clock)
            for player in in_id_order(challenger, opponent):
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

        stored = await self._ctx.db.write(write)
        names = {challenger.user_id: challenger.name} | ({} if opponent is None else {opponent.user_id: opponent.name})
        return _challenge_record(stored, names)

    async def get(self, challenge_id: int) -> Challenge:
        stored = await self._ctx.db.read(lambda c: challenge_store.load_challenge(c, challenge_id))
        if stored is None:
            raise NotFoundError(CHALLENGE_GONE)
        return await self._with_names(stored)

    async def open_in(self, channel_id: int) -> list[Challenge]:
        """The open challenges of a channel, newest first: `/bg fairness` shows their dice's commitments there, so
        the commitment can be read before anyone accepts while the challenge itself says it in one short line."""
        now = self._ctx.clock()
        stored = await self._ctx.db.read(lambda c: challenge_store.open_challenges_in(c, channel_id, now))
        return [await self._with_names(challenge) for challenge in stored]

    async def accept(
        self, challenge_id: int, user: PlayerRef, *, channel_id: int | None = None, seed: str | None = None
    ) -> MatchUpdate:
        """Accept a challenge and start the match where `channel_id` says (default: the challenge's channel): see
        `accepting`, for a front end that opens a thread for it first."""
        async with self.accepting(challenge_id, user) as acceptance:
            return await acceptance.start(channel_id, seed)

    @contextlib.asynccontextmanager
    async def accepting(self, challenge_id: int, user: PlayerRef) -> AsyncIterator[Acceptance]:
        """The challenge, checked as `user` may accept it, and held (a per-challenge lock) until the block ends: the
        front end opens the match's thread inside it when the challenge asks for one, then starts the match
        (`Acceptance.start`; player 0 the challenger, the opening roll made, R2.1-R2.2). A refused accept raises
        before the block, so that nothing is opened for it, and a second accept waits for the first. The checks
        run again in the start's one write trip, which another process's accept could still win."""
        async with self._locks.hold(challenge_id):
            now = self._ctx.clock()
            stored = await self._ctx.db.read(lambda c: _acceptable_challenge(c, challenge_id, user.user_id, now))
            challenge = await self._with_names(stored)
            _check_acceptor(challenge, user)
            yield Acceptance(self, stored, challenge, user, now)

    async def _start_match(
        self, challenge: Challenge, user: PlayerRef, channel_id: int | None, now: float, seeds: MatchSeeds
    ) -> MatchUpdate:
        """The match of an accepted challenge, stored in one write trip that checks the challenge again."""
        challenge_id = challenge.id
        play_channel = challenge.channel_id if channel_id is None else channel_id
        new = NewMatch.opened(self._ctx, (challenge.challenger.name, user.name), challenge.options, seeds)

        async def write(connection: Connection) -> match_store.StoredMatch:
            await connection.lock("challenge", challenge_id)  # one accept at a time, across processes too
            stored = await _acceptable_challenge(connection, challenge_id, user.user_id, now)
            await refuse_busy_channel(connection, play_channel)
            await player_store.remember_player(connection, user.user_id, user.name, now)
            try:
                match_id = await new.insert(
                    connection,
                    guild_id=stored.guild_id,
                    channel_id=play_channel,
                    parent_channel_id=stored.channel_id if play_channel != stored.channel_id else None,
                    player_ids=(stored.challenger_id, user.user_id),
                    now=now,
                    clock=stored.clock,
                    acted=(stored.created_at, now),  # the challenger acted when they challenged
                )
            except IntegrityError:  # another process started a match in this channel just now
                raise ServiceError(CHANNEL_TAKEN) from None
            closed = await challenge_store.close_challenge(
                connection, challenge_id, ChallengeStatus.ACCEPTED.value, match_id
            )
            if closed is None:  # expired (the timer takes no lock) or answered meanwhile: the match is not kept
                await _closed_meanwhile(connection, challenge_id, now, user.user_id)
            return await found_row(connection, match_id)

        return new.started(self._ctx, await self._ctx.db.write(write))

    async def decline(self, challenge_id: int, user_id: int) -> Challenge:
        """The challenged member says no (an open challenge cannot be declined, only left to expire)."""
        return await self._close(challenge_id, user_id, ChallengeStatus.DECLINED)

    async def cancel(self, challenge_id: int, user_id: int) -> Challenge:
        """The challenger takes the challenge back."""
        return await self._close(challenge_id, user_id, ChallengeStatus.CANCELLED)

    async def _close(self, challenge_id: int, user_id: int, status: ChallengeStatus) -> Challenge:
        """Close an open challenge as declined or cancelled, if `user_id` may (see _CLOSERS)."""
        now = self._ctx.clock()
        who, refusal = _CLOSERS[status]

        async def write(connection: Connection) -> challenge_store.StoredChallenge:
            await connection.lock("challenge", challenge_id)  # after an accept in another process, not during it
            stored = await _open_challenge(connection, challenge_id, now)
            if who(stored) != user_id:
                raise ServiceError(refusal)
            closed = await challenge_store.close_challenge(connection, challenge_id, status.value)
            if closed is None:  # the timer expired it meanwhile
                await _closed_meanwhile(connection, challenge_id, now)
            return closed

        return await self._with_names(await self._ctx.db.write(write))

    async def expire(self, guilds: ShardSet | None = None) -> list[Challenge]:
        """Mark every open challenge whose 10 minutes are up as expired; returns them (to update their messages).
        `guilds`: only those of the guilds this process's shards serve."""
        now = self._ctx.clock()

        async def expire(connection: Connection) -> list[challenge_store.StoredChallenge]:
            if guilds is None or guilds.serves_all:
                return await challenge_store.expire_challenges(connection, now)
            due = [c for c in await challenge_store.due_challenges(connection, now) if guilds.serves(c.guild_id)]
            closed = [await challenge_store.close_challenge(connection, c.id, "expired") for c in due]
            return [c for c in closed if c is not None]

        expired = await self._ctx.db.write(expire)
        return [await self._with_names(stored) for stored in expired]

    async def set_message(self, challenge_id: int, channel_id: int, message_id: int) -> None:
        """Remember the challenge's message (`Challenge.message_channel_id` / `.message_id`), so that its expiry
        can be shown there even after a restart."""

        async def write(connection: Connection) -> bool:
            return await challenge_store.set_challenge_message(connection, challenge_id, channel_id, message_id)

        if not await self._ctx.db.write(write):
            raise NotFoundError(CHALLENGE_GONE)

    async def _with_names(self, stored: challenge_store.StoredChallenge) -> Challenge:
        ids = [stored.challenger_id] + ([] if stored.opponent_id is None else [stored.opponent_id])
        return _challenge_record(stored, await player_store.player_names(self._ctx.db, ids))


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


async def _open_challenge(connection: Connection, challenge_id: int, now: float) -> challenge_store.StoredChallenge:
    """The challenge, if it can still be answered (a ServiceError says why not)."""
    stored = await challenge_store.load_challenge(connection, challenge_id)
    if stored is None:
        raise NotFoundError(CHALLENGE_GONE)
    if stored.status != ChallengeStatus.OPEN.value:
        raise ServiceError(ALREADY_CLOSED.get(ChallengeStatus(stored.status), N_("This challenge is closed.")))
    if stored.expires_at <= now:
        raise ServiceError(N_("This challenge has expired."))
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
                N_("You accepted this challenge already.") if acceptor_id == user_id else N_("{name} accepted first.")
            )
            raise AlreadyAcceptedError(
                text,
                params={"name": acceptor_name},
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
    that commit, so reading it again says what it became. The caller's transaction rolls back."""
    if acceptor_id is None:
        await _open_challenge(connection, challenge_id, now)
    else:
        await _acceptable_challenge(connection, challenge_id, acceptor_id, now)
    raise ServiceError(N_("This challenge was answered meanwhile."))


async def _refuse_too_many_challenges(
    connection: Connection, challenger_id: int, opponent: PlayerRef | None, now: float
) -> None:
    """At most MAX_OPEN_CHALLENGES open challenges per member, and one at a time to the same opponent."""
    waiting = await challenge_store.open_challenges_by(connection, challenger_id, now)
    same = [c for c in waiting if opponent is not None and c.opponent_id == opponent.user_id]
    if opponent is not None and same:
        text = N_("You have already challenged {name}: wait for the answer, or withdraw that challenge first.")
    elif len(waiting) >= MAX_OPEN_CHALLENGES:
        text = N_(
            "You already have {count} open challenges, the most one member may have at a time: "
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
        params={"name": opponent.name if opponent is not None else "", "count": len(waiting)},
    )


def _check_acceptor(challenge: Challenge, user: PlayerRef) -> None:
    if user.user_id == challenge.challenger.user_id:
        raise ServiceError(OWN_CHALLENGE)
    if challenge.opponent is not None and challenge.opponent.user_id != user.user_id:
        raise ServiceError(NOT_YOURS, name=challenge.opponent.name)


@dataclass(frozen=True, slots=True)
class Acceptance:
    """A challenge its acceptor may accept, while `Challenges.accepting` holds it."""

    challenges: Challenges
    stored: challenge_store.StoredChallenge
    challenge: Challenge
    acceptor: PlayerRef
    now: float

    async def start(self, channel_id: int | None = None, seed: str | None = None) -> MatchUpdate:
        """Start the match in `channel_id` (the thread opened for it; default: the challenge's channel). `seed` is
        the acceptor's seed for the dice: fixed only now, after the challenge showed the server seed's
        commitment."""
        stored = self.stored
        # Both seeds are stored with every challenge, and an open one is at most 10 minutes old.
        assert stored.server_seed is not None and stored.challenger_seed is not None
        seeds = MatchSeeds(bytes.fromhex(stored.server_seed), stored.challenger_seed, player_seed(seed))
        return await self.challenges._start_match(self.challenge, self.acceptor, channel_id, self.now, seeds)
