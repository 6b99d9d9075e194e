"""Issue 31, item 4, through the real bot: a member plays at most two matches against the computer at a time; the
third `/bg computer` is refused privately, says the limit and how to free a slot, links the running matches, and
leaves no thread and no announcement behind."""

from __future__ import annotations

import pytest

from bot.computer import available
from tests.e2e.table import acknowledged_in_time
from tests.support.discord_standin import BotProcess, DiscordStandin, ScenarioUser

pytestmark = pytest.mark.skipif(not available(), reason="bgsage is not installed")


async def test_a_third_computer_match_is_refused_with_links_to_the_running_two(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, _ = players
    channels = [standin.add_channel(name) for name in ("one", "two", "three")]
    for channel in channels[:2]:
        reply = acknowledged_in_time(await alice.slash("bg computer", in_channel=channel, level="beginner"))
        started = await reply.settled(timeout=20)
        assert started.ephemeral and started.content.startswith("You play"), started.content

    third = channels[2]
    reply = acknowledged_in_time(await alice.slash("bg computer", in_channel=third, level="beginner", thread=True))
    refused = await reply.private_answer(timeout=20)
    assert refused.ephemeral and refused.visible_to == alice.id
    guild = third.guild_id
    assert refused.content.startswith(
        "You already play 2 matches against the computer, and one member may play 2 at a time: finish or resign "
        "one of them first. Yours: #"
    ), refused.content
    for channel in channels[:2]:
        assert f"https://discord.com/channels/{guild}/{channel.id}" in refused.content
    assert standin.threads == []  # the thread opened for it is deleted again ...
    assert [m.content for m in third.messages if not m.ephemeral and not m.deleted] == []  # ... and its announcement
