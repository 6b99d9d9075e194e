"""Kills while tables play (issue 46): four tables press as fast as the bot answers, and the bot is SIGKILLed at
random moments, three times. A press the bot answered with its new board had its action stored first: after each
restart every table's board carries a version past the last such press. And the stand-in checks after every message
it changes that no match shows two boards with live controls (tests/support/discord_standin/live_boards.py).

Presses in flight when the bot dies get no answer (Discord tells the player the press failed), which the stand-in
records as unanswered: those are the only rule it may report here."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field

import pytest

from tests.e2e.boards_left import live_controls
from tests.e2e.conftest import one_bot_per_module, seeded_env
from tests.e2e.table import Table, addressed, plays_offered, start_match
from tests.support.discord_standin import BotProcess, Channel, DiscordStandin, Message, Reply, ScenarioUser

pytestmark = [pytest.mark.slow, pytest.mark.asyncio(loop_scope="module")]
bot, standin = one_bot_per_module(seeded_env())

TABLES = 4
KILLS = 3
#: The controls whose press stores an action (not a menu, not a private question).
ACTING = (":roll", ":play:", ":step:", ":done", ":take")


def live_board(channel: Channel) -> Message | None:
    """The channel's message with live game controls (the stand-in never lets there be two)."""
    return next((m for m in reversed(channel.messages) if not m.ephemeral and live_controls(m)), None)


def version_of(board: Message) -> int:
    """The match version the board's controls were drawn for (`bg:<match>:<version>:...`)."""
    ids = [b.custom_id for b in board.buttons if b.custom_id and b.custom_id.startswith("bg:")]
    ids += [s.custom_id for s in board.selects if s.custom_id.startswith("bg:")]
    return int(ids[0].split(":")[2])


@dataclass
class Player:
    """One table's two players, pressing the board whoever it asks; `answered`: the version of the last press the
    bot answered with its new board (type 7), whose action must have been stored."""

    table: Table
    rng: random.Random
    answered: int | None = None
    pressing: bool = False
    replies: list[Reply] = field(default_factory=list)

    async def press(self) -> None:
        board = live_board(self.table.channel)
        whose = None if board is None else addressed(board)
        if board is None or whose is None:
            await asyncio.sleep(0.05)
            return
        user = next(player for player in self.table.players if player.id == whose)
        version = version_of(board)
        self.pressing = True
        try:
            reply = await self.choose(board, user)
        finally:
            self.pressing = False
        if reply is not None and reply.type == 7 and reply.message is board:
            self.answered = version

    async def choose(self, board: Message, user: ScenarioUser) -> Reply | None:
        acting = [b.custom_id for b in board.buttons if b.custom_id and any(part in b.custom_id for part in ACTING)]
        plays = plays_offered(board)
        if acting:
            return await user.click(board, custom_id=self.rng.choice(acting))
        if plays:
            menu = board.selects[0]
            return await user.select(board, menu.options[0][1], custom_id=menu.custom_id)
        await asyncio.sleep(0.05)
        return None


async def keep_pressing(player: Player, running: asyncio.Event, done: asyncio.Event) -> None:
    while not done.is_set():
        await running.wait()
        await player.press()


async def every_answered_press_is_stored(standin: DiscordStandin, players: list[Player]) -> None:
    """After a restart, before anyone presses again: each table's board is past its last answered press."""
    for player in players:
        if player.answered is None:
            continue
        channel, answered = player.table.channel, player.answered

        def stored(channel: Channel = channel, answered: int = answered) -> bool:
            board = live_board(channel)
            return board is not None and version_of(board) > answered

        try:
            await standin.eventually(stored, timeout=20, what="the answered press's action on the board")
        except TimeoutError:
            board = live_board(channel)
            shown = None if board is None else version_of(board)
            raise AssertionError(f"a press answered at version {answered} was lost: the board shows {shown}") from None


async def test_no_answered_press_is_lost_and_no_match_shows_two_live_boards_through_kills(
    standin: DiscordStandin, bot: BotProcess
) -> None:
    rng = random.Random(46)
    tables = []
    for number in range(TABLES):
        alice, bob = standin.add_user(f"Alice{number}"), standin.add_user(f"Bob{number}")
        alice.channel = bob.channel = standin.add_channel(f"table-{number}")
        tables.append(await start_match(standin, alice, bob, length=7, thread=False))
    players = [Player(table, random.Random(rng.random())) for table in tables]
    running, done = asyncio.Event(), asyncio.Event()
    running.set()
    tasks = [asyncio.ensure_future(keep_pressing(player, running, done)) for player in players]
    try:
        for _ in range(KILLS):
            await asyncio.sleep(rng.uniform(1.0, 2.5))
            running.clear()  # nobody starts a press from here on; those in flight meet the kill
            await bot.kill()
            await standin.eventually(lambda: not any(p.pressing for p in players), timeout=10, what="presses over")
            await bot.start()
            await bot.wait_ready()
            await every_answered_press_is_stored(standin, players)
            running.set()
    finally:
        done.set()
        running.set()
        await asyncio.gather(*tasks)
    assert sum(player.answered is not None for player in players) >= TABLES - 1  # the tables did play
    assert {violation.rule for violation in standin.take_violations()} <= {"acknowledge within 3 s"}
