"""bench/all_cpu.py counts the CPU of orphans too: what `time` misses of the bots' forkservers and workers."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: A parent that starts a child burning about 0.5 s of CPU and exits at once: the child is an orphan.
BURN = "import time; end = time.process_time() + 0.5\nwhile time.process_time() < end: pass"
ORPHAN_BURNS = f"import subprocess, sys\nsubprocess.Popen([sys.executable, '-c', {BURN!r}])"


def test_an_orphans_cpu_is_counted_and_the_status_passed_on() -> None:
    completed = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "all_cpu.py"), sys.executable, "-c", ORPHAN_BURNS],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    found = re.search(r"all_cpu: ([\d.]+) s wall, ([\d.]+) s CPU", completed.stderr)
    assert found, completed.stderr
    assert float(found[2]) >= 0.5  # the orphan's half second, after its parent had ended
    failing = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "all_cpu.py"), sys.executable, "-c", "raise SystemExit(3)"],
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert failing.returncode == 3
