"""The load benchmark's targets (bench/load_bench.py) and its verdicts on the runs that meet or miss them."""

from __future__ import annotations

from typing import Any

from bench.load.report import verdict

TARGETS = {
    "at_200": {"ack_p99_ms": 250, "board_p99_ms": 600, "acks_past_3s_or_missing": 0, "bot_peak_pss_mb": 300},
    "saturation": {"board_updates_per_second": 100},
    "beside_computer_matches": {"human_p99_ratio": 1.2, "acks_past_3s_or_missing": 0},
    "world_class_beside_200": {"computer_turn_p99_ms": 3000},
    "at_1000_two_processes": {"ack_p99_ms": 250, "acks_past_3s_or_missing": 0},
    "saturation_two_over_one_process": {"ratio": 1.6},
    "while_analysing": {"acks_past_3s_or_missing": 0},
}


def check_targets(rows: list[dict[str, Any]]) -> list[str]:
    verdicts = []
    for row in rows:
        if row["matches"] == 200 and row["think"] != "saturation":
            goal = TARGETS["at_200"]
            verdicts += [
                verdict("p99 acknowledgement at 200", row["ack_ms"]["p99"], "<", goal["ack_p99_ms"], "ms"),
                verdict("p99 board update at 200", row["picture_ms"]["p99"], "<", goal["board_p99_ms"], "ms"),
                verdict("interactions past 3 s at 200", row["acks_past_3s_or_missing"], "<=", 0, ""),
                verdict(
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
                verdict(
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
                verdict(
                    "p99 acknowledgement at 1,000 on two processes", row["ack_ms"]["p99"], "<", goal["ack_p99_ms"], "ms"
                ),
                verdict("interactions past 3 s at 1,000 on two processes", row["acks_past_3s_or_missing"], "<=", 0, ""),
            ]
    saturated = {
        (row["bot_process_count"], row["database"]): row["board_updates_per_second"]
        for row in rows
        if row["think"] == "saturation"
    }
    one, two = saturated.get((1, "postgresql")), saturated.get((2, "postgresql"))
    if one and two:
        verdicts.append(
            verdict(
                f"saturation, two processes against one on PostgreSQL ({one} -> {two} boards/s)",
                round(two / one, 2),
                ">=",
                TARGETS["saturation_two_over_one_process"]["ratio"],
                "x",
            )
        )
    return verdicts
