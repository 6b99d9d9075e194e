"""The human tables without and with computer tables beside them (bench/load_bench.py --computer-matches; issues
16 and 36): the side-by-side tables and their verdicts, the computer's turn times among them."""

from __future__ import annotations

import statistics
from typing import Any

from bench.load.report import ms, verdict
from bench.load.timeline import ACK_PARTS, PARTS


def computer_comparison(pairs: list[tuple[dict[str, Any], dict[str, Any]]], goal: float) -> tuple[str, list[str]]:
    """The human tables with and without the computer matches beside them: a table and the verdicts (the human
    p99s with them at most `goal` times those without)."""
    lines = [
        "| K | computer matches | level | human ack p99 ms (without -> with) | human board p99 ms | "
        "human picture p99 ms | >3s with | computer turns | computer turn p50/p99 ms | matches finished | "
        "bot PSS peak MB (without -> with) | each computer worker's peak PSS MB | "
        "each process's peak PSS MB (with) |",
        "|" + "---|" * 13,
    ]
    verdicts = []
    for without, with_ in pairs:

        def change(key: str, other: str, without: dict[str, Any] = without, with_: dict[str, Any] = with_) -> str:
            return f"{ms(without[key]['p99'])} -> {ms(with_[other]['p99'])}"

        turns = with_["computer_turn_ms"]
        lines.append(
            f"| {without['matches']} | {with_['computer_matches']} | {with_['computer_level']} | "
            f"{change('ack_ms', 'human_ack_ms')} | {change('board_ms', 'human_board_ms')} | "
            f"{change('picture_ms', 'human_picture_ms')} | {with_['acks_past_3s_or_missing']} | "
            f"{with_['computer_turns']} | {ms(turns['p50'])}/{ms(turns['p99'])} | "
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
                verdict(
                    f"human p99 {what} at K={without['matches']} with {with_['computer_matches']} "
                    f"computer matches, against without ({before} -> {after} ms)",
                    ratio,
                    "<=",
                    goal,
                    "x",
                )
            )
        verdicts.append(
            verdict(
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
            return f"{ms(before[part])} -> {ms(after[part])}"

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
                verdict(
                    f"MEDIAN over {len(at_k)} pairs of the human p99 {what} ratio at K={matches} "
                    f"(each pair: {', '.join(f'{r:.2f}' for r in ratios)})",
                    median,
                    "<=",
                    goal,
                    "x",
                )
            )
    return verdicts


def computer_turn_verdicts(rows: list[dict[str, Any]], turn_p99_ms: float, at_200: dict[str, float]) -> list[str]:
    """Issue 36: world-class's turns (from the board saying the computer is thinking to its play on that board:
    its decisions and the drawing) within `turn_p99_ms` at p99, and the human tables beside the computer tables
    still within the targets at 200 tables (`at_200`: acknowledgement and board p99; none past 3 s)."""
    verdicts = []
    for row in rows:
        if not row.get("computer_matches") or row["think"] == "saturation":
            continue
        beside = f"{row['computer_matches']} {row['computer_level']} table(s) beside K={row['matches']}"
        if row["computer_level"] == "world-class":
            p50 = ms(row["computer_turn_ms"]["p50"])
            turns = f"p99 computer turn, {beside} ({row['computer_turns']} turns, p50 {p50} ms)"
            verdicts.append(verdict(turns, row["computer_turn_ms"]["p99"], "<=", turn_p99_ms, "ms"))
        if row["matches"] == 200:
            verdicts += [
                verdict(
                    f"human p99 acknowledgement, {beside}", row["human_ack_ms"]["p99"], "<", at_200["ack_p99_ms"], "ms"
                ),
                verdict(
                    f"human p99 board update, {beside}",
                    row["human_picture_ms"]["p99"],
                    "<",
                    at_200["board_p99_ms"],
                    "ms",
                ),
                verdict(f"interactions past 3 s, {beside}", row["acks_past_3s_or_missing"], "<=", 0, ""),
            ]
    return verdicts
