"""Rematch: both players of a finished match press Rematch within REMATCH_SECONDS of its end, and one new
match with the same options and clock starts in the same place, exactly once: a unique index on `rematch_of`
refuses a second one whatever the race (the later press gets it as `existing`).

Its dice: the first press draws the rematch's server seed, and the message that asks
the other player shows its commitment (the front end posts it and records its id, `rematch_shown`). The rematch
starts with the other player's first press that Discord gave a larger id than that message, a press made after
the commitment was shown. Its seeds are the id of that message (in the place of the player who asked) and the id
of that press (the other player's place): Discord assigns both, the bot can choose neither, and the press's id,
which the bot cannot make again either, exists only after the commitment was shown.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.engine.dice import MatchSeeds, commitment, new_server_seed
from bot.engine.options import MatchOptions
from bot.i18n import N_
from bot.service.context import ServiceContext, refuse_busy_channel
from bot.service.errors import ServiceError
from bot.service.records import MatchStatus, PlayerRef, Rematch
from bot.service.starts import CHANNEL_TAKEN, NewMatch, found_row
from bot.service.stored_forms import acted_now
from bot.store import matches as match_store
from bot.store import rematches as rematch_store
from bot.store.backend import Connection
from bot.store.errors import IntegrityError
from bot.store.rematches import RematchRequest

#: How long after a match ends both players may still ask for a rematch.
REMATCH_SECONDS = 10 * 60
#: Seconds after which a request whose message was never posted (the bot stopped meanwhile) is shown again by
#: the other player's press too; before that only the player who asked shows it again by pressing again.
STALE_SHOWING = 30.0


@dataclass(frozen=True, slots=True)
class _Outcome:
    """What one write trip found or did; turned into a Rematch once committed."""

    request: RematchRequest | None = None
    existing: match_store.StoredMatch | None = None
    started: tuple[NewMatch, match_store.StoredMatch] | None = None
    show: bool = False
    too_early: bool = False
    duplicate: bool = False


async def rematch(ctx: ServiceContext, match_id: int, user_id: int, press_id: int) -> Rematch:
    """A player of a finished match presses Rematch; `press_id` is the id Discord gave the press."""
    now = ctx.clock()
    async with ctx.locks.hold(match_id):
        stored = await ctx.stored(match_id)
        if user_id not in (stored.player0_id, stored.player1_id):
            raise ServiceError(
                N_("This match was between {first} and {second}."), first=stored.names[0], second=stored.names[1]
            )
        if stored.status != MatchStatus.FINISHED.value or stored.finished_at is None:
            raise ServiceError(N_("Only a finished match can have a rematch."))
        existing = await ctx.db.read(lambda c: match_store.find_rematch(c, match_id))
        if existing is not None:
            return Rematch(existing=await ctx.record_of(existing))
        if now > stored.finished_at + REMATCH_SECONDS:
            raise ServiceError(
                N_("The rematch offer ran out 10 minutes after the match ended: start a new one with `/bg challenge`.")
            )
        server_seed = new_server_seed().hex()  # used only if this press is the first
        outcome = await ctx.db.write(lambda c: _press(ctx, c, stored, user_id, press_id, server_seed, now))
    return await _result(ctx, stored, outcome)


async def rematch_shown(ctx: ServiceContext, match_id: int, message_id: int) -> Rematch:
    """The message that shows the request's commitment was posted with this id: record it (the first one wins:
    another is a `duplicate`), and start the rematch if the other player pressed after it meanwhile."""
    async with ctx.locks.hold(match_id):
        stored = await ctx.stored(match_id)
        outcome = await ctx.db.write(lambda c: _shown(ctx, c, stored, message_id))
    return await _result(ctx, stored, outcome)


async def _press(
    ctx: ServiceContext,
    connection: Connection,
    stored: match_store.StoredMatch,
    user_id: int,
    press_id: int,
    server_seed: str,
    now: float,
) -> _Outcome:
    match_id = stored.id
    await connection.lock("match", match_id)  # both players' presses, one after the other
    found = await match_store.find_rematch(connection, match_id)
    if found is not None:
        return _Outcome(existing=found)
    request = await rematch_store.request_of(connection, match_id)
    if request is None:  # the first press: the rematch's dice are drawn now, shown before the other press
        await rematch_store.ask(connection, match_id, user_id, press_id, server_seed, now)
        return _Outcome(request=RematchRequest(user_id, server_seed, None, now), show=True)
    if request.user_id == user_id:  # asked again: shown again if its message never was
        return _Outcome(request=request, show=request.message_id is None)
    if request.message_id is not None and press_id > request.message_id:
        return await _start(ctx, connection, stored, request, press_id)
    await rematch_store.record_press(connection, match_id, user_id, press_id, now)
    stale = request.message_id is None and now - request.requested_at > STALE_SHOWING
    return _Outcome(request=request, show=stale, too_early=True)


async def _shown(
    ctx: ServiceContext, connection: Connection, stored: match_store.StoredMatch, message_id: int
) -> _Outcome:
    match_id = stored.id
    await connection.lock("match", match_id)
    found = await match_store.find_rematch(connection, match_id)
    if found is not None:
        return _Outcome(existing=found)
    recorded = await rematch_store.set_shown(connection, match_id, message_id)
    request = await rematch_store.request_of(connection, match_id)
    if request is None:
        return _Outcome()
    if recorded != message_id:
        return _Outcome(request=request, duplicate=True)
    other = stored.player1_id if request.user_id == stored.player0_id else stored.player0_id
    pressed = await rematch_store.press_of(connection, match_id, other)
    if pressed is not None and pressed > message_id:  # pressed after the message, before it was recorded
        return await _start(ctx, connection, stored, request, pressed)
    return _Outcome(request=request)


async def _start(
    ctx: ServiceContext,
    connection: Connection,
    stored: match_store.StoredMatch,
    request: RematchRequest,
    press_id: int,
) -> _Outcome:
    """The rematch, in the caller's write trip: the asker's seed is the request's message id, the other's the
    id of the press that started it."""
    players = (stored.player0_id, stored.player1_id)
    asker = players.index(request.user_id)
    seeds = [str(press_id), str(press_id)]
    seeds[asker] = str(request.message_id)
    dice = MatchSeeds(bytes.fromhex(request.server_seed), seeds[0], seeds[1])
    new = NewMatch.opened(ctx, stored.names, MatchOptions.from_dict(json.loads(stored.options_json)), dice)
    now = ctx.clock()  # the other player's press starts it: they act now
    await refuse_busy_channel(connection, stored.channel_id)
    try:
        new_id = await new.insert(
            connection,
            guild_id=stored.guild_id,
            channel_id=stored.channel_id,
            parent_channel_id=stored.parent_channel_id,
            player_ids=players,
            now=now,
            clock=stored.clock,
            rematch_of=stored.id,
            acted=acted_now(players, players[1 - asker], now),
        )
    except IntegrityError:  # another process started it (or a match here) just now
        found = await match_store.find_rematch(connection, stored.id)
        if found is None:
            raise ServiceError(CHANNEL_TAKEN) from None
        return _Outcome(existing=found)
    return _Outcome(started=(new, await found_row(connection, new_id)))


async def _result(ctx: ServiceContext, stored: match_store.StoredMatch, outcome: _Outcome) -> Rematch:
    if outcome.existing is not None:
        return Rematch(existing=await ctx.record_of(outcome.existing))
    if outcome.started is not None:
        new, row = outcome.started
        return Rematch(started=new.started(ctx, row))
    request = outcome.request
    if request is None:
        return Rematch()
    refs = (PlayerRef(stored.player0_id, stored.names[0]), PlayerRef(stored.player1_id, stored.names[1]))
    asker = 0 if request.user_id == stored.player0_id else 1
    return Rematch(
        waiting_for=refs[1 - asker],
        asked_by=refs[asker],
        commitment=commitment(bytes.fromhex(request.server_seed)),
        show=outcome.show,
        too_early=outcome.too_early,
        duplicate=outcome.duplicate,
    )
