"""Load and latency of the whole bot under many simultaneous matches (issue 10).

Each run starts the real bot (`python -m bot`, its own process) against the Discord stand-in running here with
the scripted players, and plays K one-point matches at once by clicks (see bench/load/harness.py). Default runs:
K = 1, 50 and 200 with players thinking 2-6 s before each action, then a saturation run (players act as soon
as the bot has answered). Each run lasts a fixed time (then no new action starts), so the whole benchmark takes
about ten minutes on a 2-core machine.

Targets (at 200 matches): p99 acknowledgement < 250 ms, p99 board < 600 ms, no interaction past 3 s, bot peak
RSS < 300 MB; saturation >= 100 board updates per second.

With `--computer-matches 50` (issue 16) every thinking run is made twice, side by side: without, then with 50
more tables where a player plays the computer (`--computer-level`, default expert). Targets: the human tables'
p99 acknowledgement and p99 board within 1.2x of the run without them, no interaction past 3 s; the memory of
the computer's worker processes is reported. The option is general: any other load beside the human tables
can be compared the same way.

With `--setups sqlite postgres postgres-2` (issue 19) every run (each K, and the saturation run) is made once per
set-up, side by side: one bot process on SQLite, one on PostgreSQL, two processes on PostgreSQL (shards 0 and 1
of 2, one guild per shard, the tables alternating between them). The harness starts a throwaway PostgreSQL
server itself (tests/support/postgres.py, pgserver) and gives each run a fresh migrated database. Targets: at
1,000 matches on two processes p99 acknowledgement < 250 ms and no interaction past 3 s; saturation with two
processes >= 1.6x one process (on PostgreSQL).

With `--setups sqlite-reference sqlite --reference-root DIR` (issue 32) every run is made twice, side by side: the
bot run from another checkout of the project (DIR, e.g. `git worktree add --detach /tmp/ref <commit>`), then
this one; a table gives both and their ratio.

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
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import itertools
import json
import os
import platform
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.load import LoadConfig  # noqa: E402
from bench.load.profile import top_functions  # noqa: E402
from bench.load.setups import REFERENCE_LABEL, SETUPS, Setups  # noqa: E402
from bench.load.timeline import ACK_PARTS, PARTS  # noqa: E402

RESULTS = ROOT / "bench" / "results"
TARGETS = {
    "at_200": {"ack_p99_ms": 250, "board_p99_ms": 600, "acks_past_3s_or_missing": 0, "bot_peak_pss_mb": 300},
    "saturation": {"board_updates_per_second": 100},
    "beside_computer_matches": {"human_p99_ratio": 1.2, "acks_past_3s_or_missing": 0},
    "at_1000_two_processes": {"ack_p99_ms": 250, "acks_past_3s_or_missing": 0},
    "saturation_two_over_one_process": {"ratio": 1.6},
    "while_analysing": {"acks_past_3s_or_missing": 0},
}
COLUMNS = (
    ("set-up", lambda s: f"{s['bot_process_count']}x {s['database']}"),
    ("analysis", lambda s: "on" if s["automatic_analysis"] else "off"),
    ("K", lambda s: s["matches"]),
    ("think", lambda s: s["think"]),
    ("ref ms", lambda s: s.get("reference_ms", "-")),
    ("actions", lambda s: s["interactions"]),
    ("ack p50/p95/p99 ms", lambda s: "/".join(_ms(s["ack_ms"][p]) for p in ("p50", "p95", "p99"))),
    ("board p50/p95/p99 ms", lambda s: "/".join(_ms(s["board_ms"][p]) for p in ("p50", "p95", "p99"))),
    ("picture p50/p95/p99 ms", lambda s: "/".join(_ms(s["picture_ms"][p]) for p in ("p50", "p95", "p99"))),
    (">3s", lambda s: s["acks_past_3s_or_missing"]),
    ("boards/s", lambda s: s["board_updates_per_second"]),
    ("peak PSS MB", lambda s: s.get("bot_peak_pss_mb", "-")),
    ("PSS MB per process", lambda s: "+".join(str(mb) for mb in s["peak_pss_mb_per_bot_process"])),
    ("peak RSS MB", lambda s: s["bot_peak_rss_mb"]),
    ("CPU ms/action", lambda s: s["bot_cpu_ms_per_action"]),
    ("CPU use", lambda s: s["bot_cpu_utilisation"]),
    ("harness CPU", lambda s: s["harness_cpu_utilisation"]),
    ("DB KB/match", lambda s: _kb(s["database_bytes_per_finished_match"])),
    ("errors", lambda s: s["errors"] + s["violations"]),
)


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}"


def _kb(value: int | None) -> str:
    return "-" if value is None else f"{value / 1024:.1f}"


def table(rows: list[dict[str, Any]]) -> str:
    header = "| " + " | ".join(name for name, _ in COLUMNS) + " |"
    rule = "|" + "|".join("---" for _ in COLUMNS) + "|"
    lines = [header, rule]
    lines += ["| " + " | ".join(str(cell(row)) for _, cell in COLUMNS) + " |" for row in rows]
    return "\n".join(lines)


def check_targets(rows: list[dict[str, Any]]) -> list[str]:
    verdicts = []
    for row in rows:
        if row["matches"] == 200 and row["think"] != "saturation":
            goal = TARGETS["at_200"]
            verdicts += [
                _verdict("p99 acknowledgement at 200", row["ack_ms"]["p99"], "<", goal["ack_p99_ms"], "ms"),
                _verdict("p99 board update at 200", row["picture_ms"]["p99"], "<", goal["board_p99_ms"], "ms"),
                _verdict("interactions past 3 s at 200", row["acks_past_3s_or_missing"], "<=", 0, ""),
                _verdict(
                    "bot peak memory (PSS, with its drawing processes) at 200",
                    row["bot_peak_pss_mb"],
                    "<",
                    goal["bot_peak_pss_mb"],
                    "MB",
                ),
            ]
        if row["think"] == "saturation":
            goal_rate = TARGETS["saturation"]["board_updates_per_second"]
            verdicts.append(
                _verdict(
                    f"saturation ({row['matches']} tables)",
                    row["board_updates_per_second"],
                    ">=",
                    goal_rate,
                    "boards/s",
                )
            )
    return verdicts


def setup_verdicts(rows: list[dict[str, Any]]) -> list[str]:
    """Issue 19's targets: 1,000 matches on two processes, and saturation of two processes against one."""
    verdicts = []
    for row in rows:
        if row["matches"] == 1000 and row["think"] != "saturation" and row["bot_process_count"] == 2:
            goal = TARGETS["at_1000_two_processes"]
            verdicts += [
                _verdict(
                    "p99 acknowledgement at 1,000 on two processes", row["ack_ms"]["p99"], "<", goal["ack_p99_ms"], "ms"
                ),
                _verdict(
                    "interactions past 3 s at 1,000 on two processes", row["acks_past_3s_or_missing"], "<=", 0, ""
                ),
            ]
    saturated = {
        (row["bot_process_count"], row["database"]): row["board_updates_per_second"]
        for row in rows
        if row["think"] == "saturation"
    }
    one, two = saturated.get((1, "postgresql")), saturated.get((2, "postgresql"))
    if one and two:
        verdicts.append(
            _verdict(
                f"saturation, two processes against one on PostgreSQL ({one} -> {two} boards/s)",
                round(two / one, 2),
                ">=",
                TARGETS["saturation_two_over_one_process"]["ratio"],
                "x",
            )
        )
    return verdicts


def _side_by_side(reference: dict[str, Any], this: dict[str, Any], key: str, p99: bool = False) -> str:
    """`reference / this / ratio` of one figure of two runs."""
    one, two = (row[key]["p99"] if p99 else row[key] for row in (reference, this))
    if one is None or two is None:
        return f"{one} / {two} / -"
    ratio = f"{two / one:.2f}x" if one else "-"
    return f"{one:.0f} / {two:.0f} / {ratio}" if p99 else f"{one} / {two} / {ratio}"


def reference_comparison(rows: list[dict[str, Any]]) -> str:
    """Each run of `sqlite-reference` with the `sqlite` run after it: both figures and this / reference."""
    lines = [
        "| K | think | ack p99 ms (reference / this / ratio) | board p99 ms | >3s | boards/s | CPU ms/action |",
        "|" + "---|" * 7,
    ]
    for reference, this in itertools.pairwise(rows):
        if reference["database"] != REFERENCE_LABEL or this["database"] != "sqlite":
            continue
        lines.append(
            f"| {this['matches']} | {this['think']} | {_side_by_side(reference, this, 'ack_ms', p99=True)} "
            f"| {_side_by_side(reference, this, 'board_ms', p99=True)} "
            f"| {reference['acks_past_3s_or_missing']} / {this['acks_past_3s_or_missing']} "
            f"| {_side_by_side(reference, this, 'board_updates_per_second')} "
            f"| {_side_by_side(reference, this, 'bot_cpu_ms_per_action')} |"
        )
    return "\n".join(lines)


def analysis_comparison(pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> tuple[str, list[str]]:
    """The same tables with the automatic analysis off and on: a table and the verdicts (issue 17)."""
    lines = [
        "| set-up | K | ack p99 ms (off -> on) | board p99 ms | picture p99 ms | >3s (off -> on) | boards/s | "
        "finished matches | analyses done | bot PSS peak MB (off -> on) |",
        "|" + "---|" * 10,
    ]
    verdicts = []
    for off, on in pairs:

        def change(key: str, off: dict[str, Any] = off, on: dict[str, Any] = on) -> str:
            return f"{_ms(off[key]['p99'])} -> {_ms(on[key]['p99'])}"

        lines.append(
            f"| {on['bot_process_count']}x {on['database']} | {off['matches']} | {change('ack_ms')} | "
            f"{change('board_ms')} | {change('picture_ms')} | "
            f"{off['acks_past_3s_or_missing']} -> {on['acks_past_3s_or_missing']} | "
            f"{off['board_updates_per_second']} -> {on['board_updates_per_second']} | "
            f"{off['finished_matches']} -> {on['finished_matches']} | {on['analyses_posted']} | "
            f"{off['bot_peak_pss_mb']} -> {on['bot_peak_pss_mb']} |"
        )
        verdicts.append(
            _verdict(
                f"interactions past 3 s at K={on['matches']} while {on['analyses_posted']} matches were analysed",
                on["acks_past_3s_or_missing"],
                "<=",
                0,
                "",
            )
        )
    return "\n".join(lines), verdicts


def kinds_table(rows: list[dict[str, Any]]) -> str:
    """Acknowledgement by what was clicked or typed, per run: which interactions answer late."""
    columns = "".join(f"{name:>9}" for name in ("p50 ms", "p95 ms", "p99 ms", "max ms"))
    lines = [f"{'set-up':<14}{'K':>5} {'think':<11}{'interaction':<22}{'count':>7}{columns}"]
    for row in rows:
        setup = f"{row['bot_process_count']}x {row['database']}"
        for kind, ms in row["ack_ms_by_kind"].items():
            lines.append(
                f"{setup:<14}{row['matches']:>5} {row['think']:<11}{kind[:21]:<22}{ms['count']:>7}"
                + "".join(f"{_ms(ms[p]):>9}" for p in ("p50", "p95", "p99", "max"))
            )
    return "\n".join(lines)


def numbered(path: Path | None, run: int) -> Path | None:
    return None if path is None else path.with_name(f"{path.stem}-{run}{path.suffix}")


def step_cell(row: dict[str, Any] | None) -> str:
    return "-" if row is None else f"{row['count']}/{row['total_ms']:g}"


def trace_table(paths: list[Path | None]) -> str:
    """The bot's timing probes side by side: p99 of each run (the runs' order), and the last run's count."""
    runs = [json.loads(path.read_text()) if path is not None and path.exists() else {} for path in paths]
    names = sorted({name for probes in runs for name, row in probes.items() if "p99_ms" in row})
    lines = [f"{'probe':<60}{'count':>7}" + "".join(f"{f'run {n}':>9}" for n in range(1, len(runs) + 1))]
    for name in names:
        count = runs[-1].get(name, {}).get("count", 0)
        p99s = "".join(f"{probes[name]['p99_ms'] if name in probes else '-':>9}" for probes in runs)
        lines.append(f"{name[:59]:<60}{count:>7}{p99s}")
    censuses = [probes.get("objects at exit", {}) for probes in runs]
    lines.append(
        f"{'objects the collector tracks at exit (frozen apart)':<67}"
        + "".join(f"{census.get('tracked', '-'):>9}" for census in censuses)
    )
    lines.append(f"{'objects frozen':<67}" + "".join(f"{census.get('frozen', '-'):>9}" for census in censuses))
    for n, probes in enumerate(runs, 1):
        full = probes.get("gc full collections", {}).get("at_s_and_ms")
        if full:
            lines.append(
                f"run {n}: the bot's full collections (seconds since its start, ms): "
                + ", ".join(f"{at:g} s {ms:g}" for at, ms in full)
            )
    slow = [probes.get("loop steps past 2 ms", {}) for probes in runs]
    if any(slow):
        lines.append(f"{'loop steps past 2 ms: count / total ms of each run':<67}")
        for name in sorted(
            {name for steps in slow for name in steps},
            key=lambda name: -max(steps.get(name, {}).get("total_ms", 0) for steps in slow),
        )[:20]:
            cells = "".join(f"{step_cell(steps.get(name)):>14}" for steps in slow)
            lines.append(f"  {name[:65]:<65}{cells}")
    if censuses[-1]:
        lines.append(
            "commonest in the last run: "
            + ", ".join(f"{kind} {count}" for kind, count in censuses[-1]["commonest"][:12])
        )
    return "\n".join(lines)


def computer_comparison(pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> tuple[str, list[str]]:
    """The human tables with and without the computer matches beside them: a table and the verdicts."""
    lines = [
        "| K | computer matches | level | human ack p99 ms (without -> with) | human board p99 ms | "
        "human picture p99 ms | >3s with | computer turns | computer turn p50/p99 ms | matches finished | "
        "bot PSS peak MB (without -> with) | each computer worker's peak PSS MB | "
        "each process's peak PSS MB (with) |",
        "|" + "---|" * 13,
    ]
    verdicts = []
    goal = TARGETS["beside_computer_matches"]["human_p99_ratio"]
    for without, with_ in pairs:

        def change(key: str, other: str, without: dict[str, Any] = without, with_: dict[str, Any] = with_) -> str:
            return f"{_ms(without[key]['p99'])} -> {_ms(with_[other]['p99'])}"

        turns = with_["computer_turn_ms"]
        lines.append(
            f"| {without['matches']} | {with_['computer_matches']} | {with_['computer_level']} | "
            f"{change('ack_ms', 'human_ack_ms')} | {change('board_ms', 'human_board_ms')} | "
            f"{change('picture_ms', 'human_picture_ms')} | {with_['acks_past_3s_or_missing']} | "
            f"{with_['computer_turns']} | {_ms(turns['p50'])}/{_ms(turns['p99'])} | "
            f"{with_['computer_matches_finished']} | {without['bot_peak_pss_mb']} -> {with_['bot_peak_pss_mb']} | "
            f"{', '.join(str(mb) for mb in with_['computer_worker_peak_pss_mb']) or '-'} | "
            f"{', '.join(str(mb) for mb in with_['bot_process_peak_pss_mb'])} |"
        )
        for what, key, other in (
            ("acknowledgement", "ack_ms", "human_ack_ms"),
            ("board update", "picture_ms", "human_picture_ms"),
        ):
            before, after = without[key]["p99"], with_[other]["p99"]
            ratio = None if not before or after is None else round(after / before, 2)
            verdicts.append(
                _verdict(
                    f"human p99 {what} at K={without['matches']} with {with_['computer_matches']} "
                    f"computer matches, against without ({before} -> {after} ms)",
                    ratio,
                    "<=",
                    goal,
                    "x",
                )
            )
        verdicts.append(
            _verdict(
                f"interactions past 3 s with {with_['computer_matches']} computer matches",
                with_["acks_past_3s_or_missing"],
                "<=",
                0,
                "",
            )
        )
    return "\n".join([*lines, "", *board_split_table(pairs)]), verdicts + median_verdicts(pairs, goal)


def board_split_table(pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> list[str]:
    """Where the human tables' board p99 goes, without -> with: the bot's part (a click's dispatch to the stand-in
    storing its board), the players' part (stored to the player seeing it), and the harness process's own load."""
    lines = [
        "The human tables' board p99 split at the stand-in's receipt of the board (without -> with):",
        "| board p99 ms | dispatch -> stored (bot) p99 ms | stored -> seen (players) p99 ms | "
        "harness loop lag p99 / max ms | harness's longest GC pause ms | harness CPU | bot CPU |",
        "|" + "---|" * 7,
    ]
    for without, with_ in pairs:

        def change(
            key: str,
            other: str = "",
            part: str = "p99",
            without: dict[str, Any] = without,
            with_: dict[str, Any] = with_,
        ) -> str:
            before, after = without.get(key), with_.get(other or key)
            if not isinstance(before, dict) or not isinstance(after, dict):
                return "-"
            return f"{_ms(before[part])} -> {_ms(after[part])}"

        lines.append(
            f"| {change('board_ms', 'human_board_ms')} | {change('human_board_stored_ms')} | "
            f"{change('human_board_delivered_ms')} | {change('harness_loop_lag_ms')} / "
            f"{change('harness_loop_lag_ms', part='max')} | "
            f"{longest_pause(without)} -> {longest_pause(with_)} | "
            f"{without['harness_cpu_utilisation']} -> {with_['harness_cpu_utilisation']} | "
            f"{without['bot_cpu_utilisation']} -> {with_['bot_cpu_utilisation']} |"
        )
    return lines + breakdown_lines(pairs)


def longest_pause(row: dict[str, Any]) -> str:
    pauses = [each["max_ms"] for each in row.get("harness_gc_pauses", {}).values() if "max_ms" in each]
    return f"{max(pauses):.0f}" if pauses else "-"


def breakdown_lines(pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> list[str]:
    """With --trace: the slowest 1% of the human boards (dispatch -> stored) and of the human acknowledgements,
    where their time went, without -> with (means in ms; bench/load/timeline.py joins the harness's clicks to the
    bot's own timeline of each interaction)."""
    return parts_lines(pairs, "human_board_breakdown", PARTS, "boards") + parts_lines(
        pairs, "human_ack_breakdown", ACK_PARTS, "acknowledgements"
    )


def parts_lines(
    pairs: list[tuple[dict[str, Any], dict[str, Any]]], key: str, parts: tuple[str, ...], what: str
) -> list[str]:
    traced = [
        (without[key], with_[key])
        for without, with_ in pairs
        if without.get(key, {}).get("slowest") and with_.get(key, {}).get("slowest")
    ]
    if not traced:
        return []
    lines = [
        "",
        f"The slowest 1% of the human {what}, where the time went (mean ms, without -> with; median of all "
        f"{what} in brackets):",
        f"| {what} joined | " + " | ".join(parts) + " |",
        "|" + "---|" * (len(parts) + 1),
    ]
    for without, with_ in traced:
        cells = [
            f"{without['slowest_mean_ms'][part]} -> {with_['slowest_mean_ms'][part]} "
            f"({without['all_median_ms'][part]} -> {with_['all_median_ms'][part]})"
            for part in parts
        ]
        lines.append(
            f"| {without['joined']}/{without['clicks']} -> {with_['joined']}/{with_['clicks']} | "
            + " | ".join(cells)
            + " |"
        )
    return lines


def median_verdicts(pairs: list[tuple[dict[str, Any], dict[str, Any]]], goal: float) -> list[str]:
    """With several pairs at one K (`--repeats`): the median of the pairs' p99 ratios, the steadier figure. A
    p99 of a few milliseconds moves by half from one run to the next on a shared 2-core machine, so one pair
    decides little; the pairs alternate their order, so drift in the machine's other load cancels out."""
    verdicts = []
    for matches in sorted({without["matches"] for without, _ in pairs}):
        at_k = [(without, with_) for without, with_ in pairs if without["matches"] == matches]
        if len(at_k) < 2:
            continue
        for what, key, other in (
            ("acknowledgement", "ack_ms", "human_ack_ms"),
            ("board update", "picture_ms", "human_picture_ms"),
        ):
            ratios = [
                with_[other]["p99"] / without[key]["p99"]
                for without, with_ in at_k
                if without[key]["p99"] and with_[other]["p99"] is not None
            ]
            median = round(statistics.median(ratios), 2) if ratios else None
            verdicts.append(
                _verdict(
                    f"MEDIAN over {len(at_k)} pairs of the human p99 {what} ratio at K={matches} "
                    f"(each pair: {', '.join(f'{r:.2f}' for r in ratios)})",
                    median,
                    "<=",
                    goal,
                    "x",
                )
            )
    return verdicts


def _verdict(what: str, value: float | None, relation: str, goal: float, unit: str) -> str:
    met = value is not None and {"<": value < goal, "<=": value <= goal, ">=": value >= goal}[relation]
    return f"{'met ' if met else 'MISSED'}  {what}: {value} {unit} (target {relation} {goal} {unit})"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, nargs="*", default=[1, 50, 200], help="K for the thinking runs")
    parser.add_argument(
        "--seconds",
        type=float,
        nargs="*",
        default=[45.0, 75.0, 120.0],
        help="seconds of play per thinking run (one value for all, or one per K)",
    )
    parser.add_argument("--think", type=float, nargs=2, default=(2.0, 6.0), metavar=("LOW", "HIGH"))
    parser.add_argument("--saturation-matches", type=int, default=50)
    parser.add_argument("--saturation-seconds", type=float, default=60.0)
    parser.add_argument("--no-saturation", action="store_true")
    parser.add_argument("--saturation-only", action="store_true")
    parser.add_argument("--profile", type=Path, help="py-spy the bot during the last run, raw stacks to this file")
    parser.add_argument(
        "--trace",
        type=Path,
        help="timing probes in the bot during every run, JSON to this file (with "
        "-<run number> added to its name when there are several runs)",
    )
    parser.add_argument("--output", default="load", help="results name: bench/results/<output>.json and .md")
    parser.add_argument("--note", default="", help="what else the machine was doing, kept with the results")
    parser.add_argument(
        "--computer-matches",
        type=int,
        default=0,
        help="make every thinking run twice: without and with this many computer matches beside it",
    )
    parser.add_argument("--computer-level", default="expert")
    parser.add_argument("--computer-workers", type=int, help="the bot's COMPUTER_WORKERS (default: its own)")
    parser.add_argument(
        "--repeats",
        type=int,
        default=1,
        help="with --computer-matches: pairs of runs per K, in alternating order (without-with, with-without, ...)",
    )
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
    args = parser.parse_args()

    seconds = args.seconds if len(args.seconds) == len(args.matches) else [args.seconds[0]] * len(args.matches)
    configs = (
        []
        if args.saturation_only
        else [
            LoadConfig(matches=k, think=tuple(args.think), seconds=s, analysis=not args.no_analysis)
            for k, s in zip(args.matches, seconds, strict=True)
        ]
    )
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
            "computer_workers": args.computer_workers,
        }
        # without, with; then with, without; ...: the machine's other load drifts, and the order alternates
        configs = [
            each
            for config in configs
            for repeat in range(args.repeats)
            for each in ((config, dataclasses.replace(config, **beside))[:: 1 if repeat % 2 == 0 else -1])
        ]
    if not args.no_saturation:
        configs.append(
            LoadConfig(
                matches=args.saturation_matches,
                think=(0.0, 0.0),
                seconds=args.saturation_seconds,
                analysis=not args.no_analysis,
            )
        )
    if args.profile:
        configs[-1] = dataclasses.replace(configs[-1], profile=args.profile)
    traces = [args.trace] if len(configs) == 1 else [numbered(args.trace, n) for n in range(1, len(configs) + 1)]
    if args.trace:
        configs = [dataclasses.replace(config, trace=path) for config, path in zip(configs, traces, strict=True)]
    runs = [(setup, config) for config in configs for setup in args.setups]

    rows = []
    async with Setups(args.reference_root) as setups:
        for setup, config in runs:
            beside = f" beside {config.computer_matches} computer matches" if config.computer_matches else ""
            print(
                f"running {setup} K={config.matches}{beside} think={config.think} analysis="
                f"{'on' if config.analysis else 'off'} for {config.seconds:g} s ...",
                flush=True,
            )
            row = (await setups.run(setup, config)).summary()
            rows.append(row)
            print(table([row]).splitlines()[-1], flush=True)
            for problem in row["first_errors"] + row["first_violations"]:
                print("   ", problem, flush=True)
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
    text = table(rows)
    if args.computer_matches:
        thinking = [row for row in rows if row["think"] != "saturation"]
        pairs = [
            (one, two) if not one.get("computer_matches") else (two, one)
            for one, two in zip(thinking[::2], thinking[1::2], strict=True)
        ]
        comparison, more = computer_comparison(pairs)
        verdicts += more
        text += "\n\nThe human tables without and with the computer matches beside them:\n" + comparison
    if "sqlite-reference" in args.setups:
        text += "\n\nThe reference checkout, then this one (ratio: this / reference):\n" + reference_comparison(rows)
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
    print()
    print(text)
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


if __name__ == "__main__":
    asyncio.run(main())
