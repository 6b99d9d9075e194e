"""One load run: start the stand-in here and the real bot in its own process, and let the scripted players of
bench/load/tables.py play K matches at once by clicks.

Measured: acknowledgement latency of every interaction (the stand-in's clock: dispatch to the callback), board
latency of every click (dispatch to the board seen here: the clicked message edited, or a new one), the bot
process's CPU seconds and peak RSS (/proc), the peak memory (PSS) of each of its processes, and the database size
(file + WAL) per finished match.
"""

from __future__ import annotations

import asyncio
import gc
import os
import re
import tempfile
import time
from pathlib import Path

from bench.load.bot_log import logged_errors
from bench.load.config import LoadConfig
from bench.load.gc_pauses import GcPauses
from bench.load.process_stats import combined_stats
from bench.load.profile import start_profiler, stop_profiler
from bench.load.result import LoadResult
from bench.load.sampling import loop_lag, sample_memory
from bench.load.tables import Tables
from bench.load.timeline import Ack, ack_breakdown, breakdown
from bot.engine import Position, legal
from bot.store.database import open_database
from cogs.ui.custom_ids import CHALLENGE_TEMPLATE, GAME_TEMPLATE
from tests.e2e.table import acknowledged_in_time
from tests.support.discord_standin import BotProcess, DiscordStandin, running_standin
from tests.support.discord_standin.launcher import ROOT, SITE_DIR
from tests.support.discord_standin.model import Guild, Interaction

LOAD_SITE = Path(__file__).resolve().parent / "site"  # timing probes, inert unless GAMMON_LOAD_TRACE is set
ANALYSIS_POSTED = re.compile(r"Match #\d+ analysed in")  # logged by bot/analysis/jobs.py
WORKERS_LOGGED = re.compile(r"Computer workers ready \(process ids ([0-9 ]+)\)")  # cogs/computer.py


async def run_load(config: LoadConfig) -> LoadResult:
    """Start the stand-in and the bot(s), play, stop the bots; a SQLite database is left in `config.workdir`."""
    result = LoadResult(config)
    result.reference_ms = reference_workload_ms()
    workdir = config.workdir or Path(tempfile.mkdtemp(prefix="gammon-load-"))
    async with running_standin() as standin:
        tables = Tables(standin, config, result)
        bots = await start_bots(standin, tables, workdir)
        pids = []
        for bot in bots:
            assert bot.process is not None
            pids.append(bot.process.pid)
        if not config.analysis:
            await analysis_off(standin, tables.guilds or [standin.guild])
        started = await play_and_measure(standin, tables, pids)
        interactions = list(standin.interactions.values())
        count_interactions(result, interactions, started)
        result.violations = [f"{v.rule}: {v.detail}"[:300] for v in standin.take_violations()]
        result.global_limited = len(standin.global_limited)
        logs = [bot.log(10**8) for bot in bots]  # each read once: a 400-table run's log is several megabytes
        result.analyses_posted = sum(len(ANALYSIS_POSTED.findall(log)) for log in logs)
        result.bot_errors = [error for log in logs for error in logged_errors(log)]
        for log in logs:
            logged = WORKERS_LOGGED.findall(log)
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
        if not database_url(config) and config.processes == 1:
            # the bot closes its database on SIGTERM, folding the WAL into the file: compared with a new database
            result.database_growth_bytes = database_bytes(bots[0].database_path) - await empty_database_bytes(workdir)
    return result


def database_url(config: LoadConfig) -> str | None:
    """The PostgreSQL database the bots share, if any: the run's own, else GAMMON_LOAD_DATABASE_URL."""
    return config.database_url or os.environ.get("GAMMON_LOAD_DATABASE_URL")


async def start_bots(standin: DiscordStandin, tables: Tables, workdir: Path) -> list[BotProcess]:
    """Start the bot processes and wait until each is ready: one, or one per shard with a guild each (the tables
    spread over them); on PostgreSQL when the run has a database URL, else on SQLite (one file the shards share)."""
    config = tables.config
    standin.global_limit = config.global_limit
    env = {
        "PYTHONPATH": os.pathsep.join([str(LOAD_SITE), str(SITE_DIR), str(ROOT)]),
        "DISCORD_REQUESTS_PER_SECOND": str(config.global_limit),
    }
    if config.computer_workers is not None:
        env["COMPUTER_WORKERS"] = str(config.computer_workers)
    url = database_url(config)
    if url:  # issue 19: the bot on PostgreSQL (an empty database)
        env["DATABASE_URL"] = url
    if config.processes > 1:  # issue 19: shards 0..n-1 of n, one process each, global commands
        tables.guilds = [standin.add_guild(f"shard {n}", shard=(n, config.processes)) for n in range(config.processes)]
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
    return bots


async def play_and_measure(standin: DiscordStandin, tables: Tables, pids: list[int]) -> float:
    """Let the tables play until the time is up, measuring the bots (CPU, memory, REST calls) and this process.
    Returns the monotonic time play started."""
    config, result = tables.config, tables.result
    profiler = start_profiler(pids[0], config.profile) if config.profile else None
    result.before = combined_stats(pids)
    standin.interactions.clear()  # the set-up's own commands are not measured
    requests_before = len(standin.requests)
    harness_cpu = time.process_time()
    started = time.monotonic()
    tables.stop_at = started + config.arrival_seconds + config.seconds
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
    return started


def count_interactions(result: LoadResult, interactions: list[Interaction], started: float) -> None:
    """The acknowledgements of the run's interactions: all, by kind, by table, and from when every table was
    seated; and how many were never acknowledged."""
    result.interactions = len(interactions)
    result.acks = [i.latency for i in interactions if i.latency is not None]
    for interaction in interactions:
        if interaction.latency is not None:
            result.acks_by_kind.setdefault(interaction_kind(interaction), []).append(interaction.latency)
            table = "computer" if interaction.channel_id in result.computer_channels else "human"
            result.acks_by_table.setdefault(table, []).append(interaction.latency)
    # no latency: never acknowledged, or acknowledged too late (the stand-in refused it, as Discord does)
    result.unacknowledged = sum(1 for i in interactions if i.latency is None)
    if result.config.matches and len(result.seated_at) == result.config.matches:
        seated = max(result.seated_at)
        result.all_seated_s = seated - started
        result.acks_seated = [
            i.latency
            for i in interactions
            if i.latency is not None and i.dispatched_at >= seated and i.channel_id not in result.computer_channels
        ]
        result.boards_seated = [click.seen - click.started for click in result.human_clicks if click.started >= seated]


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


async def analysis_off(standin: DiscordStandin, guilds: list[Guild]) -> None:
    """`/bgadmin analysis max_length:0` in each guild: no automatic analysis of finished matches (issue 17)."""
    admin = standin.add_user("load admin")
    for guild in guilds:
        admin.channel = standin.add_channel("admin", guild)
        reply = acknowledged_in_time(await admin.slash("bgadmin analysis", max_length=0))
        text = (await reply.settled()).content
        assert "off" in text, text
