"""Issue 31, item 4, through the real bot: a member plays at most two matches against the computer at a time; the
third `/bg computer` is refused privately, says the limit and how to free a slot, links the running matches, and
leaves no thread and no announcement behind, also when another start took the last slot while its thread was
being opened."""

from __future__ import annotations

import pytest

from bot.computer import available
from tests.e2e.table import acknowledged_in_time
from tests.support.discord_standin import BotProcess, Channel, DiscordStandin, Message, ScenarioUser

pytestmark = pytest.mark.skipif(not available(), reason="bgsage is not installed")


async def test_a_third_computer_match_is_refused_with_links_to_the_running_two(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    """The second start takes the last slot while the third's thread is being opened (held at the stand-in): the
    third is refused when it is stored, and its thread and deferred answer go; a fourth is refused at once."""
    alice, _ = players
    channels = [standin.add_channel(name) for name in ("one", "two", "three")]
    await start_beside(alice, channels[0])
    third = channels[2]
    opening = standin.hold("POST", "/threads")
    refused_later = acknowledged_in_time(
        await alice.slash("bg computer", in_channel=third, level="beginner", thread=True)
    )
    await opening.wait_reached()
    await start_beside(alice, channels[1])
    opening.release()
    assert_refused(await refused_later.private_answer(timeout=20), alice, channels[:2])
    assert standin.threads == []  # the thread opened for it is deleted again ...
    assert [m.content for m in third.messages if not m.ephemeral and not m.deleted] == []  # ... and its answer
    refused_at_once = acknowledged_in_time(await alice.slash("bg computer", in_channel=third, thread=True))
    assert refused_at_once.type == 4  # nothing deferred, nothing opened
    assert_refused(await refused_at_once.private_answer(timeout=20), alice, channels[:2])
    assert standin.threads == []


async def start_beside(alice: ScenarioUser, channel: Channel) -> None:
    reply = acknowledged_in_time(await alice.slash("bg computer", in_channel=channel, level="beginner"))
    started = await reply.settled(timeout=20)
    assert started.ephemeral and started.content.startswith("You play"), started.content


def assert_refused(refused: Message, alice: ScenarioUser, running: list[Channel]) -> None:
    assert refused.ephemeral and refused.visible_to == alice.id
    assert refused.content.startswith(
        "You already play 2 matches against the computer, and one member may play 2 at a time: finish or resign "
        "one of them first. Yours: #"
    ), refused.content
    for channel in running:
        assert f"https://discord.com/channels/{channel.guild_id}/{channel.id}" in refused.content
