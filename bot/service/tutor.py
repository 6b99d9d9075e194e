"""The tutor's use cases (bot/tutor holds its values, judgement and rows): holding a costly decision before it is
stored (`hold`, asked by bot.service.actions), Keep and Undo on a held decision, `/bg hint`, the thresholds of a
match and of a player. No Discord.

A decision is judged in the computer's worker processes (a WorkerCall, handed over once they exist); when none
is there, or the judgement fails or takes too long, the decision is stored as made: the tutor never stops play.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol

from bot.engine import actions as engine
from bot.engine.actions import action_from_json, action_to_json
from bot.engine.game import Phase
from bot.engine.match import Match
from bot.i18n import N_
from bot.service.actions import Actions
from bot.service.context import ServiceContext
from bot.service.errors import ServiceError, StaleStateError
from bot.service.records import MatchStatus, MatchUpdate, PlayerRef
from bot.store import matches as match_store
from bot.store.backend import Connection
from bot.tutor import store as tutor_store
from bot.tutor.advice import Hint, Judgement, Note, Outcome, Threshold
from bot.tutor.judge import hint_in_worker, judge_in_worker

log = logging.getLogger(__name__)

#: The decisions the tutor judges: a whole play (typed, chosen, or Done after steps) and the cube's.
JUDGED: tuple[type[engine.Action], ...] = (
    engine.Move,
    engine.Confirm,
    engine.Roll,
    engine.Double,
    engine.Take,
    engine.Drop,
)
#: Longest wait for a judgement (a few milliseconds of work, maybe behind a computer decision), the wait for a free
#: worker included: past it the decision is stored as made, so that the press is still answered within Discord's
#: 3 seconds.
JUDGE_SECONDS = 2.0
#: Longest wait for a hint (its command is deferred first, so it may wait longer).
HINT_SECONDS = 10.0
#: A worker still busy with one request after this long is stuck: it is replaced (bot.computer.pool).
WORKER_SECONDS = 30.0
#: How many matches' thresholds are kept in memory (one read per match, not one per play).
CACHED_MATCHES = 10_000


class HeldError(ServiceError):
    """The tutor held the player's decision: nothing of it is stored, and `note` (stored) says why. The front end
    shows the note privately with Undo and Keep."""

    def __init__(self, note: Note) -> None:
        super().__init__(N_("The tutor stopped this decision; nothing was played yet."))
        self.note = note


class WorkerCall(Protocol):
    """bot.computer.pool.ComputerPool.call: a task run in a worker process."""

    def __call__(
        self, task: Callable[..., dict[str, Any]], *arguments: Any, timeout: float | None = None
    ) -> Awaitable[dict[str, Any]]: ...


class Tutor:
    """The tutor of matches against the computer, and its hints."""

    def __init__(self, ctx: ServiceContext, actions: Actions) -> None:
        self._ctx = ctx
        self._actions = actions
        self._call: WorkerCall | None = None
        self._thresholds: OrderedDict[int, Threshold] = OrderedDict()
        actions.holds = self

    def use(self, call: WorkerCall) -> None:
        """Judge in these workers (the computer's, once it has them)."""
        self._call = call

    @property
    def ready(self) -> bool:
        return self._call is not None

    # --- thresholds -----------------------------------------------------------------------------------------

    async def default(self, user_id: int) -> Threshold:
        """The player's default for a new match against the computer (off until chosen)."""
        return await self._ctx.db.read(lambda c: tutor_store.player_default(c, user_id))

    async def set_default(self, player: PlayerRef, chosen: Threshold) -> Threshold:
        now = self._ctx.clock()
        await self._ctx.db.write(lambda c: tutor_store.set_player_default(c, player.user_id, chosen, now))
        return chosen

    async def threshold(self, match_id: int) -> Threshold:
        """From which loss the match's decisions are held; OFF for an untutored match or one between members."""
        cached = self._thresholds.get(match_id)
        if cached is None:
            cached = await self._ctx.db.read(lambda c: tutor_store.match_threshold(c, match_id))
            self._thresholds[match_id] = cached
            while len(self._thresholds) > CACHED_MATCHES:
                self._thresholds.popitem(last=False)
        return cached

    # --- holding a decision ----------------------------------------------------------------------------------

    async def hold(
        self,
        stored: match_store.StoredMatch,
        current: Match,
        applied: Sequence[engine.Action],
        after: Match,
        user_id: int,
    ) -> None:
        """Before the human's decision in a tutored match is stored: judge it, and when it loses at least the
        threshold store a note and raise HeldError (nothing of the decision is stored)."""
        last = applied[-1]
        if self._call is None or not isinstance(last, JUDGED) or stored.player0_id != user_id:
            return
        chosen = await self.threshold(stored.id)
        if chosen is Threshold.OFF:
            return
        judgement = await self._judge(after, len(current.log.entries) + len(applied) - 1)
        if judgement is None or judgement.loss < chosen.equity:
            return
        steps = len(current.steps) if isinstance(last, engine.Confirm) else 0
        held = {"actions": [action_to_json(action) for action in applied]}
        now = self._ctx.clock()
        entry = len(current.log.entries)
        note = await self._ctx.db.write(
            lambda c: tutor_store.add_note(c, stored.id, user_id, stored.version, entry, judgement, held, steps, now)
        )
        raise HeldError(note)

    async def _judge(self, after: Match, entry: int) -> Judgement | None:
        assert self._call is not None
        try:
            asked = self._call(judge_in_worker, after.log.to_json(), entry, timeout=WORKER_SECONDS)
            found = await asyncio.wait_for(asked, JUDGE_SECONDS)
        except (BrokenProcessPool, TimeoutError):
            log.warning("The tutor could not judge a decision in time; it is stored as made", exc_info=True)
            return None
        except Exception:  # a fault of the tutor's own must not keep a player from playing
            log.exception("The tutor failed to judge a decision; it is stored as made")
            return None
        return Judgement.from_json(found) if found else None

    # --- Keep and Undo ---------------------------------------------------------------------------------------

    async def keep(self, match_id: int, note_id: int, user_id: int) -> MatchUpdate:
        """Store the held decision as it was made, through the same checks at the note's version, and the note
        kept in the same transaction."""
        note = await self._open_note(match_id, note_id, user_id)
        actions = [action_from_json(data) for data in note.action["actions"]]
        try:
            return await self._actions.apply_actions(
                match_id, user_id, actions, version=note.version, also=self._decided(note, Outcome.KEPT)
            )
        except StaleStateError:
            raise _out_of_date() from None

    async def undo(self, match_id: int, note_id: int, user_id: int) -> MatchUpdate | None:
        """Take the held decision back: the note undone, and the steps entered before a held Done taken back in
        the same transaction (the update to show); None when nothing was stored of it (the board still offers
        the choice)."""
        note = await self._open_note(match_id, note_id, user_id)
        if note.steps:
            undos = [engine.Undo(0)] * note.steps
            try:
                return await self._actions.apply_actions(
                    match_id, user_id, undos, version=note.version, also=self._decided(note, Outcome.UNDONE)
                )
            except StaleStateError:
                raise _out_of_date() from None
        async with self._ctx.locks.hold(match_id):
            stored = await self._ctx.stored(match_id)
            if stored.version != note.version:
                raise _out_of_date()
            await self._ctx.db.write(self._decided(note, Outcome.UNDONE))
        return None

    async def _open_note(self, match_id: int, note_id: int, user_id: int) -> Note:
        note = await self._ctx.db.read(lambda c: tutor_store.note(c, note_id))
        if note is None or note.match_id != match_id:
            raise ServiceError(N_("This advice belongs to no match I know."))
        if note.user_id != user_id:
            raise ServiceError(N_("This advice was for another player."))
        if note.outcome is not Outcome.OPEN:
            raise ServiceError(N_("You already answered this advice."))
        return note

    def _decided(self, note: Note, outcome: Outcome) -> Callable[[Connection], Coroutine[Any, Any, None]]:
        now = self._ctx.clock()

        async def write(connection: Connection) -> None:
            if not await tutor_store.decide(connection, note.id, outcome, now):
                raise ServiceError(N_("You already answered this advice."))

        return write

    # --- hints and the record --------------------------------------------------------------------------------

    async def hint(self, match_id: int, user_id: int) -> Hint:
        """The best choices of the position on the board, for the human of a tutored match whose choice it is."""
        record = await self._ctx.record_of(await self._ctx.stored(match_id))
        if await self.threshold(match_id) is Threshold.OFF or record.status is not MatchStatus.ACTIVE:
            raise ServiceError(
                N_("Hints are given in tutored matches against the computer only (`/bg computer tutor:`).")
            )
        if record.players[0].user_id != user_id:
            raise ServiceError(N_("Only {name} may ask for hints in this match."), name=record.players[0].name)
        match = record.match
        if match.to_act != 0 or match.phase not in (Phase.ROLLING, Phase.MOVING, Phase.DOUBLED):
            raise ServiceError(N_("There is no choice of yours to give a hint for now."))
        if self._call is None:
            raise ServiceError(N_("The computer is still starting; try again in a moment."))
        try:
            asked = self._call(hint_in_worker, match.log.to_json(), timeout=WORKER_SECONDS)
            found = await asyncio.wait_for(asked, HINT_SECONDS)
        except (BrokenProcessPool, TimeoutError):
            log.warning("A hint could not be given in time", exc_info=True)
            raise ServiceError(N_("The computer is busy; try again in a moment.")) from None
        if not found:
            raise ServiceError(N_("There is no choice of yours to give a hint for now."))
        return Hint.from_json(found)

    async def judgement(self, note_id: int) -> Judgement:
        """The verdict a note gave (to say what was kept)."""
        note = await self._ctx.db.read(lambda c: tutor_store.note(c, note_id))
        if note is None:
            raise ServiceError(N_("This advice belongs to no match I know."))
        return note.judgement

    async def notes(self, match_id: int) -> list[Note]:
        """Every note of the match, oldest first (its record and its web page)."""
        return await self._ctx.db.read(lambda c: tutor_store.notes_of(c, match_id))


def _out_of_date() -> ServiceError:
    return ServiceError(N_("This advice is out of date: the match has moved on since."))
