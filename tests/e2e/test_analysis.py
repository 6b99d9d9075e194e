"""Match analysis through the real bot (issue 17): posted automatically when a match ends, `/bg analyze` shows the
stored one again, the **All decisions** button opens the private pages, a running match is refused, and an
analysis cut by a SIGKILL is finished and posted after the restart. Both scenarios share one bot; the one that needs
a bot of its own (an analysis held in its worker) is in test_analysis_stop.py."""

from __future__ import annotations

import random

import pytest

from tests.e2e.conftest import one_bot_per_module, seeded_env
from tests.e2e.table import Table, acknowledged_in_time, finish_turn, labels, offer_resignation, start_match
from tests.support.discord_standin import BotProcess, DiscordStandin, Message, ScenarioUser, wait_until
from tests.support.discord_standin.pytest_plugin import ANALYSIS_ON

ANALYSIS = "**Analysis of match #"

pytestmark = pytest.mark.asyncio(loop_scope="module")
bot, standin = one_bot_per_module({**seeded_env(), **ANALYSIS_ON})  # each scenario in a channel of its own


async def play_then_resign(table: Table, turns: int, seed: int) -> None:
    """A few turns (rolling, never doubling), then the player to act resigns and the other accepts."""
    rng = random.Random(seed)
    for _ in range(turns):
        player = table.to_act()
        assert player is not None
        if "Roll" in labels(table.game):
            await table.click(player, "Roll")
        await finish_turn(table, rng)
    mover = table.to_act()
    assert mover is not None
    await offer_resignation(table, mover)
    board = table.game
    acknowledged_in_time(await table.other(mover).click(board, "Accept resignation"))
    # the final board (the board edited in place): the match is over, its analysis asked for in the same transaction
    await wait_until(board, lambda m: "wins the match" in m.content, timeout=15)


async def analysis_message(standin: DiscordStandin, table: Table, timeout: float = 60.0) -> Message:
    while True:
        message = await standin.wait_for_message(table.channel, timeout=timeout)
        if message.content.startswith(ANALYSIS):
            return message


def check_public(message: Message) -> None:
    assert not message.ephemeral
    assert message.content.count("PR ") >= 2 and "__Alice__" in message.content and "__Bob__" in message.content
    assert 1 <= len(message.attachments) <= 6
    assert all(a.filename.endswith(".png") and a.data.startswith(b"\x89PNG") for a in message.attachments)
    assert [b.label for b in message.buttons] == ["All decisions"]


@pytest.mark.slow
async def test_automatic_analysis_analyze_again_and_the_pages(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    table = await start_match(standin, alice, bob, length=1)
    running = await acknowledged_in_time(await alice.slash("bg analyze")).settled()
    assert running.ephemeral and "analysed once it is over" in running.content
    await play_then_resign(table, turns=8, seed=5)
    posted = await analysis_message(standin, table)
    check_public(posted)

    # Issue 31: /bg analyze never posts it again: a private link to the message, from any channel; a member asks
    # at most once every 30 seconds.
    elsewhere = standin.add_channel("elsewhere")
    link = f"https://discord.com/channels/{table.channel.guild_id}/{table.channel.id}/{posted.id}"
    again = await acknowledged_in_time(await bob.slash("bg analyze")).settled(timeout=30)
    assert again.ephemeral and again.content.endswith(f"was posted here: {link}"), again.content
    match_number = int(posted.content.removeprefix(ANALYSIS).split(":")[0].split("*")[0])
    dave = standin.add_user("Dave")
    other = await acknowledged_in_time(
        await dave.slash("bg analyze", in_channel=elsewhere, match=match_number)
    ).settled()
    assert other.ephemeral and other.content.endswith(f"was posted here: {link}"), other.content
    soon = await acknowledged_in_time(await bob.slash("bg analyze")).settled()
    assert soon.ephemeral and "You asked for an analysis a moment ago: try again in" in soon.content
    assert [m for m in elsewhere.messages if not m.ephemeral] == []
    assert [m.id for m in table.channel.messages if m.content.startswith(ANALYSIS)] == [posted.id]

    # Deleted, it is posted again once, where the match was played, and later requests link to the new one.
    posted.deleted = True
    erin = standin.add_user("Erin")
    reposted = await acknowledged_in_time(
        await erin.slash("bg analyze", in_channel=elsewhere, match=match_number)
    ).settled()
    assert reposted.ephemeral and "is posted here: " in reposted.content, reposted.content
    shown_again = await analysis_message(standin, table, timeout=10)
    assert shown_again.content == posted.content  # the stored analysis, not a new one
    assert [a.data for a in shown_again.attachments] == [a.data for a in posted.attachments]
    assert reposted.content.endswith(f"/{shown_again.id}")
    assert [m for m in elsewhere.messages if not m.ephemeral] == []

    carol = standin.add_user("Carol")  # anyone may read the list
    reply = acknowledged_in_time(await carol.click(shown_again, "All decisions"))
    page = await reply.settled()
    assert page.ephemeral and page.visible_to == carol.id
    [embed] = page.embeds
    assert "every decision (page 1 of" in embed["title"] and len(embed["description"]) <= 4096
    assert "Alice" in embed["description"] or "Bob" in embed["description"]
    assert [b.label for b in page.buttons] == ["Previous", "Next"]

    # /history shows the match's PR, /stats player the average and the list
    history = await acknowledged_in_time(await alice.slash("history")).settled()
    [entry] = history.embeds
    assert " · PR " in entry["description"]
    stats = await acknowledged_in_time(await alice.slash("stats player")).settled()
    fields = {field["name"]: field["value"] for field in stats.embeds[0]["fields"]}
    assert "average of the last 1 analysed match" in fields["Analysed play"]


@pytest.mark.slow
async def test_an_analysis_cut_by_a_kill_is_posted_after_the_restart(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    table = await start_match(standin, alice, bob, length=1)
    await play_then_resign(table, turns=6, seed=8)
    await bot.restart()  # SIGKILL while the worker starts and analyses
    assert not any(m.content.startswith(ANALYSIS) for m in table.channel.messages)
    check_public(await analysis_message(standin, table))
