"""The daily position through the real bot: `/bgadmin daily on` posts the day's position (from the shipped set: the
server has no analysed match), three members answer privately (one changes their mind), the next day's post
reveals the ranking, how many chose each and who was right (no one pinged), a late answer is refused, and
/stats player shows each member's count and streak. The bot's service clock runs RATE times faster, so that a
day passes in seconds."""

from __future__ import annotations

import time

import pytest

from bot.daily.shipped import shipped
from tests.e2e.conftest import one_bot_per_module, seeded_env
from tests.e2e.table import acknowledged_in_time
from tests.support.discord_standin import BotProcess, DiscordStandin, Message, ScenarioUser, wait_until

#: A day of the service's clock in 6 s: long enough for three answers, short enough for the suite.
RATE = 14_400.0
ORIGIN = time.time()

pytestmark = pytest.mark.asyncio(loop_scope="module")
bot, standin = one_bot_per_module({**seeded_env(clock_rate=RATE), "GAMMON_TEST_CLOCK_ORIGIN": repr(ORIGIN)})


def service_hour() -> int:
    """The UTC hour of the bot's clock now (the origin and the rate it was started with)."""
    now = ORIGIN + (time.time() - ORIGIN) * RATE
    return int(now // 3600) % 24


async def next_post(standin: DiscordStandin, channel: object, timeout: float = 15.0) -> Message:
    while True:
        message = await standin.wait_for_message(channel, timeout=timeout)  # type: ignore[arg-type]
        if "**Daily position**" in message.content:
            return message


async def stats_field(user: ScenarioUser) -> str:
    shown = await acknowledged_in_time(await user.slash("stats player")).settled()
    fields = {field["name"]: field["value"] for field in shown.embeds[0]["fields"]}
    return str(fields["Daily positions"])


async def test_a_daily_position_posted_answered_by_three_members_and_revealed(
    standin: DiscordStandin, bot: BotProcess
) -> None:
    channel = standin.add_channel("daily")
    admin, ann, ben, cat = (standin.add_user(name) for name in ("Admin", "Ann", "Ben", "Cat"))
    _, puzzle = shipped()[0]  # the first shipped position: the server has no analysed decision
    labels = [candidate.text for candidate in puzzle.candidates]
    right = next(i for i, c in enumerate(puzzle.candidates) if puzzle.is_right(i))
    wrong = next(i for i in range(len(labels)) if i != right)

    said = await acknowledged_in_time(
        await admin.slash("bgadmin daily", in_channel=channel, setting="on", hour=service_hour())
    ).settled()
    assert said.ephemeral and f"<#{channel.id}>" in said.content and ":00 UTC" in said.content, said.content

    first = await next_post(standin, channel)
    assert "answer to the previous position" not in first.content
    assert "player on roll" in first.content and "Admin" not in first.content
    assert [a.filename for a in first.attachments] == ["daily-position.png"]
    assert first.attachments[0].data.startswith(b"\x89PNG")
    [menu] = first.selects
    assert [label for label, _ in menu.options] == labels

    answers = {}
    for user, choices in ((ann, (right,)), (ben, (wrong, right)), (cat, (wrong,))):
        for choice in choices:
            answers[user] = await acknowledged_in_time(await user.select(first, str(choice))).settled()
    assert answers[ben].ephemeral and f"Your answer: **{labels[right]}**" in answers[ben].content
    assert f"Your answer: **{labels[wrong]}**" in answers[cat].content

    second = await next_post(standin, channel)
    lines = second.content.splitlines()
    assert lines[0] == "**The answer to the previous position**"
    assert lines[1].startswith(f"1. **{labels[right]}** (best) · 2 members")
    assert lines[2].startswith(f"2. **{labels[wrong]}** (-") and "· 1 member" in lines[2]
    assert f"Right: <@{ann.user.id}> <@{ben.user.id}>" in second.content
    assert f"<@{cat.user.id}>" not in second.content and second.pinged == frozenset()
    assert "**Daily position**" in second.content and second.selects

    await wait_until(first, lambda m: m.selects[0].disabled)  # closed; a client that still shows it open is refused
    late = await acknowledged_in_time(await cat.select(first, str(right), seen=first.history[0])).settled()
    assert late.ephemeral and "closed" in late.content, late.content

    assert await stats_field(ann) == "1 answered, 1 right · streak of right answers: 1"
    assert await stats_field(cat) == "1 answered, 0 right · streak of right answers: 0"
