"""The load benchmark's reports (bench/load_bench.py): its main table of runs and, beside it, the reference
checkout against this one, the automatic analysis off and on, acknowledgement by interaction, the bot's timing
probes; and the verdicts' wording."""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Any

from bench.load.setups import REFERENCE_LABEL


def ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}"


#: The main table's columns: (heading, the cell of a run's summary).
COLUMNS = (
    ("set-up", lambda s: f"{s['bot_process_count']}x {s['database']}"),
    ("analysis", lambda s: "on" if s["automatic_analysis"] else "off"),
    ("K", lambda s: s["matches"]),
    ("think", lambda s: s["think"]),
    ("ref ms", lambda s: s.get("reference_ms", "-")),
    ("actions", lambda s: s["interactions"]),
    ("ack p50/p95/p99 ms", lambda s: "/".join(ms(s["ack_ms"][p]) for p in ("p50", "p95", "p99"))),
    ("board p50/p95/p99 ms", lambda s: "/".join(ms(s["board_ms"][p]) for p in ("p50", "p95", "p99"))),
    ("seated after s", lambda s: s.get("all_seated_s") or "-"),
    ("then ack/board p99 ms", lambda s: "/".join(ms(s[key]["p99"]) for key in ("ack_ms_seated", "board_ms_seated"))),
    ("picture p50/p95/p99 ms", lambda s: "/".join(ms(s["picture_ms"][p]) for p in ("p50", "p95", "p99"))),
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
    ("global 429s", lambda s: s.get("global_limited", "-")),
)


def _kb(value: int | None) -> str:
    return "-" if value is None else f"{value / 1024:.1f}"


def runs_table(rows: list[dict[str, Any]]) -> str:
    """The main table: a row per run."""
    header = "| " + " | ".join(name for name, _ in COLUMNS) + " |"
    rule = "|" + "|".join("---" for _ in COLUMNS) + "|"
    lines = [header, rule]
    lines += ["| " + " | ".join(str(cell(row)) for _, cell in COLUMNS) + " |" for row in rows]
    return "\n".join(lines)


def side_by_side(reference: dict[str, Any], this: dict[str, Any], key: str, p99: bool = False) -> str:
    """`reference / this / ratio` of one figure of two runs."""
    one, two = (row[key]["p99"] if p99 else row[key] for row in (reference, this))
    if one is None or two is None:
        return f"{one} / {two} / -"
    ratio = f"{two / one:.2f}x" if one else "-"
    return f"{one:.0f} / {two:.0f} / {ratio}" if p99 else f"{one} / {two} / {ratio}"


def reference_comparison(rows: list[dict[str, Any]]) -> str:
    """Each run of `sqlite-reference` with the `sqlite` run beside it (`_pairs`): both figures and this /
    reference; with several pairs at one K (`--repeats`), then the median of each figure over its pairs, the steadier
    figure."""
    lines = [
        "| K | think | ack p99 ms (reference / this / ratio) | board p99 ms | once seated: ack p99 ms | board p99 ms "
        "| >3s | boards/s | CPU ms/action | API calls/action |",
        "|" + "---|" * 10,
    ]
    pairs = _pairs(rows)
    lines += [_compared(f"{this['matches']}", reference, this) for reference, this in pairs]
    by_k: dict[int, list[tuple[dict[str, Any], dict[str, Any]]]] = {}
    for reference, this in pairs:
        by_k.setdefault(this["matches"], []).append((reference, this))
    for k, of_k in by_k.items():
        if len(of_k) > 1:
            lines.append(
                _compared(f"{k}, median of {len(of_k)}", *(_median_row([pair[i] for pair in of_k]) for i in (0, 1)))
            )
    return "\n".join(lines)


def _pairs(rows: list[dict[str, Any]]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(reference, this) for each two runs one after the other at one K, one of each checkout, in either order:
    the two take turns running first (bench/load/setups.py, `set_up_orders`)."""
    pairs = []
    waiting: dict[str, Any] | None = None
    for row in rows:
        kinds = {row["database"], waiting["database"]} if waiting is not None else set()
        if waiting is not None and kinds == {REFERENCE_LABEL, "sqlite"} and waiting["matches"] == row["matches"]:
            pairs.append((waiting, row) if waiting["database"] == REFERENCE_LABEL else (row, waiting))
            waiting = None
        else:
            waiting = row
    return pairs


#: The figures of a run the comparison shows: p99s, and plain numbers.
_P99_KEYS = ("ack_ms", "board_ms", "ack_ms_seated", "board_ms_seated")
_PLAIN_KEYS = ("board_updates_per_second", "bot_cpu_ms_per_action", "api_calls_per_action")


def _compared(k: str, reference: dict[str, Any], this: dict[str, Any]) -> str:
    return (
        f"| {k} | {this['think']} | {side_by_side(reference, this, 'ack_ms', p99=True)} "
        f"| {side_by_side(reference, this, 'board_ms', p99=True)} "
        f"| {side_by_side(reference, this, 'ack_ms_seated', p99=True)} "
        f"| {side_by_side(reference, this, 'board_ms_seated', p99=True)} "
        f"| {reference['acks_past_3s_or_missing']} / {this['acks_past_3s_or_missing']} "
        f"| {side_by_side(reference, this, 'board_updates_per_second')} "
        f"| {side_by_side(reference, this, 'bot_cpu_ms_per_action')} "
        f"| {side_by_side(reference, this, 'api_calls_per_action')} |"
    )


def _median_row(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """A run's figures as the median over `runs` (interactions past 3 s: their sum), to the two decimals a run's
    own figures have: the median of an even count is a mean, and 6.88 and 6.84 would print as 6.859999999999999."""

    def median(values: list[float | None]) -> float | None:
        known = [value for value in values if value is not None]
        return round(statistics.median(known), 2) if known else None

    row: dict[str, Any] = {"think": runs[0]["think"]}
    row |= {key: {"p99": median([run[key]["p99"] for run in runs])} for key in _P99_KEYS}
    row |= {key: median([run[key] for run in runs]) for key in _PLAIN_KEYS}
    row["acks_past_3s_or_missing"] = sum(run["acks_past_3s_or_missing"] for run in runs)
    return row


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
            return f"{ms(off[key]['p99'])} -> {ms(on[key]['p99'])}"

        lines.append(
            f"| {on['bot_process_count']}x {on['database']} | {off['matches']} | {change('ack_ms')} | "
            f"{change('board_ms')} | {change('picture_ms')} | "
            f"{off['acks_past_3s_or_missing']} -> {on['acks_past_3s_or_missing']} | "
            f"{off['board_updates_per_second']} -> {on['board_updates_per_second']} | "
            f"{off['finished_matches']} -> {on['finished_matches']} | {on['analyses_posted']} | "
            f"{off['bot_peak_pss_mb']} -> {on['bot_peak_pss_mb']} |"
        )
        verdicts.append(
            verdict(
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
        for kind, figures in row["ack_ms_by_kind"].items():
            lines.append(
                f"{setup:<14}{row['matches']:>5} {row['think']:<11}{kind[:21]:<22}{figures['count']:>7}"
                + "".join(f"{ms(figures[p]):>9}" for p in ("p50", "p95", "p99", "max"))
            )
    return "\n".join(lines)


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


def verdict(what: str, value: float | None, relation: str, goal: float, unit: str) -> str:
    met = value is not None and {"<": value < goal, "<=": value <= goal, ">=": value >= goal}[relation]
    return f"{'met ' if met else 'MISSED'}  {what}: {value} {unit} (target {relation} {goal} {unit})"
