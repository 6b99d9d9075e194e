"""The benchmark scripts still run to the end and write their results (their figures are not checked here).

Nothing else runs them, and one had been stopping with an AssertionError unnoticed. Each script is copied
into a temporary folder and run from there, so that its results go to that folder's `bench/results/` and the
committed ones stay as they are; small sizes keep each run to seconds (bench_gnubg's matches are 2 points long, so
that gnubg's own cube decisions are taken). The load benchmark has its own test
(tests/load).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: script -> (arguments for a short run, the results file it writes)
SCRIPTS = {
    "bench_analysis.py": (  # seed 29: a one-point match of 43 decisions (seed 0's has 144)
        [
            *("--matches", "1", "--length", "1", "--first-seed", "29"),
            *("--analysis-level", "quick", "--reference-plies", "0"),
        ],
        "analysis.json",
    ),
    "bench_legal_plays.py": (["20"], "legal_plays.json"),
    "bench_pacing.py": (["--starts", "20", "--starts-per-second", "100"], "pacing.json"),
    "bench_render.py": (["10"], "render.json"),
    "bench_service.py": (["100", "50", "2"], "service.json"),
    "bench_computer.py": (
        [
            *("--positions", "4", "--games", "2", "--pairs", "casual", "--expert-games", "0"),
            *("--world-class-games", "0", "--gnubg-games", "2", "--gnubg-level", "beginner"),
            *("--random-games", "2", "--random-level", "beginner", "--jobs", "1"),
        ],
        "computer.json",
    ),
    "bench_gnubg.py": (
        [
            *("--levels", "beginner", "--gnubg-plies", "0", "--pairs", "1"),
            *("--matches", "1", "--length", "2", "--match-level", "beginner", "--jobs", "1"),
        ],
        "gnubg.json",
    ),
    "clicks_per_turn.py": (["1", "12"], "clicks_per_turn.json"),
    "game_flow.py": (["20"], "game_flow.json"),
    "ratings_queries.py": (["3"], "ratings_queries.json"),
    "bench_tutor.py": (["--requests", "5", "--computer"], "tutor.json"),
    "bench_web.py": (["--reference", "HEAD", "--length", "1", "--seeds", "13"], "web.json"),  # one short match
}


@pytest.mark.slow
@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_benchmark_runs_and_writes_its_results(tmp_path: Path, script: str) -> None:
    arguments, results = SCRIPTS[script]
    copy = tmp_path / "bench" / script
    copy.parent.mkdir()
    shutil.copy(ROOT / "bench" / script, copy)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # the project's packages, and tests/ for game_flow
    completed = subprocess.run(
        [sys.executable, str(copy), *arguments], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600
    )
    assert completed.returncode == 0, completed.stdout[-2000:] + completed.stderr[-3000:]
    written = json.loads((tmp_path / "bench" / "results" / results).read_text())
    assert isinstance(written, dict) and written
    if script == "bench_gnubg.py":  # gnubg's own cube (bench/gnubg_hint.py) decided in the matches' games
        assert any(name.startswith("gnubg ") for name in written["matches"]["cube_actions"]), written["matches"]
