"""Interactions through the stand-in with the test-only probe bot: every shape the game cogs will use."""

from __future__ import annotations

import pytest
import pytest_asyncio

from tests.support.discord_standin import BotProcess, DiscordStandin, ScenarioError, wait_for_edit
from tests.support.discord_standin.pytest_plugin import shared_bot

# One probe bot for the whole module (each test gets its own channel): starting a bot costs 1-2 s.
pytestmark = pytest.mark.asyncio(loop_scope="module")
probe = shared_bot("tests.support.probe_bot")


@pytest_asyncio.fixture(loop_scope="module")
async def standin(shared_standin: DiscordStandin) -> DiscordStandin:
    return shared_standin


async def test_slash_command_with_typed_options_and_resolved_user(standin: DiscordStandin, probe: BotProcess) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    reply = await alice.slash("probe echo", text="hi", times=2, who=bob, loud=True)
    assert reply.acknowledged and reply.type == 4
    assert reply.content == "bob: HI HI"
    assert not reply.ephemeral
    ping = await reply.next_followup()
    assert alice.mention in ping.content and ping.pinged == {bob.id}  # allowed_mentions: bob only
    assert reply.latency is not None and 0 < reply.latency < 3
    quiet = await alice.slash("probe echo", text="psst", times=1)
    assert quiet.ephemeral and quiet.content == "psst"
    assert quiet.message is not None and quiet.message in alice.visible_messages()
    assert quiet.message not in bob.visible_messages()
    first, second = (
        await standin.wait_for_message(standin.default_channel),
        await standin.wait_for_message(standin.default_channel),
    )
    assert (first, second) == (reply.message, ping)  # the ephemeral one is skipped


async def test_subcommand_group_and_client_side_option_checks(standin: DiscordStandin, probe: BotProcess) -> None:
    alice = standin.add_user("alice")
    assert (await alice.slash("probe deep nested", value=7)).content == "nested 7"
    with pytest.raises(ScenarioError, match="outside"):
        await alice.slash("probe echo", text="x", times=4)  # Range[int, 1, 3]: the client refuses
    with pytest.raises(ScenarioError, match="required"):
        await alice.slash("probe echo", text="x")
    with pytest.raises(ScenarioError, match="no slash command"):
        await alice.slash("nope")


async def test_autocomplete_returns_the_bots_choices(standin: DiscordStandin, probe: BotProcess) -> None:
    alice = standin.add_user("alice")
    choices = await alice.autocomplete("probe fruit", "name", "berry")
    assert [c["value"] for c in choices] == ["blackberry", "blueberry", "cranberry", "raspberry", "strawberry"]
    assert len(await alice.autocomplete("probe fruit", "name", "")) == 25
    assert (await alice.slash("probe fruit", name="fig")).content == "You picked fig"


async def test_button_edits_message_with_png_then_removes_it(standin: DiscordStandin, probe: BotProcess) -> None:
    alice = standin.add_user("alice")
    board = (await alice.slash("probe board")).message
    assert board is not None
    assert [b.label for b in board.buttons] == ["Draw", "Clear"]
    drawn = await alice.click(board, "Draw")
    assert drawn.type == 7 and drawn.message is board
    assert board.content == "drawn"
    [image] = board.attachments
    assert image.is_png and image.filename == "board.png" and image.size == (64, 48)
    await alice.click(board, custom_id="probe:clear")
    assert board.content == "cleared" and board.attachments == []
    assert [len(s.attachments) for s in board.history] == [0, 1, 0]
    with pytest.raises(ScenarioError, match="no button"):
        await alice.click(board, "Resign")
    stale = await alice.click(board, "Draw", seen=board.history[0])  # a client still showing the first version
    assert stale.interaction.message is not None and stale.type == 7


async def test_select_choices_reach_the_bot(standin: DiscordStandin, probe: BotProcess) -> None:
    alice = standin.add_user("alice")
    board = (await alice.slash("probe board")).message
    assert board is not None
    [menu] = board.selects
    assert menu.options == (("Option 1", "v1"), ("Option 2", "v2"), ("Option 3", "v3"))
    version = board.version
    reply = await alice.select(board, "Option 1", "Option 3", labels=True)
    assert reply.type == 7
    await wait_for_edit(board, version)
    assert board.content == "picked v1,v3"


async def test_deferred_response_edited_with_png_and_followups(standin: DiscordStandin, probe: BotProcess) -> None:
    alice = standin.add_user("alice")
    slow = await alice.slash("probe slow")
    assert slow.type == 5 and slow.message is not None and slow.message.loading
    message = await slow.settled()
    assert message.content == "done" and message.attachments[0].is_png
    many = await alice.slash("probe followup")
    assert many.ephemeral and many.content == "first"
    second, secret = await many.next_followup(), await many.next_followup()
    assert (second.content, second.ephemeral) == ("second", False)
    assert (secret.content, secret.ephemeral, secret.visible_to) == ("secret", True, alice.id)


async def test_channel_message_with_embed_edited_through_the_channel_api(
    standin: DiscordStandin, probe: BotProcess
) -> None:
    alice = standin.add_user("alice")
    reply = await alice.slash("probe post")
    assert reply.type == 5 and reply.ephemeral
    answer = await reply.settled()  # the first followup after a deferral replaces the "thinking" message
    posted = await standin.wait_for_message(standin.default_channel)
    assert answer.content == f"posted {posted.id}" and reply.followups == []
    assert posted.interaction is None and posted.author.id == standin.bot_user.id
    assert (posted.content, posted.embeds[0]["title"], posted.embeds[0]["fields"][0]["value"]) == (
        "edited",
        "Scores",
        "3 points",
    )
    assert [(s.content, len(s.attachments)) for s in posted.history] == [("posted", 1), ("edited", 0)]


async def test_member_lookup_through_rest(standin: DiscordStandin, probe: BotProcess) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    reply = await alice.slash("probe member", who=bob)
    assert reply.content == "bob cached=False"  # no Server Members intent: members come from REST


async def test_thread_created_from_the_response(standin: DiscordStandin, probe: BotProcess) -> None:
    alice = standin.add_user("alice")
    starter = (await alice.slash("probe thread")).message
    assert starter is not None
    await standin.eventually(lambda: starter.id in standin.channels, what="a thread")
    await standin.eventually(lambda: standin.channels[starter.id].messages, what="a message in the thread")
    [thread] = [t for t in standin.threads if t.parent_id == standin.default_channel.id]
    assert thread.id == starter.id and thread.parent_id == standin.default_channel.id
    assert alice.id in thread.member_ids
    inside = await standin.wait_for_message(thread)
    assert inside.content == "inside the thread"
    assert (await alice.click(inside, "Draw")).type == 7  # components work inside threads too


async def test_public_thread_without_starter_message(standin: DiscordStandin, probe: BotProcess) -> None:
    alice = standin.add_user("alice")
    reply = await alice.slash("probe room", name="lobby")
    [thread] = [t for t in standin.threads if t.parent_id == standin.default_channel.id]
    assert (thread.name, thread.type, thread.parent_id) == ("lobby", 11, standin.default_channel.id)
    assert reply.ephemeral and reply.content == f"opened <#{thread.id}>"
    assert (await standin.wait_for_message(thread)).content == "welcome to lobby"
    alice.channel = thread  # commands can be run inside the thread
    assert (await alice.slash("probe deep nested", value=1)).message in thread.messages


async def test_deleted_thread_is_gone(standin: DiscordStandin, probe: BotProcess) -> None:
    alice = standin.add_user("alice")
    reply = await alice.slash("probe tidy")
    assert (await reply.settled()).content == "deleted"  # posting into the deleted thread got 404
    [thread] = [t for t in standin.deleted_channels if t.parent_id == standin.default_channel.id]
    assert thread.name == "short-lived" and thread not in standin.threads and thread.messages == []


async def test_interaction_sent_during_reconnect_is_replayed_after_resume(
    standin: DiscordStandin, probe: BotProcess
) -> None:
    alice = standin.add_user("alice")
    session, identifies = standin.session, standin.identifies
    assert session is not None
    resumes = session.resumes
    await standin.request_reconnect()
    reply = await alice.slash("probe deep nested", value=5)  # sent while the bot reconnects
    assert reply.acknowledged and reply.content == "nested 5"
    assert standin.session is session and session.resumes == resumes + 1 and standin.identifies == identifies


async def test_bot_accounts_cannot_interact(standin: DiscordStandin) -> None:
    other_bot = standin.add_user("robot", bot=True)
    before = len(standin.interactions)
    with pytest.raises(ScenarioError, match="bot account"):
        await other_bot.slash("probe deep nested", value=1)
    assert len(standin.interactions) == before


async def test_rate_limited_callback_is_retried(standin: DiscordStandin, probe: BotProcess) -> None:
    alice = standin.add_user("alice")
    before = standin.rate_limited
    standin.rate_limit("/callback", count=1, retry_after=0.3)
    reply = await alice.slash("probe echo", text="again", times=1, loud=True)
    assert standin.rate_limited == before + 1
    assert reply.acknowledged and reply.content == "AGAIN"
    assert reply.latency is not None and reply.latency >= 0.3


async def test_steady_rate_limiting_on_every_third_request(standin: DiscordStandin, probe: BotProcess) -> None:
    alice = standin.add_user("alice")
    before = standin.rate_limited
    standin.rate_limit(count=None, every=3, retry_after=0.05)  # switched on for the whole scenario
    board = (await alice.slash("probe board")).message
    assert board is not None
    for label in ("Draw", "Clear", "Draw"):
        assert (await alice.click(board, label)).acknowledged
    slow = await alice.slash("probe slow")
    assert (await slow.settled()).content == "done"
    standin.stop_rate_limits()
    assert standin.rate_limited >= before + 2
    assert board.content == "drawn" and len(board.attachments) == 1


async def test_buttons_keep_working_after_sigkill_restart(standin: DiscordStandin, probe: BotProcess) -> None:
    alice = standin.add_user("alice")
    board = (await alice.slash("probe board")).message
    assert board is not None
    await probe.restart()
    assert (await alice.click(board, "Draw")).acknowledged
    assert board.content == "drawn"
    here = [i for i in standin.interactions.values() if i.channel_id == standin.default_channel.id]
    assert [i.latency is not None for i in here] == [True, True]
    assert "acknowledgements, median" in standin.latency_report()
