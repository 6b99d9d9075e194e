"""Where the test suite's CPU goes, test by test (issue 30): a pytest plugin, and a summary of what it wrote.

    PYTHONPATH=bench SUITE_CPU=/tmp/cpu.jsonl .venv/bin/python -m pytest -p suite_cpu -n 2 tests
    .venv/bin/python bench/suite_cpu.py /tmp/cpu.jsonl

Each test (its set-up, call and tear-down) writes one JSON line: its id, the CPU of its pytest process and of the
children that process reaped meanwhile (bots, benchmark scripts), and its wall time. CPU, not wall time, because
the suite is CPU-bound: a test's wall time mostly says how busy the other workers were. Processes nobody reaps
(the bots' forkservers and their workers, PostgreSQL) are not in it; `bench/all_cpu.py` counts those for a whole
command.
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from collections import defaultdict
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

OUTPUT_VARIABLE = "SUITE_CPU"


def _cpu() -> tuple[float, float]:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, Any, Any]:
    own, children, started, began = *_cpu(), time.monotonic(), time.time()
    result = yield
    own_after, children_after = _cpu()
    row = {
        "id": item.nodeid,
        "own": round(own_after - own, 3),
        "children": round(children_after - children, 3),
        "wall": round(time.monotonic() - started, 3),
        "began": round(began, 3),
        "worker": os.environ.get("PYTEST_XDIST_WORKER", "main"),
        "pid": os.getpid(),  # to match the test to process accounting's records (`accton`), by parent pid
    }
    with Path(os.environ.get(OUTPUT_VARIABLE, "suite_cpu.jsonl")).open("a") as output:
        output.write(json.dumps(row) + "\n")
    return result


def area(test_id: str) -> str:
    """tests/e2e/test_x.py::name -> tests/e2e; tests/test_x.py::name -> tests/test_x.py."""
    path = test_id.split("::", 1)[0]
    parts = path.split("/")
    return "/".join(parts[:2]) if len(parts) > 2 else path


def summary(rows: list[dict[str, Any]], top: int = 25) -> str:
    """The costliest tests, then the CPU per folder."""
    cost = {row["id"]: row["own"] + row["children"] for row in rows}
    lines = [f"{len(rows)} tests, {sum(cost.values()):.0f} s of CPU counted"]
    for test_id, seconds in sorted(cost.items(), key=lambda item: -item[1])[:top]:
        lines.append(f"{seconds:7.1f} s  {test_id}")
    by_area: dict[str, float] = defaultdict(float)
    for test_id, seconds in cost.items():
        by_area[area(test_id)] += seconds
    lines.append("")
    lines.extend(f"{seconds:7.1f} s  {name}" for name, seconds in sorted(by_area.items(), key=lambda item: -item[1]))
    return "\n".join(lines)


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: python bench/suite_cpu.py FILE.jsonl")
    rows = [json.loads(line) for line in Path(sys.argv[1]).read_text().splitlines() if line.strip()]
    print(summary(rows))


if __name__ == "__main__":
    main()
