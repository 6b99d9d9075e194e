"""The scripted players of a load run: K tables, each playing match after match by clicks until the time is up.

Every table has its own channel and two players who take turns as the game says. Before each action the player
thinks for a uniform time in `think` seconds (0, 0 is the saturation run: act as soon as the bot has answered),
then clicks a random legal control (`choose` from the click-match test) and waits, through `Table.click`, until
the bot has drawn the resulting board: the clicked board edited in place (the turn passing included, issue 33), or a
new board (a game ended, or the player to act had been away; a bot from before issue 33 posts one every turn). Each
match is played where the bot puts it: the thread it opens on the challenge, or the table's channel. A match that
ends is followed by a new one at the same table until `seconds` have passed; then no new action starts and the run
ends when the last one has been answered.

With `computer_matches` (issue 16), that many more tables each have one player playing the computer
(`/bg computer`, at `computer_level`) beside the K human tables: the player thinks and clicks the same way, the
computer's turns come from the bot's worker processes (its board says the computer is thinking, then shows its
play on the same message; before issue 33, a board asked the computer and its turn came as a new one). The human
tables' figures are also kept on their own (`human_*`), so a run with computer matches compares with one without
them.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass

from bench.load.config import LoadConfig
from bench.load.result import LoadResult
from bench.load.timeline import Click
from cogs.ui.custom_ids import GAME_TEMPLATE
from tests.e2e.table import (
    THINKING,
    Table,
    acknowledged_in_time,
    addressed,
    is_challenge_of,
    labels,
    offer_resignation,
)
from tests.e2e.test_click_match import choose
from tests.support.discord_standin import DiscordStandin, Message, ScenarioUser, wait_for_edit
from tests.support.discord_standin.model import Channel, Guild


def forget_pictures(message: Message) -> None:
    """Drop the PNG bytes of older versions: only the latest one is read, and a long run keeps thousands."""
    for snapshot in message.history[:-1]:
        snapshot.attachments.clear()


def is_match_board(message: Message) -> bool:
    """A board of the match being played: a picture with a game's controls, or none (a final board); the analysis
    of a finished match has a picture and controls of its own."""
    return bool(message.attachments) and (
        not message.buttons or any(GAME_TEMPLATE.fullmatch(button.custom_id or "") for button in message.buttons)
    )


@dataclass
class LoadTable(Table):
    """A table that passes over the analysis of the previous match (issue 17): posted in the channel with a picture
    and its own controls whenever it is done, it is no board of the match being played."""

    result: LoadResult | None = None

    async def next_board(self, timeout: float = 15.0) -> Message:
        while True:
            before = self.current
            board = await super().next_board(timeout)
            if is_match_board(board):
                return board
            self.current = before
            self.boards.pop()
            self.others.append(board)
            if self.result is not None:
                self.result.other_messages += 1


class Tables:
    """The scripted players of one run: K tables, each playing match after match until the time is up."""

    def __init__(self, standin: DiscordStandin, config: LoadConfig, result: LoadResult) -> None:
        self.standin = standin
        self.config = config
        self.result = result
        self.rng = random.Random(config.seed)
        self.stop_at = 0.0
        self.guilds: list[Guild] = []  # with several bot processes: one guild per shard, tables in turn

    def guild(self, number: int) -> Guild | None:
        return self.guilds[number % len(self.guilds)] if self.guilds else None

    async def arrive(self, rng: random.Random) -> None:
        """A table's arrival, at a random moment of the run's arrival (LoadConfig.starts_per_second)."""
        await asyncio.sleep(rng.uniform(0.0, self.config.arrival_seconds))

    async def think(self, rng: random.Random) -> None:
        low, high = self.config.think
        if high > 0:
            await asyncio.sleep(rng.uniform(low, high))

    def time_left(self) -> bool:
        return time.monotonic() < self.stop_at

    async def play(self, number: int) -> None:
        rng = random.Random(self.rng.random())
        channel = self.standin.add_channel(f"table-{number}", self.guild(number))
        first, second = self.standin.add_user(f"p{number}a"), self.standin.add_user(f"p{number}b")
        first.channel = second.channel = channel
        await self.arrive(rng)
        await self.think(rng)
        seated = False
        while self.time_left():
            try:
                table = await self.start_match(first, second)
                if not seated:
                    self.result.seated_at.append(time.monotonic())
                    seated = True
                self.result.matches_started += 1
                actions = 0
                while self.time_left() and (player := table.to_act()) is not None:
                    await self.think(rng)
                    actions += 1
                    if actions == self.config.resign_after:
                        await resign_and_accept(table, player)
                        continue
                    label = choose(rng, labels(table.game))
                    clicked = table.game
                    picture, version = clicked.attachments[-1].id, clicked.version
                    started = time.monotonic()
                    board = await table.click(player, label, timeout=30.0)
                    seen = time.monotonic()
                    elapsed = seen - started
                    self.result.boards.append(elapsed)
                    self.result.human_boards.append(elapsed)
                    stored = board.history[version if board is clicked else 0].stored_at
                    self.result.human_clicks.append(Click(table.channel.id, started, stored, seen))
                    if board is not clicked or board.attachments[-1].id != picture:
                        self.result.pictures.append(elapsed)
                        self.result.human_pictures.append(elapsed)
                    forget_pictures(clicked)
                    forget_pictures(board)
                if table.to_act() is not None:
                    return  # time is up in the middle of a match
                self.result.finished_matches += 1
            except (AssertionError, TimeoutError) as error:
                self.result.errors.append(f"table {number}: {type(error).__name__}: {str(error)[:300]}")
                return

    async def start_match(self, challenger: ScenarioUser, opponent: ScenarioUser) -> Table:
        """`start_match` of the end-to-end tests, but the analysis of the previous match (posted where it was played
        when it is done, issue 17) may come before or after the challenge: other messages are passed over. The
        challenge leaves the bot its default (a thread, issue 33), as most servers will."""
        reply = acknowledged_in_time(
            await challenger.slash("bg challenge", opponent=opponent, length=self.config.match_length)
        )
        channel = self.standin.channels[reply.interaction.channel_id]
        while not is_challenge_of(challenge := await self.standin.wait_for_message(channel, timeout=30.0), challenger):
            # an analysis has a picture; the result line a match played in a thread leaves here (issue 33) has not
            self.result.other_messages += bool(challenge.attachments)
        seen = len(channel.messages)
        acknowledged_in_time(await opponent.click(challenge, "Accept"))
        where = await self.played_in(channel, challenge, seen)
        table = LoadTable(self.standin, where, (challenger, opponent), result=self.result)
        await table.next_board(timeout=30.0)
        return table

    async def played_in(self, channel: Channel, challenge: Message, seen: int) -> Channel:
        """Where an accepted challenge is played: the thread the bot opens on it (issue 33's default, as on most
        servers; a thread started from a message shares its id), or the channel itself for a bot that plays in
        the channel (a reference checkout from before issue 33), which is known by its first board there."""

        def started() -> bool:
            return challenge.id in self.standin.channels or any(is_match_board(m) for m in channel.messages[seen:])

        await self.standin.eventually(started, timeout=30.0, what="a thread or a board after the accept")
        return self.standin.channels.get(challenge.id, channel)

    async def play_computer(self, number: int) -> None:
        """One player against the computer, match after match: clicks like the human tables, and the time from a
        board that asks the computer to the board of its turn."""
        rng = random.Random(self.rng.random())
        channel = self.standin.add_channel(f"computer-{number}", self.guild(number))
        self.result.computer_channels.add(channel.id)
        human = self.standin.add_user(f"c{number}")
        human.channel = channel
        computer, config = self.standin.bot_user.id, self.config
        await self.arrive(rng)
        await self.think(rng)
        while self.time_left():
            try:
                tutor = {} if config.computer_tutor == "off" else {"tutor": config.computer_tutor}  # older bots lack it
                acknowledged_in_time(
                    await human.slash(
                        "bg computer", level=config.computer_level, length=config.computer_match_length, **tutor
                    )
                )
                table = LoadTable(self.standin, channel, (human, human), result=self.result)
                await table.next_board(timeout=60.0)
                self.result.computer_matches_started += 1
                while self.time_left() and ((whose := addressed(table.game)) is not None or thinking(table.game)):
                    if thinking(table.game):  # the computer's turn on the board (issue 33): it opens the match
                        asked = time.monotonic()
                        table.current = await table.after_edit(table.game, timeout=60.0)
                        self.result.computer_turns.append(time.monotonic() - asked)
                    elif whose == computer:  # a bot from before issue 33: a board asking the computer, then its own
                        asked = time.monotonic()
                        await table.next_board(timeout=60.0)
                        self.result.computer_turns.append(time.monotonic() - asked)
                    else:
                        await self.think(rng)
                        if config.computer_hints:
                            await self.ask_hint(human, channel)
                        await self.click_computer_table(table, human, choose(rng, labels(table.game)))
                if addressed(table.game) is not None or thinking(table.game):
                    return  # time is up in the middle of a match
                self.result.computer_matches_finished += 1
            except (AssertionError, TimeoutError) as error:
                self.result.errors.append(f"computer table {number}: {type(error).__name__}: {str(error)[:300]}")
                return

    async def ask_hint(self, human: ScenarioUser, channel: Channel) -> None:
        self.result.hints.append(await _hint(human, channel))

    async def click_computer_table(self, table: LoadTable, human: ScenarioUser, label: str) -> None:
        """`Table.click`, with the board of the click (a computer table's board latency) told apart from the
        computer's turn after it: the bot shows the board at once, saying the computer is thinking (issue 33),
        and edits the same message again with the computer's play."""
        clicked = table.game
        version = clicked.version
        started = time.monotonic()
        reply = acknowledged_in_time(await human.click(clicked, label))
        if reply.ephemeral and reply.content.startswith("Tutor:") and reply.message is not None:
            self.result.tutor_notes.append(time.monotonic() - started)  # the note is the press's answer
            started = time.monotonic()
            acknowledged_in_time(await human.click(reply.message, "Keep"))  # played as made: the board follows
        await wait_for_edit(clicked, version, timeout=30.0)
        if thinking(clicked):
            shown = time.monotonic()
            self.result.computer_boards.append(shown - started)
            table.current = await table.after_edit(clicked, timeout=60.0)
            self.result.computer_turns.append(time.monotonic() - shown)
            return
        table.current = await table.after_edit(clicked, timeout=30.0)
        self.result.computer_boards.append(time.monotonic() - started)


async def _hint(human: ScenarioUser, channel: Channel) -> float:
    """`/bg hint` at a computer table: seconds to its answer (the ranking, or why there is none now)."""
    started = time.monotonic()
    reply = acknowledged_in_time(await human.slash("bg hint", in_channel=channel))
    await reply.settled(timeout=30.0)
    return time.monotonic() - started


def thinking(message: Message) -> bool:
    """The board says the computer is choosing its play (issue 33): no controls until it has played."""
    return not message.deleted and not message.buttons and message.content.endswith(THINKING)


async def resign_and_accept(table: Table, player: ScenarioUser) -> None:
    """`player` offers to resign the game (`/bg resign`) and the other accepts: a one-point match ends."""
    board = await offer_resignation(table, player)
    version = board.version
    await table.other(player).click(board, "Accept resignation")
    await table.updated(version)
