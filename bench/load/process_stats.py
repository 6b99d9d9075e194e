"""CPU time and peak memory of another process, read from /proc (Linux), so the bot needs no instrumentation."""

from __future__ import annotations

import os
from dataclasses import dataclass

_TICKS = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class ProcessStats:
    cpu_seconds: float  # user + system time so far, all threads
    rss_bytes: int  # resident now
    peak_rss_bytes: int  # the kernel's high-water mark of resident memory (VmHWM) since the process started


def read_stats(pid: int) -> ProcessStats:
    with open(f"/proc/{pid}/stat") as stat:
        # the command name (field 2) may hold spaces: split after its closing parenthesis
        fields = stat.read().rsplit(")", 1)[1].split()
    utime, stime = int(fields[11]), int(fields[12])  # fields 14 and 15 of proc(5)
    memory: dict[str, int] = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                memory[key] = int(value.split()[0]) * 1024
    return ProcessStats((utime + stime) / _TICKS, memory["VmRSS"], memory["VmHWM"])
