"""Starting the bot the way the README does: without a usable token it explains itself and exits with 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def start_bot(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    unset = {"DISCORD_TOKEN", "DEV_GUILD_ID", "LOG_LEVEL", "ENV_FILE"}
    clean = {k: v for k, v in os.environ.items() if k not in unset}
    clean["DATABASE_PATH"] = str(tmp_path / "data" / "test.db")
    clean.update(env)
    # From tmp_path, with its own .env when a test writes one (read after the project's, so its lines win).
    return subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=clean, capture_output=True, text=True, timeout=60
    )


def test_missing_token_prints_one_paragraph_and_exits_2(tmp_path: Path) -> None:
    result = start_bot(tmp_path)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "No Discord bot token" in result.stderr
    assert "DISCORD_TOKEN" in result.stderr and ".env" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_malformed_token_exits_2_without_traceback(tmp_path: Path) -> None:
    result = start_bot(tmp_path, DISCORD_TOKEN="definitely-not-a-token")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "does not look like a Discord bot token" in result.stderr


def test_token_from_env_file_in_working_directory_is_read(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=short\n")
    result = start_bot(tmp_path)
    assert result.returncode == 2
    assert "does not look like a Discord bot token" in result.stderr


@pytest.mark.parametrize("line", ["FROM python:3.11-slim", "USER gammon", 'CMD ["python", "-m", "bot"]'])
def test_dockerfile_basics(line: str) -> None:
    dockerfile = (ROOT / "Dockerfile").read_text().splitlines()
    assert line in dockerfile
    assert dockerfile.index("USER gammon") < dockerfile.index('CMD ["python", "-m", "bot"]')


#: Runs `python -m bot`, or the code given, in a process where asyncpg cannot be imported (as if not installed).
WITHOUT_ASYNCPG = "import runpy, sys; sys.modules['asyncpg'] = None; "


def test_without_asyncpg_a_postgresql_url_says_to_install_the_postgres_extra(tmp_path: Path) -> None:
    code = WITHOUT_ASYNCPG + "sys.argv = ['bot']; runpy.run_module('bot', run_name='__main__')"
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env={**clean, "PYTHONPATH": str(ROOT), "DATABASE_URL": "postgresql://gammon@localhost/gammon"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "asyncpg) is not installed" in result.stderr and "pip install '.[postgres]'" in result.stderr


def test_without_asyncpg_every_module_but_the_postgresql_backend_imports() -> None:
    code = WITHOUT_ASYNCPG + (
        "import importlib, pkgutil\n"
        "for package in ('bot', 'cogs', 'render'):\n"
        "    for module in pkgutil.walk_packages(importlib.import_module(package).__path__, package + '.'):\n"
        "        if module.name not in ('bot.store.postgres', 'bot.__main__', 'bot.web.__main__'):\n"
        "            importlib.import_module(module.name)\n"
        "print('imported', len(sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("imported")


def test_the_bot_runs_with_the_gil_handed_over_within_a_millisecond(tmp_path: Path) -> None:
    """The event loop starts with the interpreter's switch interval set (bot.switching), so that the database's
    threads wait less for the GIL."""
    script = (
        "import asyncio, sys\n"
        "import bot.__main__ as entry\n"
        "def started(coroutine):\n"
        "    coroutine.close()\n"
        "    print(sys.getswitchinterval())\n"
        "    return 0\n"
        "asyncio.run = started\n"
        "sys.exit(entry.main())\n"
    )
    clean = {k: v for k, v in os.environ.items() if k not in {"DISCORD_TOKEN", "ENV_FILE"}}
    token = "MTAxMDEwMTAxMDEwMTAxMDEw.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789ab"
    clean.update(DISCORD_TOKEN=token, ENV_FILE="/dev/null", DATABASE_PATH=str(tmp_path / "test.db"))
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=clean, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert float(result.stdout.split()[-1]) == 0.001 != sys.getswitchinterval()
