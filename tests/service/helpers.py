"""Shared test helpers: seeded dice, players, and a random but legal player driving the service."""

from __future__ import annotations

import itertools
import random
from collections.abc import Awaitable, Callable

from bot.engine import actions as engine
from bot.engine.actions import (
    AcceptBeaver,
    AcceptResignation,
    Beaver,
    Confirm,
    DeclineResignation,
    Double,
    Move,
    MoveChecker,
    RefuseBeaver,
    Roll,
    Take,
)
from bot.engine.dice import SeededDice as SeededDice
from bot.engine.options import MatchOptions
from bot.service import Challenge, GameService, MatchRecord, MatchUpdate, PlayerRef, Rematch
from bot.service import commands as cmd
from bot.service.boards import first_board

ALICE = PlayerRef(101, "Alice")
BOB = PlayerRef(202, "Bob")
CAROL = PlayerRef(303, "Carol")
GUILD = 1

#: Ids as Discord gives them, each larger than every earlier one (snowflakes grow with time).
_DISCORD_IDS = itertools.count(1_300_000_000_000_000_000)


def discord_id() -> int:
    """A new id, larger than every one given before: a press or a message made now."""
    return next(_DISCORD_IDS)


async def accept_opening(
    service: GameService,
    challenge_id: int,
    acceptor: PlayerRef,
    open_thread: Callable[[Challenge, PlayerRef], Awaitable[int]],
) -> MatchUpdate:
    """Accept as the front end does: the challenge checked and held, its thread opened (when it asks for one) by
    `open_thread`, then the match started there."""
    async with service.challenges.accepting(challenge_id, acceptor) as acceptance:
        challenge = acceptance.challenge
        thread = await open_thread(challenge, acceptor) if challenge.in_thread else None
        return await acceptance.start(thread)


async def announce(commitment: str) -> int:
    """The front end's message showing a new match's dice commitment (a computer match): its new id."""
    assert len(commitment) == 64
    return discord_id()


async def ask_for_a_rematch(service: GameService, match_id: int, asker: PlayerRef) -> Rematch:
    """The first press of Rematch, and its request (with the dice's commitment) posted, as the front end does."""
    asked = await service.rematch(match_id, asker.user_id, discord_id())
    assert asked.show and asked.commitment is not None, asked
    return await service.rematch_shown(match_id, discord_id())


async def both_ask_for_a_rematch(
    service: GameService, match_id: int, first: PlayerRef = ALICE, second: PlayerRef = BOB
) -> Rematch:
    """Both players press Rematch, the second after the first's request was shown: the rematch starts."""
    await ask_for_a_rematch(service, match_id, first)
    return await service.rematch(match_id, second.user_id, discord_id())


async def start_match(
    service: GameService, channel_id: int = 10, options: MatchOptions | None = None, *, shown: bool = True
) -> MatchUpdate:
    """Challenge and accept; with `shown`, the first board is recorded as shown, as the front end does once it
    posted it (the turn clock runs from then, R9.5)."""
    challenge = await service.challenges.create(
        guild_id=GUILD, channel_id=channel_id, challenger=ALICE, opponent=BOB, options=options or MatchOptions(1)
    )
    update = await service.challenges.accept(challenge.id, BOB)
    if shown:
        await show(service, update.record)
    return update


_MESSAGE_IDS = iter(range(900_000, 10**9))


async def show(service: GameService, record: MatchRecord) -> None:
    """Record a new game message showing this version, as the front end does after posting it (a match's first
    board ends the board change stored with the match)."""
    first = first_board(record)
    assert await service.boards.set_shown(
        record.id, record.channel_id, next(_MESSAGE_IDS), record.version, finishing=first
    )


async def random_action(
    service: GameService, record: MatchRecord, rng: random.Random, *, typed_plays: bool = False
) -> MatchUpdate:
    """One legal action for the player the match waits for, through the service's public calls."""
    match = record.match
    index = match.to_act
    assert index is not None
    user = record.players[index].user_id
    allowed = match.allowed(index)
    version = record.version
    if Double in allowed and rng.random() < 0.15:
        return await service.act(record.id, user, cmd.Ask(engine.Double), version=version)
    if Roll in allowed:
        return await service.act(record.id, user, cmd.Ask(engine.Roll), version=version)
    if Beaver in allowed and rng.random() < 0.2:
        return await service.act(record.id, user, cmd.Ask(engine.Beaver), version=version)
    if Take in allowed:
        if rng.random() < 0.8:
            return await service.act(record.id, user, cmd.Ask(engine.Take), version=version)
        return await service.act(record.id, user, cmd.Ask(engine.Drop), version=version)
    if AcceptBeaver in allowed:
        return await service.act(record.id, user, cmd.Ask(engine.AcceptBeaver), version=version)
    if RefuseBeaver in allowed:
        return await service.act(record.id, user, cmd.Ask(engine.RefuseBeaver), version=version)
    if AcceptResignation in allowed:
        return await service.act(record.id, user, cmd.Ask(engine.DeclineResignation), version=version)
    if DeclineResignation in allowed:
        return await service.act(record.id, user, cmd.Ask(engine.DeclineResignation), version=version)
    if Confirm in allowed and MoveChecker not in allowed:
        return await service.act(record.id, user, cmd.Ask(engine.Confirm), version=version)
    if Move in allowed and typed_plays and not match.steps:
        play = rng.choice(match.legal_plays())
        return await service.act(record.id, user, cmd.PlayText(str(play)), version=version)
    step = rng.choice(match.next_steps())
    return await service.act(record.id, user, cmd.Step(step.start, step.die), version=version)


async def play_to_the_end(service: GameService, record: MatchRecord, seed: int, limit: int = 5000) -> MatchRecord:
    rng = random.Random(seed)
    for _ in range(limit):
        if record.match.finished:
            return record
        record = (await random_action(service, record, rng)).record
    raise AssertionError("the match did not end")
