"""The load benchmark's side-by-side runs: `--repeats` runs each K on every set-up that many times, and the
reference comparison then adds the median of each figure over the pairs."""

from __future__ import annotations

from typing import Any

from bench.load.report import reference_comparison
from bench.load.setups import REFERENCE_LABEL
from bench.load_bench import arguments, run_configs


def test_repeats_run_each_k_that_many_times_on_every_set_up() -> None:
    args = arguments(["--matches", "200", "400", "--repeats", "3", "--no-saturation", "--setups", "sqlite"])
    configs, _ = run_configs(args)
    assert [config.matches for config in configs] == [200, 200, 200, 400, 400, 400]


def run(database: str, matches: int, ack_p99: float, cpu: float) -> dict[str, Any]:
    p99s = {key: {"p99": ack_p99} for key in ("ack_ms", "board_ms", "ack_ms_seated", "board_ms_seated")}
    return {
        "database": database,
        "matches": matches,
        "think": "2-6 s",
        **p99s,
        "acks_past_3s_or_missing": 1,
        "board_updates_per_second": 40.0,
        "bot_cpu_ms_per_action": cpu,
        "api_calls_per_action": 1.2,
    }


def test_the_comparison_shows_each_pair_then_the_median_of_a_ks_pairs() -> None:
    rows = [
        run(REFERENCE_LABEL, 200, 20, 7.0),
        run("sqlite", 200, 30, 6.0),
        run(REFERENCE_LABEL, 200, 40, 9.0),
        run("sqlite", 200, 10, 5.0),
        run(REFERENCE_LABEL, 200, 60, 8.0),
        run("sqlite", 200, 50, 4.0),
        run(REFERENCE_LABEL, 400, 90, 6.0),
        run("sqlite", 400, 45, 3.0),
    ]
    lines = reference_comparison(rows).splitlines()[2:]
    assert [line.split(" | ")[0] for line in lines] == ["| 200", "| 200", "| 200", "| 400", "| 200, median of 3"]
    median = lines[-1].split(" | ")
    assert median[2] == "40 / 30 / 0.75x"  # ack p99: the medians of 20, 40, 60 and of 30, 10, 50
    assert median[6] == "3 / 3"  # past 3 s: summed
    assert median[8] == "8.0 / 5.0 / 0.62x"  # CPU per action
