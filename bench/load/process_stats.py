"""CPU time and peak memory of the bot and the processes it started (its drawing pool), read from /proc (Linux),
so that the bot needs no instrumentation."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

_TICKS = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class ProcessStats:
    cpu_seconds: float  # user + system time so far, all threads, the bot and its live descendants
    rss_bytes: int  # resident now, summed over the processes
    peak_rss_bytes: int  # the sum of each process's high-water mark of resident memory (VmHWM): an upper bound
    processes: int
    main_cpu_seconds: float = 0.0  # the bot process alone (its event loop and threads), without its children


def descendants(pid: int) -> list[int]:
    found = []
    for children in Path(f"/proc/{pid}/task").glob("*/children"):
        for child in children.read_text().split():
            found += [int(child), *descendants(int(child))]
    return found


def _one(pid: int) -> tuple[float, int, int]:
    with open(f"/proc/{pid}/stat") as stat:
        # the command name (field 2) may hold spaces: split after its closing parenthesis
        fields = stat.read().rsplit(")", 1)[1].split()
    utime, stime = int(fields[11]), int(fields[12])  # fields 14 and 15 of proc(5)
    memory = {"VmRSS": 0, "VmHWM": 0}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key, _, value = line.partition(":")
            if key in memory:
                memory[key] = int(value.split()[0]) * 1024
    return (utime + stime) / _TICKS, memory["VmRSS"], memory["VmHWM"]


def read_stats(pid: int) -> ProcessStats:
    cpu = rss = peak = main = 0.0
    pids = [pid, *descendants(pid)]
    for each in pids:
        try:
            one = _one(each)
        except FileNotFoundError:  # ended meanwhile
            continue
        cpu, rss, peak = cpu + one[0], rss + one[1], peak + one[2]
        main = one[0] if each == pid else main
    return ProcessStats(cpu, int(rss), int(peak), len(pids), main)


def pss_by_process(pid: int) -> dict[int, int]:
    """The proportional set size of the bot and of each of its descendants now, by process id: shared pages (the
    drawing workers share the interpreter and libraries with their forkserver) are split between the processes
    instead of counted in each."""
    found = {}
    for each in [pid, *descendants(pid)]:
        try:
            with open(f"/proc/{each}/smaps_rollup") as rollup:
                for line in rollup:
                    if line.startswith("Pss:"):
                        found[each] = int(line.split()[1]) * 1024
                        break
        except FileNotFoundError:
            continue
    return found


def combined_stats(pids: list[int]) -> ProcessStats:
    """CPU and memory of several bot processes (each with its descendants) together."""
    each = [read_stats(pid) for pid in pids]
    return ProcessStats(
        sum(s.cpu_seconds for s in each),
        sum(s.rss_bytes for s in each),
        sum(s.peak_rss_bytes for s in each),
        sum(s.processes for s in each),
        sum(s.main_cpu_seconds for s in each),
    )
