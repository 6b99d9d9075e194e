"""Match actions: the one handler (`act`) for every command of bot.service.commands, and the ends of matches
nobody asked for (a deleted channel).

Every command runs the same path: under the match's asyncio lock, load the match at its stored version, refuse
strangers ("This game is between Alice and Bob"), the wrong player ("It is Bob's turn"), finished matches and
stale versions (StaleStateError, pointing to the current game message), build the engine action the command asks
for (`engine_action`, chosen by the command's type), apply it with its automatic consequences (the loaded match is
a frozen value: the cached one, and every record handed out, stays as it was), and store the next match in ONE
transaction (ServiceContext.commit) before returning MatchUpdate(record, events).
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol

from bot.engine import actions as engine
from bot.engine.match import Match
from bot.i18n import N_, Message
from bot.service import commands
from bot.service.commands import Command
from bot.service.context import ServiceContext, duration, stale, timer
from bot.service.errors import ServiceError
from bot.service.records import MatchRecord, MatchStatus, MatchUpdate, PlayerPrefs, TurnTimer
from bot.service.stored_forms import match_clock
from bot.store import computer as computer_store
from bot.store import matches as match_store
from bot.store.backend import Connection

log = logging.getLogger(__name__)

#: After the action: a second action to apply in the same request (and transaction), or None.
FollowUp = Callable[[int, Match], engine.Action | None]
#: Writes of another part of the service, in the transaction that stores the action (a tutor's note marked kept).
Also = Callable[[Connection], Awaitable[None]]


class Hold(Protocol):
    """Asked before a player's action is stored (the tutor, bot.tutor.service): returns to let it be stored, or
    stores what it holds and raises a ServiceError that tells the player (nothing of the action is stored)."""

    async def hold(
        self,
        stored: match_store.StoredMatch,
        current: Match,
        applied: Sequence[engine.Action],
        after: Match,
        user_id: int,
    ) -> None: ...


class Actions:
    """Changes to a running match: `act` for a player's (or the computer's) command."""

    def __init__(self, ctx: ServiceContext, prefs: Callable[[int], Awaitable[PlayerPrefs]]) -> None:
        self._ctx = ctx
        self._prefs = prefs  # a player's settings (auto_done, for Step)
        self.holds: Hold | None = None  # the tutor, once the service is put together

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
        """Apply `command` for `user_id` in the match, if they may, at the `version` they saw (from the button's
        custom_id; None for typed commands). `answered_on` (channel id, message id): the board the press will be
        answered on, recorded in the same transaction (one write per press); `also`: another part's writes in
        that transaction (the live board's request that the channel board follow)."""
        if isinstance(command, commands.ComputerDecision):
            level = await self._ctx.db.read(lambda c: computer_store.level_of(c, match_id))
            if level is None:
                raise ServiceError(N_("Match #{match} is not played against the computer."), match=match_id)
        now = self._ctx.clock()
        async with self._ctx.locks.hold(match_id):
            # Read under the lock, so that requests keep their arrival order.
            auto_done = isinstance(command, commands.Step) and (await self._prefs(user_id)).auto_done
            return await self._apply(
                match_id,
                user_id,
                version,
                lambda player, match, stored: (engine_action(command, player, match, timer(stored), now),),
                _confirm_when_complete if auto_done else None,
                answered_on,
                held=not isinstance(command, commands.ComputerDecision),
                also=also,
            )

    async def apply_actions(
        self, match_id: int, user_id: int, actions: Sequence[engine.Action], *, version: int, also: Also
    ) -> MatchUpdate:
        """Apply these engine actions for `user_id`'s seat, in order, through the same checks at `version`, with
        `also` written in the same transaction; nothing holds them (the tutor's Keep and Undo)."""
        async with self._ctx.locks.hold(match_id):
            return await self._apply(
                match_id,
                user_id,
                version,
                lambda player, _match, _stored: tuple(dataclasses.replace(a, player=player) for a in actions),
                None,
                also=also,
            )

    async def _apply(
        self,
        match_id: int,
        user_id: int,
        version: int | None,
        make: Callable[[int, Match, match_store.StoredMatch], tuple[engine.Action, ...]],
        follow_up: FollowUp | None,
        answered_on: tuple[int, int] | None = None,
        *,
        held: bool = False,
        also: Also | None = None,
    ) -> MatchUpdate:
        """The checks, the engine and the commit of one request; called under the match's lock. `held`: the
        tutor (`holds`) is asked first, and may keep the actions from being stored."""
        ctx = self._ctx
        stored = await ctx.stored(match_id)
        if stored.status != MatchStatus.ACTIVE.value:
            raise ServiceError(N_("Match #{match} is over; nothing more can be done in it."), match=match_id)
        if version is not None and version != stored.version:
            raise stale(stored)
        players = (stored.player0_id, stored.player1_id)
        if user_id not in players:
            raise ServiceError(
                N_("This game is between {first} and {second}."), first=stored.names[0], second=stored.names[1]
            )
        player = players.index(user_id)
        current = await ctx.match_at(stored)
        clock = match_clock(stored, current.options.length)
        if clock is not None and clock.timed_out(current.to_act, ctx.clock()):
            # Too late: the clock ran out before this request; the timeout is what gets stored.
            timed_out = await ctx.finish_unasked(stored, current, engine.Timeout(current.to_act or 0))
            if timed_out is None:
                raise stale(await ctx.stored(match_id))
            return timed_out
        dice = ctx.next_dice(stored, current)
        try:
            applied = list(make(player, current, stored))
            match, events = current, []
            for action in applied:
                match, more = match.apply(action, dice)
                events += more
            follow = None if follow_up is None else follow_up(player, match)
            if follow is not None:
                match, more = match.apply(follow, dice)
                events += more
                applied.append(follow)
        except engine.ActionError as error:
            raise refused(error) from None
        if held and self.holds is not None:
            await self.holds.hold(stored, current, applied, match, user_id)
        record = await ctx.commit(stored, current, match, user_id, answered_on, also)
        if record is None:
            raise stale(await ctx.stored(match_id))
        return MatchUpdate(record, events, before=current)

    async def abort_in_channel(self, channel_id: int) -> list[MatchRecord]:
        """End every active match played in this channel or thread, or in a thread of this channel: Discord
        says it was deleted, so nobody can play or see it any more. They are aborted: no result, unrated, and no
        user behind the action. Returns the matches it ended; calling it again (Discord may report one
        deletion twice) ends nothing more."""
        ids = await self._ctx.db.read(lambda c: match_store.active_match_ids_in_channel(c, channel_id))
        ended = []
        for match_id in ids:
            record = await self._abort_unasked(match_id)
            if record is not None:
                ended.append(record)
        return ended

    async def _abort_unasked(self, match_id: int) -> MatchRecord | None:
        """An abort without a player asking (the log entry records no user); None if the match already ended,
        or if another process stored an action meanwhile (the next report of the deletion tries again)."""
        ctx = self._ctx
        async with ctx.locks.hold(match_id):
            stored = await ctx.stored(match_id)
            if stored.status != MatchStatus.ACTIVE.value:
                return None
            # the engine names an actor; the stored action has no user: nobody asked
            update = await ctx.finish_unasked(stored, await ctx.match_at(stored), engine.Abort(0))
            if update is None:
                log.warning("Match %s changed while its deleted channel was being closed", match_id)
            return None if update is None else update.record


def engine_action(command: Command, player: int, match: Match, turn: TurnTimer, now: float) -> engine.Action:
    """The engine action `command` asks for from `player`'s seat, in the loaded match (a ServiceError says why
    it cannot be asked now; the engine checks the rest)."""
    match command:
        case commands.Step(start, die):
            _require_turn(match, player)
            for step in match.next_steps():
                if step.start == start and step.die == die:
                    return engine.MoveChecker(player, start, step.end, die)
            if start == 25:
                raise ServiceError(N_("No checker can move {die} from the bar now."), die=die)
            raise ServiceError(N_("No checker can move {die} from point {point} now."), die=die, point=start)
        case commands.PlayText(text):
            _require_turn(match, player)
            return engine.Move(player, match.parse_play(text))
        case commands.Resign(kind):
            return engine.Resign(player, kind)
        case commands.ComputerDecision(action):
            return dataclasses.replace(action, player=player)
        case commands.Ask(action_type):
            if action_type is engine.Claim:
                _require_claimable(match, player, turn, now)
            return action_type(player)


def _require_turn(match: Match, player: int) -> None:
    waiting = match.to_act
    if waiting is not None and waiting != player:
        raise ServiceError(N_("It is {name}'s turn."), name=match.names[waiting])


def _require_claimable(match: Match, player: int, turn: TurnTimer, now: float) -> None:
    """A claim waits until the opponent's turn time limit has passed since they were shown the board (R9.5)."""
    waiting = match.to_act
    if waiting is None or waiting == player:
        return
    if not turn.running:
        raise ServiceError(  # R9.5
            N_("{name} has not been shown the board for this turn yet, so their turn time has not started."),
            name=match.names[waiting],
        )
    if now < turn.claimable_at:
        left = duration(turn.claimable_at - now)
        raise ServiceError(
            N_("{name} still has {left} to act; you can claim after that."), name=match.names[waiting], left=left
        )


def refused(error: engine.ActionError) -> ServiceError:
    """The engine's reason as the service's refusal, shown in the reader's language: a reason that carries its
    English template and parameters (`message`, a `Message`, on the error or the play error it wraps) keeps them;
    a fixed text is looked up in the catalogues as it is."""
    for reason in (error, error.__cause__):
        message = getattr(reason, "message", None)
        if isinstance(message, Message):
            return ServiceError(message.template, **message.params)
    return ServiceError(str(error))


def _confirm_when_complete(player: int, match: Match) -> engine.Action | None:
    """Auto-finish: Done once the steps entered make a complete play and nothing more can be moved (R9.2)."""
    if match.to_act == player and not match.next_steps() and engine.Confirm in match.allowed(player):
        return engine.Confirm(player)
    return None
