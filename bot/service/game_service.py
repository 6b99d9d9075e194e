"""GameService: the one door through which the cogs change anything (no Discord imports).

It builds the service's parts over one shared ServiceContext and exposes them: `act` for every match action
(bot.service.actions), `challenges`, `timers`, `settings`, `computer`, `boards`, `tutor`, plus the starts without a
challenge (bot.service.starts) and the match queries below. Plain ids in, plain data out; every refusal is a
ServiceError whose text is meant for the player, and nothing is changed when one is raised.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Sequence

from bot.engine.dice import DiceSource
from bot.engine.match_log import MatchLog
from bot.engine.options import MatchOptions
from bot.service import rematches, starts
from bot.service.actions import Actions, Also
from bot.service.boards import Boards
from bot.service.challenges import Challenges
from bot.service.clocks import ClockPreset
from bot.service.commands import Command
from bot.service.computer import COMPUTER_MATCHES_PER_MEMBER, ComputerSeats
from bot.service.context import MatchFinishedHook, ServiceContext
from bot.service.errors import CorruptMatchError
from bot.service.records import MatchRecord, MatchUpdate, PlayerRef, Rematch
from bot.service.settings import GuildAndPlayerSettings
from bot.service.stored_forms import replay_stored
from bot.service.timers import Timers
from bot.service.tutor import Tutor
from bot.store import matches as match_store
from bot.store.backend import Connection, Database

log = logging.getLogger(__name__)


class GameService:
    """The service's parts, built over one context; see the module docstrings of each part for the details."""

    def __init__(
        self,
        db: Database,
        *,
        dice: DiceSource | None = None,
        clock: Callable[[], float] = time.time,
        on_match_finished: Sequence[MatchFinishedHook] = (),
        cache_size: int = 4096,
        computer_matches_per_member: int = COMPUTER_MATCHES_PER_MEMBER,
    ) -> None:
        self.db = db
        self._ctx = ServiceContext(db, dice=dice, clock=clock, hooks=on_match_finished, cache_size=cache_size)
        self.challenges = Challenges(self._ctx)
        self.timers = Timers(self._ctx)
        self.settings = GuildAndPlayerSettings(self._ctx)
        self.computer = ComputerSeats(self._ctx, per_member=computer_matches_per_member)
        self.boards = Boards(self._ctx)
        self._actions = Actions(self._ctx, self.settings.player_prefs)
        self.tutor = Tutor(self._ctx, self._actions)  # holds the human's costly decisions against the computer

    def now(self) -> float:
        """The service's clock (injectable; the match clocks and turn limits run on it)."""
        return self._ctx.clock()

    def add_match_finished_hook(self, hook: MatchFinishedHook) -> None:
        """Register a hook after construction (the ratings cog does this when it loads)."""
        self._ctx.hooks.append(hook)

    async def act(
        self,
        match_id: int,
        user_id: int,
        command: Command,
        *,
        version: int | None = None,
        answered_on: tuple[int, int] | None = None,
        also: Also | None = None,
    ) -> MatchUpdate:
        """Apply a player's command (bot.service.commands) at the state `version` they saw (None: typed
        commands); stored in one transaction before it returns, with `answered_on`, the board (channel id, message
        id) the press will be answered on, and `also`, another part's writes. See bot.service.actions."""
        return await self._actions.act(match_id, user_id, command, version=version, answered_on=answered_on, also=also)

    async def abort_matches_in_channel(self, channel_id: int) -> list[MatchRecord]:
        """A deleted channel or thread: its active matches (and its threads') end aborted, unrated, with no user in
        the log; returns the ones ended now (none when called again)."""
        return await self._actions.abort_in_channel(channel_id)

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
        server_seed: bytes | None = None,
    ) -> MatchUpdate:
        """Start a match between two players with no challenge (a tournament pairing), player 0 first, the
        opening roll made (R2.1-R2.2). `clock` None: the guild's default clock.

        `within(connection, match_id)` runs in the same write trip as the new match, so a caller can tie the
        match to its own rows atomically (a tournament slot); a ServiceError from it refuses the start and
        nothing is stored. `seeds` are the players' seeds for the dice (by default both are empty and
        the dice rest on the server seed alone). `server_seed`: one drawn (and its commitment shown) beforehand,
        so that a seed fixed after that showing can go with it (a tournament pairing); None draws one.
        """
        return await starts.start_directly(
            self._ctx,
            guild_id=guild_id,
            channel_id=channel_id,
            players=players,
            options=options,
            parent_channel_id=parent_channel_id,
            within=within,
            seeds=seeds,
            clock=clock,
            server_seed=server_seed,
        )

    async def rematch(self, match_id: int, user_id: int, press_id: int) -> Rematch:
        """Both players of a finished match ask within 10 minutes of its end: exactly one new match starts, on dice
        seeded by the ids Discord gave the request's message and the other player's later press (`press_id`, the
        id of this press); see bot.service.rematches."""
        return await rematches.rematch(self._ctx, match_id, user_id, press_id)

    async def rematch_shown(self, match_id: int, message_id: int) -> Rematch:
        """The request for a rematch, with its dice's commitment, was posted as `message_id`."""
        return await rematches.rematch_shown(self._ctx, match_id, message_id)

    async def match(self, match_id: int) -> MatchRecord:
        """The match as stored now; NotFoundError for an unknown id, CorruptMatchError for a damaged one."""
        return await self._ctx.record_of(await self._ctx.stored(match_id))

    async def match_in_channel(self, channel_id: int) -> MatchRecord | None:
        """The active match played in this channel (or thread), if any."""
        stored = await match_store.active_match_in_channel(self.db, channel_id)
        return None if stored is None else await self._ctx.record_of(stored)

    async def recent_matches_in_channel(self, channel_id: int, limit: int = 25) -> list[MatchRecord]:
        """Matches of a channel or of threads made from it, running or over: the active ones first, then the most
        recently played (for exports; a damaged match is left out and logged)."""
        return await self._ctx.healthy_records(await match_store.recent_matches_in_channel(self.db, channel_id, limit))

    async def active_matches(self, user_id: int) -> list[MatchRecord]:
        """The user's active matches, most recently played first."""
        return await self._ctx.healthy_records(await match_store.active_matches_of(self.db, user_id))

    async def player_logs(self, guild_id: int, user_id: int) -> list[tuple[MatchLog, int]]:
        """The logs of every match the user played in the guild, running or over, with their player index (0 or
        1): what dice statistics read. A damaged match is left out and logged."""
        logs = []
        for stored in await match_store.matches_of_player(self.db, guild_id, user_id):
            try:
                match = self._ctx.cached(stored.id, stored.version)
                if match is None:  # not kept in the cache: one player's statistics must not push the live matches out
                    match = await replay_stored(self.db, stored)
            except CorruptMatchError as error:
                log.error("%s Run `python -m bot.service.check` for details.", error)
                continue
            logs.append((match.log, 0 if stored.player0_id == user_id else 1))
        return logs
