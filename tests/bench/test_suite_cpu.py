"""bench/suite_cpu.py: each test's CPU, its own and its reaped children's, and the summary per folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from bench.suite_cpu import area, summary

ROOT = Path(__file__).resolve().parents[2]

SCENARIOS = """
import subprocess, sys, time

def burn(seconds):
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass

def test_busy():
    burn(0.4)

def test_idle():
    time.sleep(0.4)

BURN = "import time\\nend = time.process_time() + 0.4\\nwhile time.process_time() < end: pass"

def test_child():
    subprocess.run([sys.executable, "-c", BURN], check=True)
"""


def test_each_test_writes_its_own_and_its_childrens_cpu(tmp_path: Path) -> None:
    (tmp_path / "test_scenarios.py").write_text(SCENARIOS)
    output = tmp_path / "cpu.jsonl"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "bench"), "SUITE_CPU": str(output)}
    command = [sys.executable, "-m", "pytest", "-p", "suite_cpu", "-p", "no:cacheprovider", "-q", "-n", "0"]
    subprocess.run([*command, "test_scenarios.py"], cwd=tmp_path, env=env, check=True, capture_output=True)
    rows = {row["id"].split("::")[1]: row for row in map(json.loads, output.read_text().splitlines())}
    assert set(rows) == {"test_busy", "test_idle", "test_child"}
    assert rows["test_busy"]["own"] >= 0.35 and rows["test_busy"]["children"] < 0.1
    assert rows["test_idle"]["own"] < 0.2 and rows["test_idle"]["wall"] >= 0.4
    assert rows["test_child"]["children"] >= 0.35 and rows["test_child"]["own"] < 0.3
    assert {row["pid"] for row in rows.values()} == {rows["test_busy"]["pid"]} and rows["test_busy"][
        "pid"
    ] != os.getpid()


def test_the_summary_adds_up_per_folder() -> None:
    rows = [
        {"id": "tests/e2e/test_a.py::one", "own": 1.0, "children": 2.0, "wall": 4.0},
        {"id": "tests/e2e/test_b.py::two", "own": 0.5, "children": 0.0, "wall": 1.0},
        {"id": "tests/test_top.py::three", "own": 4.0, "children": 0.0, "wall": 4.0},
    ]
    assert area(rows[0]["id"]) == "tests/e2e" and area(rows[2]["id"]) == "tests/test_top.py"
    text = summary(rows, top=1)
    assert text.splitlines()[0] == "3 tests, 8 s of CPU counted"
    assert text.splitlines()[1].endswith("tests/test_top.py::three")  # the costliest first
    assert "    3.5 s  tests/e2e" in text and "    4.0 s  tests/test_top.py" in text
