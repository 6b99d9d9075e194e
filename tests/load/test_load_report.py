"""The load benchmark's side-by-side runs: `--repeats` runs each K on every set-up that many times, and the
reference comparison then adds the median of each figure over the pairs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bench.load.report import reference_comparison
from bench.load.setups import REFERENCE_LABEL
from bench.load_bench import arguments, run_configs


def test_repeats_run_each_k_that_many_times_on_every_set_up() -> None:
    args = arguments(["--matches", "200", "400", "--repeats", "3", "--no-saturation", "--setups", "sqlite"])
    runs, _ = run_configs(args)
    assert [config.matches for _, config in runs] == [200, 200, 200, 400, 400, 400]


def test_each_run_of_each_set_up_has_its_own_trace() -> None:
    args = arguments(["--matches", "200", "--trace", "/tmp/probes.json", "--no-saturation", "--setups", "sqlite"])
    assert [config.trace for _, config in run_configs(args)[0]] == [Path("/tmp/probes.json")]
    both = ["--setups", "sqlite-reference", "sqlite", "--reference-root", "/tmp/ref"]
    args = arguments(["--matches", "200", "400", "--trace", "/tmp/probes.json", "--no-saturation", *both])
    runs, traces = run_configs(args)
    assert [(setup, config.matches) for setup, config in runs] == [
        ("sqlite-reference", 200),
        ("sqlite", 200),
        ("sqlite-reference", 400),
        ("sqlite", 400),
    ]
    assert [config.trace for _, config in runs] == traces
    assert traces == [Path(f"/tmp/probes-{n}.json") for n in (1, 2, 3, 4)]


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


def test_the_median_of_two_pairs_is_written_to_two_decimals() -> None:
    rows = [run(REFERENCE_LABEL, 200, 20, 6.88), run("sqlite", 200, 30, 6.9), run(REFERENCE_LABEL, 200, 40, 6.84)]
    rows += [run("sqlite", 200, 10, 6.9)]
    median = reference_comparison(rows).splitlines()[-1].split(" | ")
    assert median[0] == "| 200, median of 2"
    assert median[8] == "6.86 / 6.9 / 1.01x"  # CPU per action: the mean of 6.88 and 6.84, rounded


def test_pairs_are_runs_of_one_k_side_by_side_whichever_checkout_ran_first() -> None:
    rows = [
        run("sqlite", 200, 30, 6.0),
        run(REFERENCE_LABEL, 200, 20, 7.0),
        run("sqlite", 400, 45, 3.0),
        run(REFERENCE_LABEL, 400, 90, 6.0),
    ]
    lines = reference_comparison(rows).splitlines()[2:]
    assert [line.split(" | ")[:3] for line in lines] == [
        ["| 200", "2-6 s", "20 / 30 / 1.50x"],
        ["| 400", "2-6 s", "90 / 45 / 0.50x"],
    ]


def test_against_a_reference_the_checkouts_take_turns_running_first_at_each_k() -> None:
    both = ["--setups", "sqlite-reference", "sqlite", "--reference-root", "/tmp/ref"]
    args = arguments(["--matches", "200", "400", "--repeats", "3", "--no-saturation", *both])
    runs, _ = run_configs(args)
    first = [setup for (setup, config) in runs[::2]]
    assert [config.matches for _, config in runs[::2]] == [200, 200, 200, 400, 400, 400]
    assert first == ["sqlite-reference", "sqlite", "sqlite-reference"] * 2


def test_with_the_analysis_off_and_on_both_runs_of_a_repeat_keep_one_order() -> None:
    both = ["--setups", "sqlite-reference", "sqlite", "--reference-root", "/tmp/ref"]
    args = arguments(["--matches", "200", "--repeats", "2", "--analyses", "--no-saturation", *both])
    runs, _ = run_configs(args)
    order = [(setup, config.analysis) for setup, config in runs]
    groups = [order[at : at + 4] for at in range(0, len(order), 4)]  # a repeat: both set-ups, analysis off and on
    for group in groups:
        assert [setup for setup, _ in group[:2]] == [setup for setup, _ in group[2:]], group
    assert [group[0][0] for group in groups] == ["sqlite-reference", "sqlite"]
