"""An analysis cut by a stop through the real bot (issue 31), with a bot of its own: the analysis is held in its
worker (tests/e2e/site) until the test lets it go, and the test reads the bot's database."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.e2e.conftest import seeded_env
from tests.e2e.table import start_match
from tests.e2e.test_analysis import ANALYSIS, analysis_message, check_public, play_then_resign
from tests.support.discord_standin import BotProcess, DiscordStandin, ScenarioUser
from tests.support.discord_standin.pytest_plugin import ANALYSIS_ON, LaunchBot


def stored_analysis(bot: BotProcess) -> tuple[str, int] | None:
    """The match's analysis row (status, posted), read from the bot's SQLite file (one match per test)."""
    with contextlib.closing(sqlite3.connect(bot.database_path)) as db:
        row = db.execute("SELECT status, posted FROM match_analyses").fetchone()
    return None if row is None else (str(row[0]), int(row[1]))


async def until(condition: Callable[[], bool], what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what} did not happen within {timeout} s"
        await asyncio.sleep(0.05)


@pytest.mark.slow
async def test_an_analysis_cut_by_a_stop_is_posted_once_after_the_start(
    standin: DiscordStandin, launch_bot: LaunchBot, players: tuple[ScenarioUser, ScenarioUser], tmp_path: Path
) -> None:
    """Issue 31: a stop while the automatic analysis runs leaves it pending, not failed, and the next start runs it
    and posts it once. The stop is that of a service manager or a terminal (systemd signals every process of the
    unit, Ctrl-C the whole group): the analysis worker first, then the bot, once the bot saw its worker die."""
    gate = tmp_path / "gate"  # tests/e2e/site: the analysis is held in the worker until `release` exists
    gate.mkdir()
    bot = await launch_bot(**seeded_env(), **ANALYSIS_ON, GAMMON_TEST_ANALYSIS_GATE=str(gate))
    alice, bob = players
    table = await start_match(standin, alice, bob, length=1)
    await play_then_resign(table, turns=6, seed=8)
    started = gate / "started"  # created, then its line written: wait for the line
    await until(lambda: started.exists() and bool(started.read_text().strip()), "the analysis's start")
    [worker] = started.read_text().split()
    os.kill(int(worker), signal.SIGTERM)
    await until(lambda: "analysis worker died" in bot.log() or "match #1 failed" in bot.log(), "the worker's end")
    assert await bot.terminate() == 0
    assert "The analysis of match #1 failed" not in bot.log()
    assert stored_analysis(bot) == ("pending", 0)

    (gate / "release").touch()
    await bot.start()
    await bot.wait_ready()
    check_public(await analysis_message(standin, table))
    await until(lambda: stored_analysis(bot) == ("done", 1), "the post's record")  # with its message: never again
    await asyncio.sleep(1.0)
    assert sum(m.content.startswith(ANALYSIS) for m in table.channel.messages) == 1


def posted_message(bot: BotProcess) -> tuple[int, int | None]:
    """The match's analysis row: (posted, its message's id)."""
    with contextlib.closing(sqlite3.connect(bot.database_path)) as db:
        row = db.execute("SELECT posted, post_message_id FROM match_analyses").fetchone()
    return int(row[0]), None if row[1] is None else int(row[1])


@pytest.mark.slow
@pytest.mark.parametrize(
    ("gap", "kill"),
    [("before", True), ("after", True), ("before", False)],
    ids=["kill-before-send", "kill-after-send", "term-before-send"],
)
async def test_a_stop_while_the_finished_analysis_is_posted_posts_it_once_after_the_start(
    standin: DiscordStandin,
    launch_bot: LaunchBot,
    players: tuple[ScenarioUser, ScenarioUser],
    tmp_path: Path,
    gap: str,
    kill: bool,
) -> None:
    """The analysis is done and stored; the bot stops (SIGKILL, or SIGTERM as a restart sends it) while it is posted:
    "before" its message is sent (its pictures being drawn), or "after" it is sent and before its id is stored. The
    next start posts it, or finds the message sent and adopts it: one message in the channel either way, its id
    stored, and nothing posted at the start after."""
    gate = tmp_path / "post-gate"  # tests/e2e/site: the post is held there until `release` exists
    gate.mkdir()
    (gate / "mode").write_text(gap)
    bot = await launch_bot(**seeded_env(), **ANALYSIS_ON, GAMMON_TEST_ANALYSIS_POST_GATE=str(gate))
    alice, bob = players
    table = await start_match(standin, alice, bob, length=1)
    await play_then_resign(table, turns=6, seed=8)
    await until(lambda: (gate / "held").exists(), "the post", timeout=60)
    assert "Match #1 analysed" in bot.log()
    if kill:
        await bot.kill()
    else:
        assert await bot.terminate() == 0
    sent = [m for m in table.channel.messages if m.content.startswith(ANALYSIS)]
    assert len(sent) == (1 if gap == "after" else 0)
    assert stored_analysis(bot) == ("done", 0)  # not recorded posted without its message

    (gate / "release").touch()
    await bot.start()
    await bot.wait_ready()
    await until(lambda: posted_message(bot)[0] == 1, "the post's record")
    [message] = [m for m in table.channel.messages if m.content.startswith(ANALYSIS)]
    check_public(message)
    assert posted_message(bot) == (1, message.id)
    assert ("adopted" in bot.log()) == (gap == "after")
    await bot.restart()
    await asyncio.sleep(1.0)
    assert sum(m.content.startswith(ANALYSIS) for m in table.channel.messages) == 1
