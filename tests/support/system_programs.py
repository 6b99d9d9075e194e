"""Programs from the system's packages that some tests drive as separate processes (GNU Backgammon's own `gnubg`).

A test that needs one installs it itself (Debian's package, through apt-get, as root: the CI machine runs as root)
rather than being skipped where it is missing."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
from pathlib import Path

import pytest


def _found(program: str) -> str | None:
    return shutil.which(program) or shutil.which(program, path="/usr/games:/usr/bin")


def installed(program: str, package: str) -> str:
    """The program's path, installing its Debian package first if it is missing; fails the test if it cannot."""
    found = _found(program)
    if found is not None:
        return found
    if shutil.which("apt-get") is None or os.geteuid() != 0:
        pytest.fail(f"`{program}` is missing: install it with `apt-get install {package}` (as root)")
    with Path("/tmp/gammon-tests-apt.lock").open("w") as lock:
        # One apt-get at a time: two xdist workers installing at once would fail on dpkg's lock.
        fcntl.flock(lock, fcntl.LOCK_EX)
        if _found(program) is None:
            _apt_install(package)
    found = _found(program)
    if found is None:
        pytest.fail(f"`apt-get install {package}` did not install `{program}`")
    return found


def _apt_install(package: str) -> None:
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = ["apt-get", "install", "-y", "-q", "--no-install-recommends", package]
    if subprocess.run(install, env=env, capture_output=True).returncode != 0:
        subprocess.run(["apt-get", "update", "-q"], env=env, capture_output=True, check=True)
        subprocess.run(install, env=env, capture_output=True, check=True)
