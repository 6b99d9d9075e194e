"""Issue 31 item 7 through the real bot with its own committed dice: a rematch and a match against the computer
get a seed that the bot cannot choose and that Discord fixes only after the commitment is shown.

- A rematch: the first press of Rematch posts the request, which shows the rematch's commitment; the seeds are the
  id of that request and the id of the other player's press after it. Before, both seeds were empty.
- Against the computer: an announcement with the commitment is posted where the match is played, before the
  opening roll; the computer's seed is that announcement's id. Before, it was empty. Its rematch is announced the
  same way.

The export of each finished match passes `python -m bot.fairness`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.computer import available
from bot.fairness.check import read_tags
from tests.e2e.conftest import one_bot_per_module
from tests.e2e.table import Table, acknowledged_in_time, offer_resignation, shows_a_board, start_match
from tests.e2e.test_fairness import COMMITMENT, ENDED, attached_mat, fair_env, resign_to_the_end, shown_prefix
from tests.support.discord_standin import BotProcess, Channel, DiscordStandin, Message, ScenarioUser

pytestmark = pytest.mark.asyncio(loop_scope="module")
bot, standin = one_bot_per_module(fair_env())  # one bot for both scenarios, each in a channel of its own


async def posted_after(standin: DiscordStandin, channel: Channel, seen: int, text: str) -> Message:
    """The first public message posted in `channel` after its first `seen` messages that contains `text`."""

    def found() -> Message | None:
        return next((m for m in channel.messages[seen:] if text in m.content and not m.ephemeral), None)

    await standin.eventually(lambda: found() is not None, timeout=20, what=f"a message saying {text!r}")
    message = found()
    assert message is not None
    return message


def checked_by_the_module(exported: str, path: Path) -> str:
    """`python -m bot.fairness FILE.mat` on the export: its output, once it said the dice are fair."""
    path.write_text(exported, encoding="utf-8")
    ran = subprocess.run([sys.executable, "-m", "bot.fairness", str(path)], capture_output=True, text=True, check=False)
    assert ran.returncode == 0 and "the dice are fair" in ran.stdout, ran.stdout
    return ran.stdout


async def test_a_rematchs_seeds_are_its_request_and_the_press_after_it(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser], tmp_path: Path
) -> None:
    alice, bob = players
    table = await start_match(standin, alice, bob, length=1)
    await resign_to_the_end(table)
    await standin.eventually(lambda: ENDED in table.game.content, timeout=10, what="the end of the match")
    final = table.game

    seen = len(table.channel.messages)
    acknowledged_in_time(await alice.click(final, "Rematch"))
    request = await posted_after(standin, table.channel, seen, "wants a rematch")
    prefix = shown_prefix(request)  # the commitment's start, shown before the seeds exist
    pressed = acknowledged_in_time(await bob.click(final, "Rematch"))
    first = await table.next_board()
    assert prefix not in first.content  # the board carries no hash (issue 33)
    assert request.id < pressed.interaction.id  # Discord's ids grow with time: the press came after the request
    shown = await acknowledged_in_time(await bob.slash("bg fairness")).settled()
    [commitment] = COMMITMENT.findall(shown.content)
    assert commitment.startswith(prefix)
    assert f"{alice.name}'s seed (challenger): `{request.id}`" in shown.content  # Alice asked
    assert f"{bob.name}'s seed (acceptor): `{pressed.interaction.id}`" in shown.content

    await resign_to_the_end(table)
    await standin.eventually(lambda: ENDED in table.game.content, timeout=10, what="the rematch's end")
    exported = attached_mat(await acknowledged_in_time(await alice.slash("bg export")).settled())
    tags = read_tags(exported)
    assert (tags["Dice commitment"], tags["Challenger seed"], tags["Acceptor seed"]) == (
        commitment,
        str(request.id),
        str(pressed.interaction.id),
    )
    checked_by_the_module(exported, tmp_path / "rematch.mat")


@pytest.mark.skipif(not available(), reason="bgsage is not installed")
async def test_a_computer_matchs_seed_is_its_announcements_id(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser], tmp_path: Path
) -> None:
    alice, _ = players
    computer = standin.bot_user
    channel = alice.channel
    reply = acknowledged_in_time(await alice.slash("bg computer", level="beginner", length=1, seed="alice's seed"))
    announcement = await posted_after(standin, channel, 0, "against the computer")
    prefix = shown_prefix(announcement)
    table = Table(standin, channel, (alice, alice))
    first = await table.next_board(timeout=20)
    assert channel.messages.index(announcement) < channel.messages.index(first)  # the opening roll after it
    assert (await reply.settled(timeout=20)).ephemeral  # "You play ... Good luck!" as before
    shown = await acknowledged_in_time(await alice.slash("bg fairness")).settled()
    [commitment] = COMMITMENT.findall(shown.content)
    assert commitment.startswith(prefix) and "`alice's seed`" in shown.content
    assert f"{computer.name}'s seed (acceptor): `{announcement.id}`" in shown.content

    await table.until_addressed(alice.id)  # the computer may open
    await offer_resignation(table, alice, kind="backgammon")
    await standin.eventually(lambda: ENDED in table.game.content, timeout=60, what="the computer's acceptance")
    final = table.game
    exported = attached_mat(await acknowledged_in_time(await alice.slash("bg export")).settled())
    tags = read_tags(exported)
    assert (tags["Dice commitment"], tags["Challenger seed"], tags["Acceptor seed"]) == (
        commitment,
        "alice's seed",
        str(announcement.id),
    )
    checked_by_the_module(exported, tmp_path / "computer.mat")

    # Its rematch is announced with a new commitment the same way; Alice's seed is the id of her press.
    seen = len(channel.messages)
    pressed = acknowledged_in_time(await alice.click(final, "Rematch"))
    again = await posted_after(standin, channel, seen, "against the computer (beginner) again")
    rematch_prefix = shown_prefix(again)
    await standin.eventually(  # the rematch's own first board, below its announcement: the rematch is stored
        lambda: any(  # not match #1's analysis, which may be posted in between with its pictures
            shows_a_board(m) for m in channel.messages[channel.messages.index(again) + 1 :]
        ),
        timeout=20,
        what="the rematch's first board",
    )
    shown = await acknowledged_in_time(await alice.slash("bg fairness")).settled()
    [rematch_commitment] = COMMITMENT.findall(shown.content)
    assert rematch_commitment != commitment and rematch_commitment.startswith(rematch_prefix)
    assert f"`{pressed.interaction.id}`" in shown.content
    assert f"{computer.name}'s seed (acceptor): `{again.id}`" in shown.content
