"""The CPU of a command with every process it starts, however they end: `python bench/all_cpu.py CMD ...`.

`time` counts only the processes that their parents wait for. A bot's forkserver and its workers outlive the
bot when it is stopped, and end as orphans that nobody reaps under the command, so their CPU is lost to `time`
(issue 30: the suite's bots). Here this process is the "child subreaper" (Linux's PR_SET_CHILD_SUBREAPER): every
orphan below it becomes its child, and it waits for all of them. Prints the command's wall time and CPU at the
end, on stderr; exits with the command's status.
"""

from __future__ import annotations

import ctypes
import os
import resource
import subprocess
import sys
import time

PR_SET_CHILD_SUBREAPER = 36
#: How long the last orphans (workers ending a second after their bot) are waited for once the command ended.
LINGER_SECONDS = 20.0


def main() -> int:
    if ctypes.CDLL(None).prctl(PR_SET_CHILD_SUBREAPER, 1) != 0:
        sys.exit("this needs Linux (prctl PR_SET_CHILD_SUBREAPER)")
    started = time.monotonic()
    command = subprocess.Popen(sys.argv[1:])
    status, wall, deadline = 1, 0.0, None
    while True:
        try:
            pid, code = os.waitpid(-1, os.WNOHANG if deadline else 0)
        except ChildProcessError:
            break
        if pid == command.pid:
            status, wall = os.waitstatus_to_exitcode(code), time.monotonic() - started
            deadline = time.monotonic() + LINGER_SECONDS
        elif pid == 0:
            if deadline is not None and time.monotonic() > deadline:
                print("all_cpu: some processes still run; their CPU is not counted", file=sys.stderr)
                break
            time.sleep(0.2)
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(
        f"all_cpu: {wall:.1f} s wall, {used.ru_utime + used.ru_stime:.1f} s CPU "
        f"(user {used.ru_utime:.1f}, system {used.ru_stime:.1f})",
        file=sys.stderr,
    )
    return status


if __name__ == "__main__":
    sys.exit(main())
