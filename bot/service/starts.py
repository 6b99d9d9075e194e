"""New matches without a challenge to accept: a tournament pairing or the computer (`start_directly`; a rematch:
bot.service.rematches). `NewMatch` is what every start shares, an accepted challenge's too: the engine match with
its opening roll made (R2.1-R2.2) on committed dice, and its row inserted in the caller's write trip.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.engine.dice import MatchSeeds, SeedError, clean_player_seed, new_server_seed
from bot.engine.events import Event
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.i18n import N_
from bot.service.boards import first_board_change
from bot.service.clocks import ClockPreset
from bot.service.context import ServiceContext, in_id_order, record, refuse_busy_channel, stored_clock
from bot.service.errors import ServiceError
from bot.service.records import MatchUpdate, PlayerRef
from bot.service.stored_forms import acted_now, log_header_text, snapshot_text
from bot.store import board_changes
from bot.store import matches as match_store
from bot.store import players as player_store
from bot.store.backend import Connection
from bot.store.errors import IntegrityError

CHANNEL_TAKEN = N_("There is already a match in this channel.")


def player_seed(seed: str | None) -> str:
    """A player's seed for the dice, checked; None (the front end gave none) is the empty seed."""
    if seed is None:
        return ""
    try:
        return clean_player_seed(seed)
    except SeedError as error:
        raise ServiceError(error.template, **error.params) from None


@dataclass(frozen=True, slots=True)
class NewMatch:
    """A match about to be stored: the engine match after its opening roll, its seeds and snapshot."""

    match: Match
    seeds: MatchSeeds
    state: str
    events: list[Event]

    @classmethod
    def opened(cls, ctx: ServiceContext, names: tuple[str, str], options: MatchOptions, seeds: MatchSeeds) -> NewMatch:
        """A new match plays by today's rules, whatever its options were copied from (a challenge or a match
        stored before the dead-cube rule, R6.1)."""
        options = dataclasses.replace(options, dead_cube_doubles=False)
        match = Match.start(names, options, ctx.dice_for(seeds))
        return cls(match, seeds, snapshot_text(match), list(match.last_events))

    async def insert(
        self,
        connection: Connection,
        *,
        guild_id: int,
        channel_id: int,
        parent_channel_id: int | None,
        player_ids: tuple[int, int],
        now: float,
        clock: str | None,
        rematch_of: int | None = None,
        acted: tuple[float | None, float | None] = (None, None),
    ) -> int:
        """Insert the match row, its log header and snapshot, and the change its first board begins (so that
        posting it needs no write of its own; see bot.service.boards); IntegrityError when the channel has a match.
        `acted`: when each player last acted for the match (None: it starts without them)."""
        match_id = await match_store.insert_match(
            connection,
            guild_id=guild_id,
            channel_id=channel_id,
            parent_channel_id=parent_channel_id,
            player_ids=player_ids,
            length=self.match.options.length,
            options_json=json.dumps(self.match.options.to_dict(), sort_keys=True),
            log_header=log_header_text(self.match),
            state_json=self.state,
            now=now,
            clock=clock,
            rematch_of=rematch_of,
            server_seed=self.seeds.server_seed.hex(),
            seeds=(self.seeds.challenger_seed, self.seeds.acceptor_seed),
            acted=acted,
        )
        change = first_board_change(match_id, channel_id, now)
        await board_changes.begin(connection, change.match_id, change.channel_id, change.since_id)
        return match_id

    def started(self, ctx: ServiceContext, row: match_store.StoredMatch) -> MatchUpdate:
        """The update of the stored match, its state now cached."""
        new_record = record(row, self.match)
        ctx.remember(new_record.id, new_record.version, self.state, self.match)
        return MatchUpdate(new_record, self.events)


async def found_row(connection: Connection, match_id: int) -> match_store.StoredMatch:
    row = await match_store.find_match(connection, match_id)
    assert row is not None
    return row


async def start_directly(
    ctx: ServiceContext,
    *,
    guild_id: int,
    channel_id: int,
    players: tuple[PlayerRef, PlayerRef],
    options: MatchOptions,
    parent_channel_id: int | None = None,
    within: Callable[[Connection, int], Awaitable[None]] | None = None,
    seeds: tuple[str, str] = ("", ""),
    clock: ClockPreset | None = ClockPreset.NONE,
    server_seed: bytes | None = None,
    first: Callable[[Connection], Awaitable[None]] | None = None,
    started_by: int | None = None,
) -> MatchUpdate:
    """Start a match between two players with no challenge, player 0 first; see GameService.start_match_directly.
    `first` runs at the start of the write transaction (a check that may refuse), `within` after the insert;
    `started_by`: the player who asked for it (so acting now), None when neither did (a tournament pairing)."""
    if players[0].user_id == players[1].user_id:
        raise ServiceError(N_("A player cannot play against themselves."))
    match_seeds = MatchSeeds(
        new_server_seed() if server_seed is None else server_seed,
        player_seed(seeds[0]) if seeds[0] else "",
        player_seed(seeds[1]) if seeds[1] else "",
    )
    now = ctx.clock()
    new = NewMatch.opened(ctx, (players[0].name, players[1].name), options, match_seeds)

    async def write(connection: Connection) -> match_store.StoredMatch:
        if first is not None:
            await first(connection)
        await refuse_busy_channel(connection, channel_id)
        chosen = await player_store.guild_clock(connection, guild_id) if clock is None else stored_clock(clock)
        for player in in_id_order(*players):
            await player_store.remember_player(connection, player.user_id, player.name, now)
        try:
            match_id = await new.insert(
                connection,
                guild_id=guild_id,
                channel_id=channel_id,
                parent_channel_id=parent_channel_id,
                player_ids=(players[0].user_id, players[1].user_id),
                now=now,
                clock=chosen,
                acted=acted_now((players[0].user_id, players[1].user_id), started_by, now),
            )
        except IntegrityError:
            raise ServiceError(CHANNEL_TAKEN) from None
        if within is not None:
            await within(connection, match_id)
        return await found_row(connection, match_id)

    return new.started(ctx, await ctx.db.write(write))
