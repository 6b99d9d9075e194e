"""The load benchmark's harness (bench/load) still plays: two tables for a few seconds against the real bot."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.load import LoadConfig, run_load
from bench.load.computer_report import computer_turn_verdicts, median_verdicts
from bench.load.report import kinds_table
from bench.load.result import percentiles
from bench.load.setups import Setups
from cogs.ui.custom_ids import ACTION_WORDS, GameAction


def test_percentiles_pick_ranks_in_milliseconds() -> None:
    values = [i / 1000 for i in range(1, 101)]  # 1 .. 100 ms
    assert percentiles(values) == {"p50": 51.0, "p95": 96.0, "p99": 100.0, "max": 100.0}
    assert percentiles([]) == {"p50": None, "p95": None, "p99": None, "max": None}


@pytest.mark.slow
async def test_two_tables_play_by_clicks_and_are_measured(tmp_path: Path) -> None:
    config = LoadConfig(matches=2, think=(0.05, 0.2), seconds=8.0, workdir=tmp_path, resign_after=6)
    result = await run_load(config)
    summary = result.summary()
    assert summary["errors"] == 0 and summary["violations"] == 0 and summary["global_limited"] == 0, summary
    assert result.matches_started >= 2
    assert result.finished_matches >= 2  # each match resigned after its sixth action, accepted, then another
    # each table challenged, accepted and clicked at least a few times: all answered within Discord's 3 s
    assert len(result.boards) >= 4 and result.interactions >= len(result.boards) + 4
    assert summary["acks_past_3s_or_missing"] == 0
    assert len(result.acks) == result.interactions
    assert summary["board_ms"]["p50"] > 0 and summary["ack_ms"]["p99"] < 3000
    # the figures come from the bot's own process
    assert 20 < summary["bot_peak_rss_mb"] < 2000 and summary["bot_cpu_seconds"] > 0
    assert 0 < summary["bot_main_cpu_ms_per_action"] <= summary["bot_cpu_ms_per_action"]  # the loop's share
    assert (tmp_path / "data" / "gammon.db").exists()
    # acknowledgement by what was typed or clicked: every interaction counted once, under its command or control
    by_kind = summary["ack_ms_by_kind"]
    assert sum(row["count"] for row in by_kind.values()) == result.interactions
    assert by_kind["/bg challenge"]["count"] == by_kind["challenge accept"]["count"] == result.matches_started
    controls = {*(action.value for action in GameAction), *ACTION_WORDS}
    assert by_kind.keys() <= {"/bg challenge", "challenge accept", "/bg resign", *controls}
    # ... and the report's table of them has one line per kind, with its count
    lines = kinds_table([summary]).splitlines()[1:]
    assert len(lines) == len(by_kind)
    assert all(
        f"{kind[:21]:<22}{row['count']:>7}" in text for (kind, row), text in zip(by_kind.items(), lines, strict=True)
    )
    assert summary["reference_ms"] > 0
    # each board's latency split at the stand-in's receipt of it: the bot's part and the players' part make it up
    parts = [
        (click.stored - click.started, click.seen - click.stored, board)
        for click, board in zip(result.human_clicks, result.boards, strict=True)
    ]
    assert all(
        stored > 0 and delivered >= 0 and stored + delivered == pytest.approx(board)
        for stored, delivered, board in parts
    )
    assert summary["human_board_stored_ms"]["p99"] <= summary["board_ms"]["p99"]
    assert len(result.harness_loop_lag) > 10 and summary["harness_loop_lag_ms"]["p50"] >= 0
    # once both tables had their first board: only what was asked from then on, the start's challenges left out
    assert len(result.seated_at) == 2 and 0 < summary["all_seated_s"] < config.seconds
    assert 0 < len(result.boards_seated) <= len(result.boards) and 0 < len(result.acks_seated) < len(result.acks)
    assert summary["board_ms_seated"]["p99"] <= summary["board_ms"]["max"]
    # the tables arrived over 0.2 s (10 a second), then played for the run's seconds
    assert summary["arrival_seconds"] == 0.2 and summary["wall_seconds"] >= 0.2 + config.seconds


def test_tables_arrive_at_a_pace_discords_global_limit_allows() -> None:
    assert LoadConfig(matches=400).arrival_seconds == 40.0  # 10 starts a second, two requests each
    assert LoadConfig(matches=200, computer_matches=50, starts_per_second=25).arrival_seconds == 10.0
    assert LoadConfig(matches=400, starts_per_second=0).arrival_seconds == 0.0  # every table at once


@pytest.mark.slow
async def test_two_sharded_processes_on_postgresql_with_analysis_play_and_are_measured(tmp_path: Path) -> None:
    """Issue 19's set-up (shards 0 and 1 of 2 on a PostgreSQL server the harness starts itself) with issue 17's
    automatic analysis on: the tables of both shards are answered, and the analyses posted do not stop them."""
    config = LoadConfig(matches=2, think=(0.05, 0.2), seconds=6.0, workdir=tmp_path)
    async with Setups() as setups:
        result = await setups.run("postgres-2", config)
    summary = result.summary()
    assert summary["errors"] == 0 and summary["violations"] == 0, summary
    assert summary["database"] == "postgresql" and summary["bot_process_count"] == 2
    assert summary["automatic_analysis"] is True
    # one table in a guild of each shard: each process answered its own table's clicks
    assert result.matches_started >= 2 and summary["acks_past_3s_or_missing"] == 0
    assert "serving shard 0 of 2" in (tmp_path / "bot0" / "bot.log").read_text()
    assert "serving shard 1 of 2" in (tmp_path / "bot1" / "bot.log").read_text()
    assert len(summary["peak_pss_mb_per_bot_process"]) == 2
    assert all(mb > 20 for mb in summary["peak_pss_mb_per_bot_process"])
    assert summary["database_bytes_per_finished_match"] is None  # no SQLite file to weigh


def test_the_median_of_several_pairs_decides_the_computer_load_verdict() -> None:
    def run(ack: float, picture: float, matches: int = 200) -> dict[str, object]:
        return {
            "matches": matches,
            "ack_ms": {"p99": ack},
            "picture_ms": {"p99": picture},
            "human_ack_ms": {"p99": ack},
            "human_picture_ms": {"p99": picture},
        }

    pairs = [(run(10, 40), run(16, 44)), (run(20, 50), run(18, 65)), (run(12, 40), run(13, 80))]
    ack, board = median_verdicts(pairs, 1.2)
    assert ack.startswith("met ") and "1.08 x" in ack and "1.60, 0.90, 1.08" in ack  # one bad pair of three
    assert board.startswith("MISSED") and "1.10, 1.30, 2.00" in board and ": 1.3 x" in board  # median of 1.1, 1.3, 2
    assert median_verdicts(pairs[:1], 1.2) == []  # a single pair is judged by its own verdicts


@pytest.mark.slow
async def test_a_computer_table_beside_two_human_tables_is_measured_apart(tmp_path: Path) -> None:
    """Issue 36's set-up, small: the computer's turns (3-point matches, so the cube is in play) timed from its
    board saying it is thinking to its play, and the human tables' figures kept on their own."""
    config = LoadConfig(
        matches=2,
        think=(0.05, 0.2),
        seconds=10.0,  # the computer's worker runs in the idle class: under the suite's load a turn can take seconds
        workdir=tmp_path,
        computer_matches=1,
        computer_level="beginner",
        computer_match_length=3,
        computer_tutor="doubtful",  # its notes kept, and a hint asked before each action there
        computer_hints=True,
        analysis=False,
    )
    summary = (await run_load(config)).summary()
    assert summary["errors"] == 0 and summary["violations"] == 0, summary
    assert summary["computer_level"] == "beginner" and summary["computer_match_length"] == 3
    assert summary["computer_tutor"] == "doubtful" and summary["hints"] >= 1 and summary["hint_ms"]["p99"] < 30_000
    assert summary["computer_matches_started"] == 1 and summary["computer_turns"] >= 1  # 1 in a CI run under load
    assert 0 < summary["computer_turn_ms"]["p50"] <= summary["computer_turn_ms"]["p99"] < 60_000
    assert summary["human_ack_ms"]["p99"] < 3000 and summary["human_picture_ms"]["p50"] > 0
    assert summary["acks_past_3s_or_missing"] == 0


def test_world_class_turns_and_the_human_tables_beside_them_are_judged() -> None:
    def run(level: str, turn_p99: float, human_ack_p99: float, matches: int = 200) -> dict[str, object]:
        return {
            "matches": matches,
            "think": "2-6 s",
            "computer_matches": 1,
            "computer_level": level,
            "computer_turns": 120,
            "computer_turn_ms": {"p50": 900.0, "p99": turn_p99},
            "human_ack_ms": {"p99": human_ack_p99},
            "human_picture_ms": {"p99": 60.0},
            "acks_past_3s_or_missing": 0,
        }

    at_200 = {"ack_p99_ms": 250, "board_p99_ms": 600}
    turn, ack, board, late = computer_turn_verdicts([run("world-class", 2400.0, 300.0)], 3000, at_200)
    assert turn.startswith("met ") and "2400.0 ms" in turn and "120 turns, p50 900 ms" in turn
    assert ack.startswith("MISSED") and "300.0 ms" in ack
    assert board.startswith("met ") and late.startswith("met ")
    assert computer_turn_verdicts([run("world-class", 3100.0, 10.0, matches=50)], 3000, at_200)[0].startswith("MISSED")
    assert computer_turn_verdicts([run("expert", 3100.0, 10.0, matches=50)], 3000, at_200) == []
    assert computer_turn_verdicts([{"matches": 200, "think": "2-6 s"}], 3000, at_200) == []  # no computer tables


async def test_the_reference_set_up_needs_a_checkout(tmp_path: Path) -> None:
    async with Setups() as setups:
        with pytest.raises(ValueError, match="--reference-root"):
            await setups.run("sqlite-reference", LoadConfig(matches=1, workdir=tmp_path))


@pytest.mark.slow
async def test_the_reference_set_up_runs_the_bot_from_the_other_checkout(tmp_path: Path) -> None:
    """Issue 32's side-by-side run: `sqlite-reference` starts the bot from another checkout (here a copy made of
    links to this one, whose timing probes' folder says where it is), labelled apart from `sqlite`."""
    root = Path(__file__).resolve().parents[2]
    reference = tmp_path / "reference"
    (reference / "bench" / "load" / "site").mkdir(parents=True)
    for name in ("bot", "cogs", "render", "tests"):
        (reference / name).symlink_to(root / name)
    (reference / "bench" / "load" / "site" / "sitecustomize.py").write_text(
        "import runpy, sys\n"
        "print('reference site from', __file__, flush=True)\n"
        "runpy.run_path(sys.path[1] + '/sitecustomize.py', run_name='sitecustomize_standin')\n"
    )
    config = LoadConfig(matches=2, think=(0.05, 0.2), seconds=4.0, workdir=tmp_path / "run")
    async with Setups(reference) as setups:
        result = await setups.run("sqlite-reference", config)
    summary = result.summary()
    assert summary["errors"] == 0 and summary["violations"] == 0, summary
    assert summary["database"] == "sqlite (reference)" and result.matches_started >= 2
    assert f"reference site from {reference}" in (tmp_path / "run" / "bot.log").read_text()
