"""The computer in bots started for one scenario each: without bgsage the bot still starts and refuses the
computer privately; at start-up, the computer's resumed turn racing the human's first board leaves only the
final board live (issue 16)."""

from __future__ import annotations

import os
import random
from functools import partial
from pathlib import Path

import pytest

from bot.computer import NOT_AVAILABLE
from tests.e2e.boards_left import hand_over_held, no_controls, only_the_final_board_is_live, seat_to_act
from tests.e2e.computer_play import play_to_the_end
from tests.e2e.conftest import seeded_env
from tests.e2e.table import THINKING, Table, acknowledged_in_time, start_match
from tests.support.discord_standin import DiscordStandin, ScenarioUser, wait_for_edit
from tests.support.discord_standin.pytest_plugin import LaunchBot

#: A package named bgsage that fails to import, as on a platform without its wheels.
BLOCKER = Path(__file__).resolve().parents[1] / "computer" / "no_bgsage"


async def test_without_bgsage_the_bot_starts_and_the_computer_refuses_privately(
    standin: DiscordStandin, launch_bot: LaunchBot, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    env = seeded_env()
    env["PYTHONPATH"] = os.pathsep.join([str(BLOCKER), env["PYTHONPATH"]])
    process = await launch_bot(**env)
    alice, bob = players
    for reply in (
        await alice.slash("bg computer", level="expert"),
        await alice.slash("bg challenge", opponent=standin.bot_user),
    ):
        answer = await acknowledged_in_time(reply).settled(timeout=10)
        assert answer.ephemeral and answer.visible_to == alice.id
        assert answer.content == NOT_AVAILABLE
    assert "bgsage cannot be imported" in process.log()
    # Everything else works as before: a match between two people.
    table = await start_match(standin, alice, bob, length=1)
    assert table.to_act() in (alice, bob)


#: 1-point matches against the beginner played one after the other (Rematch) by the test below.
MATCHES_IN_A_ROW = 2  # the first (with the race) and its rematch; a third cost about 25 s of the suite


@pytest.mark.slow
async def test_after_a_computer_match_only_its_final_board_has_controls(
    standin: DiscordStandin, launch_bot: LaunchBot, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    """Every board is retired when a newer one replaces it: at the end of a match against the computer no message
    in the channel but the final board can be pressed, and that one offers only Rematch (issue 16's leftover).

    The race that left the board asking the computer to roll with its Roll button: once the bot is ready it takes
    every pending computer turn (`ComputerTurns.resume_all`), those of matches started a moment before included.
    That turn could be stored while the board handing the turn to the computer was still being posted: its update
    named the board before as the match's current message, so the computer's new board retired that one (retired
    already) instead of the board just posted. Here the human's first hand-over board is held at the stand-in until
    that resume has stored the computer's turn, which makes the race happen every time; its rematch follows. The
    hand-over is now the press's own answer: held that long, it reaches Discord too late, and the board is edited by
    its id instead."""
    bot = await launch_bot(**seeded_env(race_window=True))
    alice, _ = players
    computer = standin.bot_user
    channel = standin.general
    acknowledged_in_time(await alice.slash("bg computer", level="beginner", length=1))
    table = Table(standin, channel, (alice, alice))
    await table.next_board(timeout=20)
    await table.until_addressed(alice.id)  # the computer may open
    board = table.game
    held = await hand_over_held(standin, table, alice)
    assert "Resumed" not in bot.log(), "the bot was ready before the human's first turn ended: no race to show"
    await standin.eventually(
        lambda: "Resumed 1 matches against the computer" in bot.log(),
        timeout=30,
        what="the computer's turns resumed once the bot is ready, this match's included",
    )
    await standin.eventually(lambda: seat_to_act(bot.database_path) != 1, timeout=30, what="the computer's turn stored")
    version = board.version
    held.release()
    # The released answer comes too late for Discord (its 3 s ran out while the resume stored the computer's turn):
    # the press failed as Alice sees it, and the bot edits the board by its id instead. Until then the board still
    # asks Alice to play.
    await wait_for_edit(board, version, timeout=15)
    late = await held.press
    assert late.rejections or late.acknowledged  # refused as too late, or let through in time on a fast machine
    assert {violation.rule for violation in standin.take_violations()} <= {"acknowledge within 3 s"}
    await table.until_addressed(alice.id)  # the held hand-over (the computer thinking), then the computer's play
    rng = random.Random(16)
    for played in range(1, MATCHES_IN_A_ROW + 1):
        final = await play_to_the_end(table, alice, computer.id, rng)
        assert "wins the match" in final.content, final.content
        await only_the_final_board_is_live(standin, channel, final)
        if played < MATCHES_IN_A_ROW:
            acknowledged_in_time(await alice.click(final, "Rematch"))
            await table.next_board(timeout=20)
            await standin.eventually(partial(no_controls, final), timeout=5, what="Rematch taken off")
    # Wherever the computer was shown thinking (on the held board, or on a board shown again while it was held: in
    # a CI run under load the held board never showed it), nobody could press anything.
    thinking = [v for m in channel.messages for v in [*m.history, m] if v.content.endswith(THINKING)]
    assert thinking and not [v for v in thinking if v.buttons or v.selects]
