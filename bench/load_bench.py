"""Load and latency of the whole bot under many simultaneous matches (issue 10).

Each run starts the real bot (`python -m bot`, its own process) against the Discord stand-in running here with
the scripted players, and plays K one-point matches at once by clicks (see bench/load/harness.py). Default runs:
K = 1, 50 and 200 with players thinking 2-6 s before each action, then a saturation run (players act as soon
as the bot has answered). Each run lasts a fixed time (then no new action starts), so the whole benchmark takes
about ten minutes on a 2-core machine.

The tables arrive over the run's first seconds, `--starts-per-second` of them a second (10: each start makes two
requests under Discord's global limit of 50 a second, which the stand-in enforces; 0: all at once), each at a
random moment, then play for `--seconds`. Every run also says when each table had its first board ("seated
after", seconds into the run) and the p99 of the human tables' acknowledgements and boards asked for from then
on ("then"): the tables held, apart from their arrival. What the bot itself logged as errors (its ERROR records,
tracebacks included) is printed under the run's row and kept in the results (`bot_errors_logged`,
`first_bot_errors`).

Targets (at 200 matches): p99 acknowledgement < 250 ms, p99 board < 600 ms, no interaction past 3 s, bot peak
RSS < 300 MB; saturation >= 100 board updates per second.

With `--computer-matches 50` (issue 16) every thinking run is made twice, side by side: without, then with 50
more tables where a player plays the computer (`--computer-level`, default expert). Targets: the human tables'
p99 acknowledgement and p99 board within 1.2x of the run without them, no interaction past 3 s; the memory of
the computer's worker processes is reported. The option is general: any other load beside the human tables
can be compared the same way. Issue 36's check of world-class: `--computer-level world-class --computer-length 5`
(matches with the cube, so that its turns take cube decisions too) beside 200 human tables; targets: the computer's
turns (from its board saying it is thinking to its play on that board) p99 <= 3 s, and the human tables beside
it within the targets at 200.

With `--computer-tutor doubtful` (with `--computer-matches`) the computer tables' player plays with the tutor and keeps
its notes; `--computer-hints` has it ask `/bg hint` before each action there. The JSON gives the time from a press
to the tutor's note (`tutor_note_ms`) and from `/bg hint` to its answer (`hint_ms`); target: p99 <= 1 s.

With `--setups sqlite postgres postgres-2` (issue 19) every run (each K, and the saturation run) is made once per
set-up, side by side: one bot process on SQLite, one on PostgreSQL, two processes on PostgreSQL (shards 0 and 1
of 2, one guild per shard, the tables alternating between them). The harness starts a throwaway PostgreSQL
server itself (tests/support/postgres.py, pgserver) and gives each run a fresh migrated database. Targets: at
1,000 matches on two processes p99 acknowledgement < 250 ms and no interaction past 3 s; saturation with two
processes >= 1.6x one process (on PostgreSQL).

With `--setups sqlite-reference sqlite --reference-root DIR` (issue 32) every run is made twice, side by side: the
bot run from another checkout of the project (DIR, e.g. `git worktree add --detach /tmp/ref <commit>`), then
this one; a table gives both and their ratio. With `--repeats`, the two take turns running first (the later run
of a pair tends to do better at 400 tables: docs/performance.md).

With `--analyses` (issue 17) every thinking run is made twice, side by side: with the servers' automatic
analysis of finished matches off (`/bgadmin analysis max_length:0`), then on (the bot's default: every finished
match is analysed in the analysis worker and the result posted). Target: no interaction past 3 s while matches are
being analysed. `--no-analysis` turns it off in every run (the figures comparable with runs made before it).

Prints a table and writes bench/results/load.json and load.md. Run:
    .venv/bin/python bench/load_bench.py                       # the default runs
    .venv/bin/python bench/load_bench.py --matches 200 --seconds 60 --no-saturation --output load-200
    .venv/bin/python bench/load_bench.py --matches 50 --saturation-only --profile /tmp/bot.txt   # py-spy
    .venv/bin/python bench/load_bench.py --matches 200 --seconds 120 --no-saturation --computer-matches 50 \
        --output load-computer
    .venv/bin/python bench/load_bench.py --matches 200 --seconds 600 --no-saturation --computer-matches 1 \
        --computer-level world-class --computer-length 5 --repeats 2 --output load-world-class
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import os
import platform
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.load import LoadConfig  # noqa: E402
from bench.load.computer_report import computer_comparison, computer_turn_verdicts  # noqa: E402
from bench.load.profile import top_functions  # noqa: E402
from bench.load.report import (  # noqa: E402
    analysis_comparison,
    kinds_table,
    reference_comparison,
    runs_table,
    trace_table,
)
from bench.load.setups import SETUPS, Setups, set_up_orders  # noqa: E402
from bench.load.targets import TARGETS, check_targets, setup_verdicts  # noqa: E402

RESULTS = ROOT / "bench" / "results"


def numbered(path: Path | None, run: int) -> Path | None:
    return None if path is None else path.with_name(f"{path.stem}-{run}{path.suffix}")


def runs_by_setup(rows: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The thinking runs of each set-up in their order (with --setups, the set-ups' runs alternate)."""
    by_setup: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        if row["think"] != "saturation":
            by_setup.setdefault(str(row["database"]), []).append(row)
    return list(by_setup.values())


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line's arguments (`argv`, else the process's)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_run_arguments(parser)
    add_output_arguments(parser)
    add_table_arguments(parser)
    add_setup_arguments(parser)
    return parser.parse_args(argv)


def add_run_arguments(parser: argparse.ArgumentParser) -> None:
    """How many tables, for how long, with how much thought: the thinking runs and the saturation run."""
    parser.add_argument("--matches", type=int, nargs="*", default=[1, 50, 200], help="K for the thinking runs")
    parser.add_argument(
        "--seconds",
        type=float,
        nargs="*",
        default=[45.0, 75.0, 120.0],
        help="seconds of play per thinking run (one value for all, or one per K)",
    )
    parser.add_argument("--think", type=float, nargs=2, default=(2.0, 6.0), metavar=("LOW", "HIGH"))
    parser.add_argument("--starts-per-second", type=float, default=10.0, help="tables arriving a second (0: at once)")
    parser.add_argument("--global-limit", type=int, default=50, help="Discord's requests a second: stand-in and bot")
    parser.add_argument("--saturation-matches", type=int, default=50)
    parser.add_argument("--saturation-seconds", type=float, default=60.0)
    parser.add_argument("--no-saturation", action="store_true")
    parser.add_argument("--saturation-only", action="store_true")


def add_output_arguments(parser: argparse.ArgumentParser) -> None:
    """What is recorded beside the figures, and where the results go."""
    parser.add_argument("--profile", type=Path, help="py-spy the bot during the last run, raw stacks to this file")
    parser.add_argument(
        "--trace",
        type=Path,
        help="timing probes in the bot during every run, JSON to this file (with "
        "-<run number> added to its name when there are several runs)",
    )
    parser.add_argument("--output", default="load", help="results name: bench/results/<output>.json and .md")
    parser.add_argument("--note", default="", help="what else the machine was doing, kept with the results")


def add_table_arguments(parser: argparse.ArgumentParser) -> None:
    """The matches the tables play: the human tables' length, and the computer tables beside them."""
    parser.add_argument(
        "--computer-matches",
        type=int,
        default=0,
        help="make every thinking run twice: without and with this many computer matches beside it",
    )
    parser.add_argument(
        "--length",
        type=int,
        default=1,
        help="points of the human tables' matches (3: the cube in play, so that matches end within a run and are"
        " analysed)",
    )
    parser.add_argument(
        "--resign-after",
        type=int,
        default=0,
        help="after this many actions of a match its player to act resigns and the other accepts, so that matches"
        " end (and are analysed) within a run; 0: never",
    )
    parser.add_argument("--computer-level", default="expert")
    parser.add_argument(
        "--computer-length", type=int, default=1, help="points of the computer tables' matches (3+: the cube in play)"
    )
    parser.add_argument("--computer-workers", type=int, help="the bot's COMPUTER_WORKERS (default: its own)")
    parser.add_argument(
        "--computer-tutor",
        default="off",
        choices=["off", "doubtful", "error", "blunder"],
        help="the tutor at the computer tables (its notes kept); its note's latency is reported",
    )
    parser.add_argument(
        "--computer-hints", action="store_true", help="with --computer-tutor: /bg hint before each action there"
    )
    parser.add_argument(
        "--repeats",
        type=int,
        default=1,
        help="runs per K and set-up; with --computer-matches: pairs of runs per K, in alternating order "
        "(without-with, with-without, ...)",
    )


def add_setup_arguments(parser: argparse.ArgumentParser) -> None:
    """Which bots run (set-ups, a reference checkout) and whether they analyse finished matches."""
    parser.add_argument(
        "--setups",
        nargs="*",
        choices=sorted(SETUPS),
        default=["sqlite"],
        help="issue 19: each run once per set-up (postgres: the harness starts its own server)",
    )
    parser.add_argument(
        "--reference-root",
        type=Path,
        help="issue 32: the checkout the set-up sqlite-reference runs the bot from (a git worktree of another commit)",
    )
    parser.add_argument(
        "--analyses", action="store_true", help="issue 17: every thinking run twice, automatic analysis off then on"
    )
    parser.add_argument("--no-analysis", action="store_true", help="automatic analysis off in every run")


def thinking_configs(args: argparse.Namespace) -> list[LoadConfig]:
    """The thinking runs, each K in turn, `--repeats` times (each time on every set-up); with --analyses or
    --computer-matches, each twice side by side instead, `--repeats` pairs."""
    seconds = args.seconds if len(args.seconds) == len(args.matches) else [args.seconds[0]] * len(args.matches)
    configs = (
        []
        if args.saturation_only
        else [
            LoadConfig(
                matches=k,
                think=tuple(args.think),
                seconds=s,
                starts_per_second=args.starts_per_second,
                global_limit=args.global_limit,
                analysis=not args.no_analysis,
                match_length=args.length,
                resign_after=args.resign_after,
            )
            for k, s in zip(args.matches, seconds, strict=True)
        ]
    )
    if not args.analyses and not args.computer_matches:  # side by side with a reference: each K `repeats` times
        configs = [config for config in configs for _ in range(args.repeats)]
    if args.analyses:
        configs = [
            each
            for config in configs
            for repeat in range(args.repeats)
            for each in ((dataclasses.replace(config, analysis=False), config)[:: 1 if repeat % 2 == 0 else -1])
        ]
    if args.computer_matches:
        beside = {
            "computer_matches": args.computer_matches,
            "computer_level": args.computer_level,
            "computer_match_length": args.computer_length,
            "computer_workers": args.computer_workers,
            "computer_tutor": args.computer_tutor,
            "computer_hints": args.computer_hints,
        }
        # without, with; then with, without; ...: the machine's other load drifts, and the order alternates
        configs = [
            each
            for config in configs
            for repeat in range(args.repeats)
            for each in ((config, dataclasses.replace(config, **beside))[:: 1 if repeat % 2 == 0 else -1])
        ]
    return configs


def run_configs(args: argparse.Namespace) -> tuple[list[tuple[str, LoadConfig]], list[Path | None]]:
    """Every run in order (the thinking runs, then the saturation run, each on every set-up in turn) with its set-up,
    and the timing probes' file of each: one per run, so that a set-up's run never overwrites another's."""
    configs = thinking_configs(args)
    if not args.no_saturation:
        configs.append(
            LoadConfig(
                matches=args.saturation_matches,
                think=(0.0, 0.0),
                seconds=args.saturation_seconds,
                starts_per_second=args.starts_per_second,
                global_limit=args.global_limit,
                analysis=not args.no_analysis,
            )
        )
    runs = [
        (setup, config)
        for config, setups in zip(configs, set_up_orders(args.setups, configs), strict=True)
        for setup in setups
    ]
    if args.profile:  # the last run only: the file is py-spy's, one run's
        runs[-1] = (runs[-1][0], dataclasses.replace(runs[-1][1], profile=args.profile))
    traces = [args.trace] if len(runs) == 1 else [numbered(args.trace, n) for n in range(1, len(runs) + 1)]
    if args.trace:
        runs = [
            (setup, dataclasses.replace(config, trace=path)) for (setup, config), path in zip(runs, traces, strict=True)
        ]
    return runs, traces


async def run_all(runs: list[tuple[str, LoadConfig]], reference_root: Path | None) -> list[dict[str, Any]]:
    """Each run in its set-up, one after the other, its row printed as it ends: the summaries of the runs."""
    rows = []
    async with Setups(reference_root) as setups:
        for setup, config in runs:
            beside = f" beside {config.computer_matches} computer matches" if config.computer_matches else ""
            print(
                f"running {setup} K={config.matches}{beside} think={config.think} analysis="
                f"{'on' if config.analysis else 'off'} for {config.seconds:g} s ...",
                flush=True,
            )
            row = (await setups.run(setup, config)).summary()
            rows.append(row)
            print(runs_table([row]).splitlines()[-1], flush=True)
            for problem in row["first_errors"] + row["first_violations"]:
                print("   ", problem, flush=True)
            for logged in row["first_bot_errors"]:
                print("    the bot logged:", logged.replace("\n", "\n    "), flush=True)
    return rows


def results_text(
    args: argparse.Namespace, rows: list[dict[str, Any]], traces: list[Path | None]
) -> tuple[str, list[str]]:
    """The text of the results (the runs' table, the comparisons asked for, the verdicts) and the verdicts."""
    verdicts = check_targets(
        [
            row
            for row in rows
            if not row.get("computer_matches")
            and row["automatic_analysis"] == (not args.no_analysis)
            and row["bot_process_count"] == 1
            and row["database"] == "sqlite"
        ]
    )
    verdicts += setup_verdicts(rows)
    text = runs_table(rows)
    if args.computer_matches:
        pairs = [
            (one, two) if not one.get("computer_matches") else (two, one)
            for thinking in runs_by_setup(rows)
            for one, two in zip(thinking[::2], thinking[1::2], strict=True)
        ]
        comparison, more = computer_comparison(pairs, TARGETS["beside_computer_matches"]["human_p99_ratio"])
        verdicts += more + computer_turn_verdicts(
            rows, TARGETS["world_class_beside_200"]["computer_turn_p99_ms"], TARGETS["at_200"]
        )
        text += "\n\nThe human tables without and with the computer matches beside them:\n" + comparison
    if "sqlite-reference" in args.setups:
        text += "\n\nThe reference checkout beside this one (ratio: this / reference):\n" + reference_comparison(rows)
    if args.analyses:
        thinking = [row for row in rows if row["think"] != "saturation"]
        step = len(args.setups)  # the runs of one K: every set-up with the analysis off, then on (or the reverse)
        groups = [thinking[at : at + 2 * step] for at in range(0, len(thinking), 2 * step)]
        pairs = [
            (one, two) if not one["automatic_analysis"] else (two, one)
            for group in groups
            for one, two in zip(group[:step], group[step:], strict=True)
        ]
        comparison, more = analysis_comparison(pairs)
        verdicts += more
        text += "\n\nThe same tables with the automatic analysis of finished matches off and on:\n" + comparison
    text += "\n\n" + "\n".join(verdicts) + "\n\nAcknowledgement by interaction:\n" + kinds_table(rows)
    if args.trace:
        text += "\n\nInside the bot (timing probes, p99 ms of each run in order, count of the last):\n" + trace_table(
            traces
        )
    if args.profile:
        text += "\n\nHot path (py-spy, bot process, share of samples in the last run):\n" + top_functions(args.profile)
    return text, verdicts


def write_results(args: argparse.Namespace, rows: list[dict[str, Any]], verdicts: list[str], text: str) -> None:
    machine = {"python": platform.python_version(), "cpus": os.cpu_count(), "platform": platform.platform()}
    RESULTS.mkdir(exist_ok=True)
    report = {
        "benchmark": "bench/load_bench.py",
        "command": " ".join(["bench/load_bench.py", *sys.argv[1:]]),
        "runs": rows,
        "targets": TARGETS,
        "verdicts": verdicts,
        "machine": machine,
        "note": args.note,
    }
    (RESULTS / f"{args.output}.json").write_text(json.dumps(report, indent=2) + "\n")
    (RESULTS / f"{args.output}.md").write_text(
        f"# Load benchmark\n\n`.venv/bin/python {report['command']}` on {os.cpu_count()} cores, "
        f"Python {platform.python_version()}{'. ' + args.note if args.note else ''}\n\n{text}\n"
    )


async def main() -> None:
    args = arguments()
    runs, traces = run_configs(args)
    rows = await run_all(runs, args.reference_root)
    RESULTS.mkdir(exist_ok=True)  # the runs first: a failing report must not lose them
    (RESULTS / f"{args.output}.json").write_text(json.dumps({"runs": rows}, indent=2) + "\n")
    text, verdicts = results_text(args, rows, traces)
    print()
    print(text)
    write_results(args, rows, verdicts, text)


if __name__ == "__main__":
    asyncio.run(main())
