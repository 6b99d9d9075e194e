"""The computer's seats: matches against the computer, the level it plays at, and its records.

The computer acts through `GameService.act` with a ComputerDecision command, the same path, checks and log as a
human's click.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.engine.dice import commitment, new_server_seed
from bot.engine.options import MatchOptions
from bot.i18n import N_
from bot.service.clocks import ClockPreset
from bot.service.context import ServiceContext
from bot.service.errors import ComputerLimitError, ServiceError
from bot.service.records import MatchUpdate, PlayerRef
from bot.service.starts import start_directly
from bot.sharding import ShardSet
from bot.store import computer as computer_store
from bot.store.backend import Connection
from bot.tutor import store as tutor_store
from bot.tutor.advice import Threshold

#: Matches against the computer one member may play at a time (so that one member's world-class matches
#: cannot hold every worker); the setting COMPUTER_MATCHES_PER_MEMBER.
COMPUTER_MATCHES_PER_MEMBER = 2

#: Shows a new match's dice commitment where it is played, before the match exists, and returns the id Discord gave
#: that message: the computer's seed, which nobody chooses and which exists only once the commitment is shown.
ShowCommitment = Callable[[str], Awaitable[int]]


class ComputerSeats:
    """Starting matches against the computer, and what is stored about its seat."""

    def __init__(self, ctx: ServiceContext, *, per_member: int = COMPUTER_MATCHES_PER_MEMBER) -> None:
        self._ctx = ctx
        self.per_member = per_member

    async def start_match(
        self,
        *,
        guild_id: int,
        channel_id: int,
        human: PlayerRef,
        computer: PlayerRef,
        options: MatchOptions,
        level: str,
        announce: ShowCommitment,
        parent_channel_id: int | None = None,
        clock: ClockPreset | None = None,
        seed: str = "",
        tutor: Threshold | None = None,
    ) -> MatchUpdate:
        """Start a match against the computer at once, no challenge to accept: the human is player 0, the
        computer (the bot's own user) player 1, `level` one of bot.computer.levels. The opening roll is made
        (R2.1-R2.2); the caller lets the computer act if the match now waits for it.

        `clock` None: the guild's default clock. The dice are committed: the
        server seed is drawn first and `announce(commitment)` shows its commitment; the id of that message is the
        computer's seed, the human's is `seed` (the front end passes the interaction's id when they gave none).
        `tutor`: from which loss the human's decisions are held (bot.service.tutor), stored with the match; None:
        the human's own default (`/bg settings tutor:`).

        :raises ComputerLimitError: the human already plays `per_member` matches against the computer (checked in
            the transaction that stores the new one, so two starts at once cannot both pass)."""
        if human.user_id == computer.user_id:
            raise ServiceError(N_("The computer cannot play itself."))

        async def set_level(connection: Connection, match_id: int) -> None:
            await computer_store.set_level(connection, match_id, level)
            await tutor_store.set_match_threshold(connection, match_id, chosen)

        async def refuse_too_many(connection: Connection) -> None:
            await self._refuse_too_many(connection, human.user_id)

        await self.check_room(human.user_id)
        if tutor is None:  # the human's own default
            tutor = await self._ctx.db.read(lambda c: tutor_store.player_default(c, human.user_id))
        chosen: Threshold = tutor
        server_seed = new_server_seed()
        message_id = await announce(commitment(server_seed))
        return await start_directly(
            self._ctx,
            guild_id=guild_id,
            channel_id=channel_id,
            players=(human, computer),
            options=options,
            parent_channel_id=parent_channel_id,
            seeds=(seed, str(message_id)),
            server_seed=server_seed,
            clock=clock,
            within=set_level,
            first=refuse_too_many,
            started_by=human.user_id,
        )

    async def check_room(self, user_id: int) -> None:
        """Refuse, before anything is shown, a start the member has no room for; `start_match` checks again when it
        stores the match.

        :raises ComputerLimitError: the member already plays `per_member` matches against the computer."""
        await self._ctx.db.read(lambda connection: self._refuse_too_many(connection, user_id, locked=False))

    async def _refuse_too_many(self, connection: Connection, user_id: int, *, locked: bool = True) -> None:
        """Refuse a new match when the member already plays `per_member` against the computer. The member's lock,
        held to the commit, makes a second start at once wait and then count this one; without it (`locked`
        False), the check before anything is shown, so that a refused start posts no commitment."""
        if locked:
            await connection.lock("member", user_id)
        running = await computer_store.running_matches_of(connection, user_id)
        if len(running) < self.per_member:
            return
        template = (
            N_(
                "You already play {count} match against the computer, and one member may play {most} at a time: "
                "finish or resign it first."
            )
            if len(running) == 1
            else N_(
                "You already play {count} matches against the computer, and one member may play {most} at a "
                "time: finish or resign one of them first."
            )
        )
        raise ComputerLimitError(template, running=running, params={"count": len(running), "most": self.per_member})

    async def level(self, match_id: int) -> str | None:
        """The level the computer plays at in this match, None for a match between two people."""
        return await self._ctx.db.read(lambda c: computer_store.level_of(c, match_id))

    async def active_matches(self, guilds: ShardSet | None = None) -> list[tuple[int, str]]:
        """(match id, level) of every active match against the computer (to resume their turns at start-up);
        `guilds`: only those of the guilds this process's shards serve."""
        found = await self._ctx.db.read(computer_store.active_computer_matches)
        if guilds is None or guilds.serves_all:
            return found
        return [
            (match_id, level) for match_id, level in found if guilds.serves((await self._ctx.stored(match_id)).guild_id)
        ]

    async def records(self, user_id: int, guild_id: int | None = None) -> list[computer_store.LevelRecord]:
        """The player's finished matches against the computer, per level (for /stats)."""
        return await self._ctx.db.read(lambda c: computer_store.level_records(c, user_id, guild_id))

    async def levels_of(self, match_ids: list[int]) -> dict[int, str]:
        """Which of these matches were against the computer, and at what level (for /history)."""
        return await self._ctx.db.read(lambda c: computer_store.computer_match_ids(c, match_ids))
