"""What players type reaches messages as typed: markdown in display names is escaped everywhere a name is shown,
and a very long `/bg move` still gets its (short) answer instead of none (issue 15)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import one_bot_per_module
from tests.e2e.table import Table, acknowledged_in_time, posted_challenge, start_match, threads_of
from tests.support.discord_standin import DiscordStandin, ScenarioUser, wait_until

pytestmark = pytest.mark.asyncio(loop_scope="module")
bot, standin = one_bot_per_module()  # one bot for the module's scenarios, each in a channel of its own

MARKDOWN_NAME = "**Bo**b [x](https://e.com) ||y||"
ESCAPED_NAME = r"\*\*Bo\*\*b \[x](https://e.com) \|\|y\|\|"


def assert_escaped(text: str) -> None:
    """The name is in the text only escaped: no bold, link or spoiler can render from it."""
    assert ESCAPED_NAME in text, text
    assert text.replace(ESCAPED_NAME, "").count("||") == 0 and MARKDOWN_NAME not in text


async def test_markdown_in_names_is_shown_as_typed(standin: DiscordStandin, bot: object) -> None:
    alice = standin.add_user("Alice")
    bob = standin.add_user(MARKDOWN_NAME)
    reply = await alice.slash("bg challenge", opponent=bob, length=3, thread=True)
    challenge = await posted_challenge(standin, reply, alice)
    acknowledged_in_time(await bob.click(challenge, "Accept"))
    await wait_until(challenge, lambda m: "challenge accepted" in m.content, timeout=10)
    assert_escaped(challenge.content)  # "Alice vs **Bo**b ...: challenge accepted."
    (thread,) = threads_of(standin, alice.channel)
    assert thread.name == f"Alice vs {MARKDOWN_NAME}"  # thread names show no markdown: kept as typed
    table = Table(standin, thread, (alice, bob))
    board = await table.next_board()
    assert "Opening roll" in board.content
    assert_escaped(board.content)  # the opening roll line, the status line and (maybe) the prompt
    # a refusal that names the players (a stranger presses a control) escapes them too
    carol = standin.add_user("Carol")
    answer = await table.refused(carol, table.game.buttons[0].label)
    assert answer.startswith("This game is between Alice and ") and ESCAPED_NAME in answer
    # /bg matches lists the opponent by name
    listed = await acknowledged_in_time(await alice.slash("bg matches")).settled()
    assert f"vs **{ESCAPED_NAME}**" in listed.content


async def test_a_markdown_name_in_a_closed_challenge(standin: DiscordStandin, bot: object) -> None:
    alice = standin.add_user("Alice")
    bob = standin.add_user(MARKDOWN_NAME)
    challenge = await posted_challenge(standin, await alice.slash("bg challenge", opponent=bob), alice)
    acknowledged_in_time(await bob.click(challenge, "Decline"))
    await wait_until(challenge, lambda m: "declined" in m.content, timeout=5)
    assert_escaped(challenge.content)


async def test_a_move_of_thousands_of_characters_gets_a_short_answer(
    standin: DiscordStandin, bot: object, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    table = await start_match(standin, alice, bob, length=1, thread=False)  # moves typed in the channel
    mover = table.to_act()
    assert mover is not None
    for text in ("x" * 2500, "24/" * 900, "13/" + "9" * 2100, "**bold** ||spoiler|| " * 120):
        reply = acknowledged_in_time(await mover.slash("bg move", play=text))
        answer = await reply.settled(timeout=10)
        assert answer.ephemeral and not answer.loading
        assert "I can't read" in answer.content or "There is no point" in answer.content, answer.content
        assert len(answer.content) < 300, answer.content
        assert "**bold**" not in answer.content and "||spoiler||" not in answer.content
    waiting = table.other(mover)
    reply = acknowledged_in_time(await waiting.slash("bg move", play="y" * 3000))
    assert "turn" in (await reply.settled(timeout=10)).content
