"""Takes the computer's turns through the game service, like a human's clicks. No Discord imports.

`ComputerTurns.play(match_id)` asks the pool for each decision the match waits the computer for and applies
it with `GameService.act` (the same checks, transaction and action log as a button), until a human
must act or the match is over. The stored updates go to `on_update(update, before)` merged, once a human must
act or a game ended (its roll and its play make one message, like a human's turn), with the match as it was
before them (the cog posts the board and a line).
`schedule` runs that in the background, at most one runner per match; `resume_all` does it at start-up for
every active computer match, so a turn pending when the bot stopped is taken at the next start.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

from bot.computer.pool import ComputerPool
from bot.engine.events import GameWon
from bot.engine.match import Match
from bot.service import GameService, MatchRecord, MatchStatus, MatchUpdate, ServiceError, StaleStateError
from bot.service import commands as cmd
from bot.sharding import ShardSet

log = logging.getLogger(__name__)

OnUpdate = Callable[[MatchUpdate, Match], Awaitable[None]]
#: What a match is held in while the computer takes its turn (the front end: nobody else shows the match meanwhile).
Guard = Callable[[int], contextlib.AbstractContextManager[None]]

#: A computer match never loops for ever: far more decisions than any real game has in a row.
MAX_DECISIONS_IN_A_ROW = 500


async def _ignore(_update: MatchUpdate, _before: Match) -> None:
    return None


def merged(updates: list[MatchUpdate]) -> MatchUpdate:
    """Several updates told as one: the last state, every event in order."""
    return MatchUpdate(updates[-1].record, [event for update in updates for event in update.events])


class ComputerTurns:
    def __init__(
        self,
        service: GameService,
        pool: ComputerPool,
        computer_id: int,
        on_update: OnUpdate = _ignore,
        *,
        turn_seconds: float | None = None,
        guard: Guard = lambda _match_id: contextlib.nullcontext(),
    ) -> None:
        """`turn_seconds`: the time a turn's decisions may take together (their deep searches are cut short to end
        within it, bot.computer.search); None: no limit, every search runs to its end (tests, benchmarks). `guard`:
        what a match is held in from the computer's first decision until its update is told (`on_update`)."""
        self.service = service
        self.pool = pool
        self.computer_id = computer_id
        self.on_update = on_update
        self.turn_seconds = turn_seconds
        self.guard = guard
        self._running: dict[int, asyncio.Task[list[MatchUpdate]]] = {}
        self._again: set[int] = set()

    async def play(self, match_id: int) -> list[MatchUpdate]:
        """Take every decision the match waits the computer for, until a human must act; returns the updates. The
        match is held in `guard` meanwhile."""
        with self.guard(match_id):
            return await self._play(match_id)

    async def _play(self, match_id: int) -> list[MatchUpdate]:
        updates: list[MatchUpdate] = []
        level = await self.service.computer.level(match_id)
        if level is None:
            return updates
        pending: list[MatchUpdate] = []
        before: Match | None = None
        record: MatchRecord | None = None  # after an action of its own, the computer goes on from its update's record
        deadline = self._deadline()
        try:
            for _ in range(MAX_DECISIONS_IN_A_ROW):
                if record is None:  # (a database read less per decision)
                    record = await self.service.match(match_id)
                if (
                    record.status is not MatchStatus.ACTIVE
                    or record.to_act is None
                    or record.to_act.user_id != self.computer_id
                ):
                    return updates
                action = await self.pool.choose(record.match, level, deadline=deadline)
                try:
                    update = await self.service.act(
                        match_id, self.computer_id, cmd.ComputerDecision(action), version=record.version
                    )
                except StaleStateError:
                    record = None  # the human acted while the computer thought (a resignation offer): read, think again
                    continue
                except ServiceError as error:
                    log.error("The computer's %s in match #%d was refused: %s", type(action).__name__, match_id, error)
                    raise
                updates.append(update)
                before = record.match if not pending else before
                pending.append(update)
                record = update.record
                if any(isinstance(event, GameWon) for event in update.events):
                    await self._announce(pending, before)
                    deadline = self._deadline()  # the next game's first turn has time of its own
            log.error(
                "Match #%d: the computer took %d decisions in a row; stopping here", match_id, MAX_DECISIONS_IN_A_ROW
            )
            return updates
        finally:
            await self._announce(pending, before)

    def _deadline(self) -> float | None:
        return None if self.turn_seconds is None else time.monotonic() + self.turn_seconds

    async def _announce(self, pending: list[MatchUpdate], before: Match | None) -> None:
        if not pending or before is None:
            return
        update = merged(pending)
        pending.clear()
        try:
            await self.on_update(update, before)
        except Exception:
            log.exception("Announcing the computer's turn in match #%d failed", update.record.id)

    def schedule(self, match_id: int) -> asyncio.Task[list[MatchUpdate]]:
        """Let the computer act in the background (one runner per match; a second call while one runs makes it
        look once more when it is done)."""
        running = self._running.get(match_id)
        if running is not None and not running.done():
            self._again.add(match_id)
            return running
        task = asyncio.create_task(self._run(match_id), name=f"computer-match-{match_id}")
        self._running[match_id] = task
        return task

    async def _run(self, match_id: int) -> list[MatchUpdate]:
        updates: list[MatchUpdate] = []
        try:
            while True:
                self._again.discard(match_id)
                updates += await self.play(match_id)
                if match_id not in self._again:
                    return updates
        except Exception:
            log.exception("The computer could not take its turn in match #%d", match_id)
            return updates
        finally:
            self._running.pop(match_id, None)

    async def resume_all(self, guilds: ShardSet | None = None) -> list[int]:
        """At start-up: every active computer match (of `guilds`, a sharded process's) gets a runner (it returns
        at once where a human must act)."""
        matches = await self.service.computer.active_matches(guilds)
        for match_id, _level in matches:
            self.schedule(match_id)
        return [match_id for match_id, _level in matches]

    async def idle(self) -> None:
        """Wait until no runner is busy (tests, shutdown)."""
        while self._running:
            await asyncio.gather(*list(self._running.values()), return_exceptions=True)
