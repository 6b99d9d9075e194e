"""Each Discord rule the stand-in enforces: the probe bot breaks it on purpose and the stand-in both answers
as Discord would and records a violation (which the `standin` fixture would turn into a test failure)."""

from __future__ import annotations

import pytest
import pytest_asyncio

from tests.support.discord_standin import BotProcess, DiscordStandin
from tests.support.discord_standin.pytest_plugin import shared_bot

pytestmark = pytest.mark.asyncio(loop_scope="module")
probe = shared_bot("tests.support.probe_bot")

# /probe break <what> -> the text the recorded violation must contain.
BROKEN_MESSAGES = {
    "content": "content: Must be 2000 or fewer",
    "rows": "components: Must be 5 or fewer",
    "buttons": "components.0.components: Must be 5 or fewer",
    "select_row": "select menu must be alone in its action row",
    "select_options": "components.0.components.0.options: Must be between 1 and 25",
    "custom_id": "custom_id: Must be between 1 and 100",
    "duplicate_id": "custom id cannot be duplicated",
    "label": "label: Must be 80 or fewer",
    "embed": "embeds.0.title: Must be 256 or fewer",
    "embed_total": "Embed size exceeds maximum size of 6000",
    "attachment": "files[0]: File is larger than 10485760 bytes",
}


@pytest_asyncio.fixture(loop_scope="module")
async def standin(shared_standin: DiscordStandin) -> DiscordStandin:
    return shared_standin


async def test_every_message_limit_is_refused_and_recorded(standin: DiscordStandin, probe: BotProcess) -> None:
    alice = standin.add_user("alice")
    for what, expected in BROKEN_MESSAGES.items():
        reply = await alice.slash("probe break", what=what)
        assert not reply.acknowledged, what
        [violation] = standin.take_violations()
        assert violation.rule == "message limits", what
        assert expected in violation.detail, (what, violation.detail)
        assert reply.rejections == [f"message limits: {violation.detail}"]
    assert standin.default_channel.messages == []  # nothing refused ever reached the channel


async def test_double_acknowledgement_is_refused(standin: DiscordStandin, probe: BotProcess) -> None:
    alice = standin.add_user("alice")
    reply = await alice.slash("probe break", what="double")
    assert reply.acknowledged and reply.content == "once"
    await standin.eventually(lambda: reply.interaction.extra_acknowledgements == 1, what="the second callback")
    [violation] = standin.take_violations()
    assert violation.rule == "acknowledge once" and "/probe break" in violation.detail
    await standin.eventually(lambda: "already been acknowledged" in probe.log(), what="the bot's 400")


@pytest.mark.slow
async def test_acknowledgement_after_three_seconds_fails(standin: DiscordStandin, probe: BotProcess) -> None:
    alice = standin.add_user("alice")
    reply = await alice.slash("probe break", what="late")
    assert not reply.acknowledged
    await standin.eventually(lambda: len(standin.violations) == 2, what="the late callback")
    missed, late = standin.take_violations()
    assert missed.rule == late.rule == "acknowledge within 3 s"
    assert "not acknowledged in time" in missed.detail and "acknowledged after 3." in late.detail
    await standin.eventually(lambda: "late response refused: 404" in probe.log(), what="the bot's 404")


async def test_more_than_25_autocomplete_choices_are_refused(standin: DiscordStandin, probe: BotProcess) -> None:
    alice = standin.add_user("alice")
    assert await alice.autocomplete("probe fruit", "name", "!many") == []
    [violation] = standin.take_violations()
    assert "data.choices: Must be 25 or fewer" in violation.detail


async def test_interaction_token_expires_after_15_minutes(standin: DiscordStandin, probe: BotProcess) -> None:
    alice = standin.add_user("alice")
    reply = await alice.slash("probe followup", delay=1.0)  # the clock moves on before the followup
    assert reply.acknowledged
    standin.advance_clock(15 * 60 + 1)
    await standin.eventually(lambda: standin.violations, what="the expired followup")
    [violation] = standin.take_violations()
    assert violation.rule == "token valid 15 minutes"
    assert reply.followups == []
    await standin.eventually(lambda: "followup refused: 401" in probe.log(), what="the bot's 401")
