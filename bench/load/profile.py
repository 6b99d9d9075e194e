"""py-spy on the bot: recording it during a run, and reading its raw output (one collapsed stack per line with its
sample count) into the hottest functions."""

from __future__ import annotations

import contextlib
import subprocess
import sys
from collections import Counter
from pathlib import Path


def top_functions(path: Path, count: int = 25) -> str:
    """Functions by inclusive share of samples (a function counted once per stack), the project's own first."""
    inclusive: Counter[str] = Counter()
    own: Counter[str] = Counter()
    total = 0
    for line in path.read_text(errors="replace").splitlines():
        stack, _, samples_text = line.rpartition(" ")
        if not stack or not samples_text.isdigit():
            continue
        samples = int(samples_text)
        total += samples
        frames = stack.split(";")
        for frame in set(frames):
            inclusive[_short(frame)] += samples
        own[_short(frames[-1])] += samples
    if not total:
        return "(no samples)"
    lines = [f"{total} samples; inclusive % / self %"]
    for frame, samples in inclusive.most_common(count):
        lines.append(f"  {100 * samples / total:5.1f} {100 * own[frame] / total:5.1f}  {frame}")
    lines.append("top by self time:")
    for frame, samples in own.most_common(count):
        lines.append(f"  {100 * samples / total:5.1f}  {frame}")
    return "\n".join(lines)


def _short(frame: str) -> str:
    # "function (path/to/file.py:123)" -> "function (file.py)" so that lines of one function add up
    name, _, where = frame.partition(" (")
    file = where.split(":")[0].rstrip(")")
    for marker in ("site-packages/", "/work/main/", "python3.11/"):
        if marker in file:
            file = file.split(marker, 1)[1]
    return f"{name} ({file})"


def start_profiler(pid: int, output: Path) -> subprocess.Popen[bytes]:
    """py-spy sampling the bot process until it is stopped: only the thread holding the GIL, as py-spy takes a
    thread blocked in C (aiosqlite's worker waiting on its queue, a pipe's feeder) for a busy one."""
    py_spy = Path(sys.executable).with_name("py-spy")
    command = [
        str(py_spy),
        "record",
        "--pid",
        str(pid),
        "--format",
        "raw",
        "--rate",
        "100",
        "--nonblocking",
        "--gil",
        "-o",
        str(output),
    ]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def stop_profiler(profiler: subprocess.Popen[bytes]) -> None:
    profiler.send_signal(2)  # SIGINT: py-spy writes its output and exits
    with contextlib.suppress(subprocess.TimeoutExpired):
        profiler.wait(timeout=30)
    if profiler.returncode not in (0, None) and profiler.stderr is not None:
        first_line = profiler.stderr.read().decode(errors="replace").strip().splitlines()[:1]
        raise RuntimeError(f"py-spy failed: {first_line[0] if first_line else profiler.returncode}")
