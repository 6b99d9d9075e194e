"""One load run: start the stand-in here and the real bot in its own process, play K matches at once by clicks.

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

Measured: acknowledgement latency of every interaction (the stand-in's clock: dispatch to the callback), board
latency of every click (dispatch to the board seen here: the clicked message edited, or a new one), the bot
process's CPU seconds and peak RSS (/proc), the peak memory (PSS) of each of its processes, and the database size
(file + WAL) per finished match.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.load.gc_pauses import GcPauses
from bench.load.process_stats import ProcessStats, pss_by_process, read_stats
from bench.load.quantiles import quantile
from bench.load.timeline import Ack, Click, ack_breakdown, breakdown
from bot.engine import Position, legal
from bot.store.database import open_database
from cogs.ui.custom_ids import CHALLENGE_TEMPLATE, GAME_TEMPLATE
from tests.e2e.table import THINKING, Table, acknowledged_in_time, is_challenge_of, labels, offer_resignation
from tests.e2e.test_click_match import choose
from tests.e2e.test_computer import addressed
from tests.support.discord_standin import (
    BotProcess,
    DiscordStandin,
    Message,
    ScenarioUser,
    running_standin,
    wait_for_edit,
)
from tests.support.discord_standin.launcher import ROOT, SITE_DIR
from tests.support.discord_standin.model import Channel, Guild, Interaction

LOAD_SITE = Path(__file__).resolve().parent / "site"  # timing probes, inert unless GAMMON_LOAD_TRACE is set
ACK_LIMIT = 3.0  # Discord's deadline for the first answer to an interaction
ANALYSIS_POSTED = re.compile(r"Match #\d+ analysed in")  # logged by bot/analysis/jobs.py
WORKERS_LOGGED = re.compile(r"Computer workers ready \(process ids ([0-9 ]+)\)")  # cogs/computer.py


@dataclass(frozen=True)
class LoadConfig:
    matches: int  # K tables playing at once
    think: tuple[float, float] = (2.0, 6.0)  # seconds a player thinks before each action; (0, 0) = saturation
    seconds: float = 60.0  # players start no new action after this
    match_length: int = 1  # points; short matches so that some finish within a bounded run
    #: after this many actions of a match the player to act resigns and the other accepts (0: never), so that
    #: matches end within a run (one-point matches have a dead cube: nobody doubles and drops)
    resign_after: int = 0
    seed: int = 10
    profile: Path | None = None  # py-spy raw (collapsed stacks) output for the bot process, if given
    trace: Path | None = None  # timing probes inside the bot (bench/load/site), JSON written here at its exit
    workdir: Path | None = None
    computer_matches: int = 0  # more tables, each a player against the computer, beside the K human ones
    computer_level: str = "expert"
    computer_match_length: int = 1  # points; at 3 or more the computer's turns take cube decisions too
    computer_workers: int | None = None  # the bot's COMPUTER_WORKERS; None keeps its default
    #: the tutor at the computer tables (`/bg computer tutor:`): a note stops a costly decision, and the player
    #: keeps it; with `computer_hints` the player asks `/bg hint` before each of its actions
    computer_tutor: str = "off"
    computer_hints: bool = False
    # issue 19: the bot's DATABASE_URL (PostgreSQL) instead of its own SQLite file; processes > 1: that many bot
    # processes, shards 0..n-1 of n, one shared database, the tables spread over one guild per shard
    database_url: str | None = None
    processes: int = 1
    # issue 17: the servers' automatic analysis of finished matches (the bot's default: on, up to 11 points);
    # False turns it off (`/bgadmin analysis max_length:0` in every guild) before the tables start
    analysis: bool = True


@dataclass
class LoadResult:
    config: LoadConfig
    acks: list[float] = field(default_factory=list)  # seconds, every acknowledged interaction
    acks_by_kind: dict[str, list[float]] = field(default_factory=dict)  # the same by what was clicked or typed
    unacknowledged: int = 0
    boards: list[float] = field(default_factory=list)  # seconds, dispatch of a click to its final message
    pictures: list[float] = field(default_factory=list)  # the same for the clicks that drew a new board picture
    wall_seconds: float = 0.0
    interactions: int = 0
    finished_matches: int = 0
    matches_started: int = 0
    errors: list[str] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    before: ProcessStats | None = None
    after: ProcessStats | None = None
    database_growth_bytes: int = 0
    harness_cpu_seconds: float = 0.0  # this process: the stand-in and the players
    peak_pss_bytes: int = 0  # sampled twice a second
    pss_at_peak: list[int] = field(default_factory=list)  # each process's PSS in the sample of that peak, largest first
    reference_ms: float = 0.0  # the machine's speed just before the run (reference_workload_ms)
    human_boards: list[float] = field(default_factory=list)  # boards and pictures of the human tables alone
    human_pictures: list[float] = field(default_factory=list)
    computer_channels: set[int] = field(default_factory=set)
    computer_boards: list[float] = field(default_factory=list)  # a click at a computer table to its board
    computer_turns: list[float] = field(default_factory=list)  # a board asking the computer to its turn's board
    computer_matches_started: int = 0
    computer_matches_finished: int = 0
    tutor_notes: list[float] = field(default_factory=list)  # a click at a computer table to the tutor's note
    hints: list[float] = field(default_factory=list)  # `/bg hint` to its answer
    peak_pss_by_process: dict[int, int] = field(default_factory=dict)  # each bot process's peak, sampled
    computer_worker_pids: list[int] = field(default_factory=list)  # as the bot logged them
    acks_by_table: dict[str, list[float]] = field(default_factory=dict)  # "human" / "computer" tables
    peak_pss_by_bot: list[int] = field(default_factory=list)  # each bot process with its descendants, sampled
    other_messages: int = 0  # messages skipped while starting a match (the analyses of finished matches)
    analyses_posted: int = 0  # analyses the bot posted in the tables' channels during the run
    harness_loop_lag: list[float] = field(default_factory=list)  # this process's event loop: a 10 ms ticker's lateness
    # each click at a human table with its board's time split at the stand-in's receipt: the bot's part (dispatch
    # to the stand-in storing the board) and the players' part (stored to the clicking player seeing it); joined to
    # the bot's timelines with --trace
    human_clicks: list[Click] = field(default_factory=list)
    board_breakdown: dict[str, Any] = field(default_factory=dict)  # bench/load/timeline.py, with --trace
    ack_breakdown: dict[str, Any] = field(default_factory=dict)  # the same for the human tables' acknowledgements
    harness_gc: dict[str, dict[str, Any]] = field(default_factory=dict)  # this process's collections' pauses
    api_calls: dict[str, int] = field(default_factory=dict)  # the bots' Discord REST calls during the run, by kind
    # once every human table has its first board (all seated: the start's burst of challenges and accepts is
    # over), seconds after the run's start, and the acknowledgements and boards asked for from then on
    seated_at: list[float] = field(default_factory=list)  # monotonic time of each table's first board
    all_seated_s: float | None = None
    acks_seated: list[float] = field(default_factory=list)
    boards_seated: list[float] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        assert self.before is not None and self.after is not None
        cpu = self.after.cpu_seconds - self.before.cpu_seconds
        main_cpu = self.after.main_cpu_seconds - self.before.main_cpu_seconds
        late = sum(1 for seconds in self.acks if seconds > ACK_LIMIT) + self.unacknowledged
        low, high = self.config.think
        think = "saturation" if high == 0 else f"{low:g}-{high:g} s"
        return {
            "matches": self.config.matches,
            "think": think,
            "seconds_of_play": self.config.seconds,
            "wall_seconds": round(self.wall_seconds, 1),
            "reference_ms": round(self.reference_ms, 1),
            "interactions": self.interactions,
            "ack_ms": percentiles(self.acks),
            "board_ms": percentiles(self.boards),
            "all_seated_s": None if self.all_seated_s is None else round(self.all_seated_s, 1),
            "ack_ms_seated": percentiles(self.acks_seated),
            "board_ms_seated": percentiles(self.boards_seated),
            "acks_past_3s_or_missing": late,
            "ack_ms_by_kind": {
                kind: {"count": len(acks), **percentiles(acks)} for kind, acks in sorted(self.acks_by_kind.items())
            },
            "picture_ms": percentiles(self.pictures),
            "board_updates": len(self.pictures),
            "board_updates_per_second": round(len(self.pictures) / self.wall_seconds, 1),
            "bot_processes": self.after.processes,
            "bot_peak_pss_mb": round(self.peak_pss_bytes / 2**20, 1),
            "pss_at_peak_mb": [round(pss / 2**20, 1) for pss in self.pss_at_peak],
            "bot_peak_rss_mb": round(self.after.peak_rss_bytes / 2**20, 1),
            "bot_rss_at_end_mb": round(self.after.rss_bytes / 2**20, 1),
            "bot_cpu_seconds": round(cpu, 2),
            "bot_cpu_ms_per_action": round(1000 * cpu / max(1, self.interactions), 2),
            "bot_cpu_utilisation": round(cpu / self.wall_seconds, 2),  # 1.0 = one core busy all the time
            # the bot processes alone, without their drawing (and computer, analysis) processes: the event loop's
            # share, which one process cannot spread over more than about one core
            "bot_main_cpu_ms_per_action": round(1000 * main_cpu / max(1, self.interactions), 2),
            "bot_main_cpu_utilisation": round(main_cpu / self.wall_seconds, 2),
            "api_calls_per_action": round(sum(self.api_calls.values()) / max(1, self.interactions), 2),
            "api_calls_by_kind": self.api_calls,
            "harness_cpu_utilisation": round(self.harness_cpu_seconds / self.wall_seconds, 2),
            "harness_loop_lag_ms": percentiles(self.harness_loop_lag),
            "harness_gc_pauses": self.harness_gc,
            # the human tables' boards (every table, without computer matches) split at the stand-in's receipt
            "human_board_stored_ms": percentiles([click.stored - click.started for click in self.human_clicks]),
            "human_board_delivered_ms": percentiles([click.seen - click.stored for click in self.human_clicks]),
            "human_board_breakdown": self.board_breakdown,
            "human_ack_breakdown": self.ack_breakdown,
            "finished_matches": self.finished_matches,
            "database_bytes_per_finished_match": (
                round(self.database_growth_bytes / self.finished_matches)
                if self.finished_matches and not self.config.database_url and self.config.processes == 1
                else None
            ),
            "database": "postgresql" if self.config.database_url else "sqlite",
            "bot_process_count": self.config.processes,
            "automatic_analysis": self.config.analysis,
            "analyses_posted": self.analyses_posted,
            "analysis_messages_seen": self.other_messages,
            "peak_pss_mb_per_bot_process": [round(peak / 2**20, 1) for peak in self.peak_pss_by_bot],
            "errors": len(self.errors),
            "first_errors": self.errors[:5],
            "violations": len(self.violations),
            "first_violations": self.violations[:5],
            **self.computer_summary(),
        }

    def computer_summary(self) -> dict[str, Any]:
        """The human tables on their own and the computer tables, when the run had computer matches."""
        if not self.config.computer_matches:
            return {}
        human_acks = self.acks_by_table.get("human", [])
        peaks = sorted(self.peak_pss_by_process.values(), reverse=True)
        workers = [self.peak_pss_by_process.get(pid, 0) for pid in self.computer_worker_pids]
        return {
            "computer_matches": self.config.computer_matches,
            "computer_level": self.config.computer_level,
            "computer_match_length": self.config.computer_match_length,
            "human_ack_ms": percentiles(human_acks),
            "human_acks_past_3s": sum(1 for seconds in human_acks if seconds > ACK_LIMIT),
            "human_board_ms": percentiles(self.human_boards),
            "human_picture_ms": percentiles(self.human_pictures),
            "computer_table_ack_ms": percentiles(self.acks_by_table.get("computer", [])),
            "computer_table_board_ms": percentiles(self.computer_boards),
            "computer_turn_ms": percentiles(self.computer_turns),
            "computer_turns": len(self.computer_turns),
            "computer_matches_started": self.computer_matches_started,
            "computer_matches_finished": self.computer_matches_finished,
            "bot_process_peak_pss_mb": [round(peak / 2**20, 1) for peak in peaks],
            "computer_worker_peak_pss_mb": [round(peak / 2**20, 1) for peak in workers],
            "computer_tutor": self.config.computer_tutor,
            "tutor_note_ms": percentiles(self.tutor_notes),
            "tutor_notes": len(self.tutor_notes),
            "hint_ms": percentiles(self.hints),
            "hints": len(self.hints),
        }


def api_calls(requests: list[tuple[str, str]]) -> dict[str, int]:
    """The bot's Discord REST calls by kind: answers to interactions (their callbacks), edits and followups through
    an interaction's token, and messages created, edited and deleted in channels (the rest: "other")."""
    kinds: dict[str, int] = {}
    for method, path in requests:
        if path.endswith("/callback"):
            kind = "callback"
        elif "/webhooks/" in path:
            kind = f"interaction {method}"
        elif "/messages" in path and method in ("POST", "PATCH", "DELETE"):
            kind = {"POST": "message create", "PATCH": "message edit", "DELETE": "message delete"}[method]
        else:
            kind = "other"
        kinds[kind] = kinds.get(kind, 0) + 1
    return dict(sorted(kinds.items()))


def percentiles(values: list[float]) -> dict[str, float | None]:
    ordered = sorted(values)

    def at(fraction: float) -> float | None:
        if not ordered:
            return None
        return round(1000 * quantile(ordered, fraction), 1)

    return {"p50": at(0.50), "p95": at(0.95), "p99": at(0.99), "max": at(1.0)}


def reference_workload_ms() -> float:
    """Milliseconds for a fixed piece of the bot's own work (legal plays of the 21 rolls from the start), the best
    of five, measured before each run: a slower machine (or one whose cores are slowed by their neighbours) shows
    beside its figures. Other processes merely taking turns on the cores hardly move it: see load-busy.md."""
    start = Position.initial()
    rolls = [(a, b) for a in range(1, 7) for b in range(a, 7)]
    best = float("inf")
    for _ in range(5):
        began = time.perf_counter()
        for _ in range(20):
            legal.legal_plays.cache_clear()  # computed, not looked up
            for roll in rolls:
                start.legal_plays(roll)
        best = min(best, time.perf_counter() - began)
    return 1000 * best


def interaction_kind(interaction: Interaction) -> str:
    """`/bg challenge`, or a control's action (`roll`, `step`, `accept`...): where the slow answers come from."""
    if interaction.kind != "component":
        return interaction.name
    if game := GAME_TEMPLATE.fullmatch(interaction.name):
        return game["action"]
    if challenge := CHALLENGE_TEMPLATE.fullmatch(interaction.name):
        return f"challenge {challenge['action']}"
    return interaction.name


def database_bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in (path, Path(f"{path}-wal")) if p.exists())


async def empty_database_bytes(workdir: Path) -> int:
    """The size of a database with the migrations applied and nothing else, closed (its WAL folded in)."""
    path = workdir / "empty" / "gammon.db"
    async with open_database(path):
        pass
    return database_bytes(path)


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


async def run_load(config: LoadConfig) -> LoadResult:
    """Start the stand-in and the bot(s), play, stop the bots; a SQLite database is left in `config.workdir`."""
    result = LoadResult(config)
    result.reference_ms = reference_workload_ms()
    workdir = config.workdir or Path(tempfile.mkdtemp(prefix="gammon-load-"))
    async with running_standin() as standin:
        env = {"PYTHONPATH": os.pathsep.join([str(LOAD_SITE), str(SITE_DIR), str(ROOT)])}
        if config.computer_workers is not None:
            env["COMPUTER_WORKERS"] = str(config.computer_workers)
        url = config.database_url or os.environ.get("GAMMON_LOAD_DATABASE_URL")
        if url:  # issue 19: the bot on PostgreSQL (an empty database)
            env["DATABASE_URL"] = url
        tables = Tables(standin, config, result)
        if config.processes > 1:  # issue 19: shards 0..n-1 of n, one process each, global commands
            tables.guilds = [
                standin.add_guild(f"shard {n}", shard=(n, config.processes)) for n in range(config.processes)
            ]
            env |= {"SHARD_COUNT": str(config.processes), "DEV_GUILD_ID": ""}
            if not url:
                env["DATABASE_PATH"] = str(workdir / "shared" / "gammon.db")
        bots = []
        for n in range(config.processes):
            each = dict(env, **({"SHARD_IDS": str(n)} if config.processes > 1 else {}))
            if config.trace and n == 0:
                each["GAMMON_LOAD_TRACE"] = str(config.trace)
            bots.append(BotProcess(standin, workdir if config.processes == 1 else workdir / f"bot{n}", env=each))
        for bot in bots:
            await bot.start()
        for bot in bots:
            await bot.wait_ready(timeout=60.0)
        pids = []
        for bot in bots:
            assert bot.process is not None
            pids.append(bot.process.pid)
        if not config.analysis:
            await analysis_off(standin, tables.guilds or [standin.guild])
        profiler = start_profiler(pids[0], config.profile) if config.profile else None
        result.before = combined_stats(pids)
        standin.interactions.clear()  # the set-up's own commands are not measured
        requests_before = len(standin.requests)
        harness_cpu = time.process_time()
        started = time.monotonic()
        tables.stop_at = started + config.seconds
        result.peak_pss_by_bot = [0] * len(pids)
        sampler = asyncio.create_task(sample_memory(pids, result))
        ticker = asyncio.create_task(loop_lag(result.harness_loop_lag))
        # No cyclic collection in this process while the tables play (as timeit does): the stand-in keeps every
        # message of the run, and a full collection of it stopped the stand-in and the players for up to 134 ms,
        # which every board in flight then showed as the bot's latency. The run's garbage is collected after.
        gc.collect()
        gc.disable()
        collections = GcPauses().start()  # (with the collector off: none, unless something calls gc.collect)
        try:
            await asyncio.gather(
                *(tables.play(number) for number in range(config.matches)),
                *(tables.play_computer(number) for number in range(config.computer_matches)),
            )
        finally:
            collections.stop()
            gc.enable()
        sampler.cancel()
        ticker.cancel()
        result.harness_gc = collections.summary()
        result.wall_seconds = time.monotonic() - started
        result.after = combined_stats(pids)
        result.harness_cpu_seconds = time.process_time() - harness_cpu
        if profiler is not None:
            stop_profiler(profiler)
        result.api_calls = api_calls(standin.requests[requests_before:])
        interactions = list(standin.interactions.values())
        result.interactions = len(interactions)
        result.acks = [i.latency for i in interactions if i.latency is not None]
        for interaction in interactions:
            if interaction.latency is not None:
                result.acks_by_kind.setdefault(interaction_kind(interaction), []).append(interaction.latency)
                table = "computer" if interaction.channel_id in result.computer_channels else "human"
                result.acks_by_table.setdefault(table, []).append(interaction.latency)
        # no latency: never acknowledged, or acknowledged too late (the stand-in refused it, as Discord does)
        result.unacknowledged = sum(1 for i in interactions if i.latency is None)
        if config.matches and len(result.seated_at) == config.matches:
            seated = max(result.seated_at)
            result.all_seated_s = seated - started
            result.acks_seated = [
                i.latency
                for i in interactions
                if i.latency is not None and i.dispatched_at >= seated and i.channel_id not in result.computer_channels
            ]
            result.boards_seated = [
                click.seen - click.started for click in result.human_clicks if click.started >= seated
            ]
        result.violations = [f"{v.rule}: {v.detail}"[:300] for v in standin.take_violations()]
        result.analyses_posted = sum(1 for bot in bots for _ in ANALYSIS_POSTED.finditer(bot.log(10**8)))
        for bot in bots:
            logged = WORKERS_LOGGED.findall(bot.log(10**7))
            result.computer_worker_pids += [int(pid) for pid in logged[-1].split()] if logged else []
        for bot in bots:
            await bot.terminate(timeout=60.0)
            if bot.returncode not in (0, -15):
                result.errors.append(f"the bot exited with {bot.returncode}; log tail:\n{bot.log(3000)}")
        if config.trace:  # written by the first bot at its exit
            result.board_breakdown = breakdown(result.human_clicks, config.trace)
            result.ack_breakdown = ack_breakdown(
                [
                    Ack(i.id, i.dispatched_at, i.acknowledged_at)
                    for i in interactions
                    if i.acknowledged_at is not None and i.channel_id not in result.computer_channels
                ],
                config.trace,
            )
        if not url and config.processes == 1:
            # the bot closes its database on SIGTERM, folding the WAL into the file: compared with a new database
            result.database_growth_bytes = database_bytes(bots[0].database_path) - await empty_database_bytes(workdir)
    return result


async def analysis_off(standin: DiscordStandin, guilds: list[Guild]) -> None:
    """`/bgadmin analysis max_length:0` in each guild: no automatic analysis of finished matches (issue 17)."""
    admin = standin.add_user("load admin")
    for guild in guilds:
        admin.channel = standin.add_channel("admin", guild)
        reply = acknowledged_in_time(await admin.slash("bgadmin analysis", max_length=0))
        text = (await reply.settled()).content
        assert "off" in text, text


def combined_stats(pids: list[int]) -> ProcessStats:
    """CPU and memory of several bot processes (each with its descendants) together."""
    each = [read_stats(pid) for pid in pids]
    return ProcessStats(
        sum(s.cpu_seconds for s in each),
        sum(s.rss_bytes for s in each),
        sum(s.peak_rss_bytes for s in each),
        sum(s.processes for s in each),
        sum(s.main_cpu_seconds for s in each),
    )


async def sample_memory(pids: list[int], result: LoadResult) -> None:
    """Every half second, the peak PSS of each bot with its descendants and of each process. Read in a thread:
    /proc's smaps_rollup walks a process's page tables (about 8 ms for the bot's processes), which on this loop
    stopped the stand-in and the players every half second, and more so with the computer's worker beside them."""
    while True:
        by_bot = await asyncio.to_thread(lambda: [pss_by_process(pid) for pid in pids])
        totals = [sum(by_process.values()) for by_process in by_bot]
        if sum(totals) > result.peak_pss_bytes:
            result.peak_pss_bytes = sum(totals)
            result.pss_at_peak = sorted((pss for by_process in by_bot for pss in by_process.values()), reverse=True)
        for n, total in enumerate(totals):
            result.peak_pss_by_bot[n] = max(result.peak_pss_by_bot[n], total)
        for by_process in by_bot:
            for each, pss in by_process.items():
                result.peak_pss_by_process[each] = max(result.peak_pss_by_process.get(each, 0), pss)
        await asyncio.sleep(0.5)


async def loop_lag(samples: list[float], tick: float = 0.01) -> None:
    """How late this process's event loop wakes a 10 ms sleeper: the players' and the stand-in's own queueing."""
    while True:
        asked = time.monotonic()
        await asyncio.sleep(tick)
        samples.append(time.monotonic() - asked - tick)


async def resign_and_accept(table: Table, player: ScenarioUser) -> None:
    """`player` offers to resign the game (`/bg resign`) and the other accepts: a one-point match ends."""
    board = await offer_resignation(table, player)
    version = board.version
    await table.other(player).click(board, "Accept resignation")
    await table.updated(version)


def start_profiler(pid: int, output: Path) -> subprocess.Popen[bytes]:
    """py-spy sampling the bot process until it is stopped: only the thread holding the GIL, as py-spy takes a
    thread blocked in C (aiosqlite's worker waiting on its queue, a pipe's feeder) for a busy one."""
    py_spy = Path(sys.executable).with_name("py-spy")
    command = [
        str(py_spy),
        "record",
        "--pid",
        str(pid),
        "--format",
        "raw",
        "--rate",
        "100",
        "--nonblocking",
        "--gil",
        "-o",
        str(output),
    ]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def stop_profiler(profiler: subprocess.Popen[bytes]) -> None:
    profiler.send_signal(2)  # SIGINT: py-spy writes its output and exits
    with contextlib.suppress(subprocess.TimeoutExpired):
        profiler.wait(timeout=30)
    if profiler.returncode not in (0, None) and profiler.stderr is not None:
        first_line = profiler.stderr.read().decode(errors="replace").strip().splitlines()[:1]
        raise RuntimeError(f"py-spy failed: {first_line[0] if first_line else profiler.returncode}")
