"""What players type reaches messages as typed: markdown in display names is escaped everywhere a name is shown,
to the end of a match in a thread and the result line it leaves in its channel, and a very long `/bg move` still
gets its (short) answer instead of none."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import one_bot_per_module
from tests.e2e.table import (
    Table,
    acknowledged_in_time,
    offer_resignation,
    posted_challenge,
    start_match,
    threads_of,
)
from tests.support.discord_standin import DiscordStandin, Message, ScenarioUser, wait_until

pytestmark = pytest.mark.asyncio(loop_scope="module")
bot, standin = one_bot_per_module()  # one bot for the module's scenarios, each in a channel of its own

MARKDOWN_NAME = "**Bo**b [x](https://e.com) ||y||"
ESCAPED_NAME = r"\*\*Bo\*\*b \[x](https://e.com) \|\|y\|\|"


#: A name that would be a disguised link, bold, a spoiler and a mention of everyone if it were sent as typed.
HOSTILE_NAME = "[click](https://example.com) **b** ||s|| @everyone"
HOSTILE_ESCAPED = "\\[click](https://example.com) \\*\\*b\\*\\* \\|\\|s\\|\\| @\u200beveryone"
#: Any piece of that name left as typed, whole or cut short (`\[click]` is escaped, `[click]` is not).
RAW = re.compile(r"(?<!\\)\[click\]|\*\*b|\|\|s|@everyone")
#: Code blocks and inline code, where Discord renders nothing (the move list writes names plainly there, without
#: backticks that could close the block).
CODE = re.compile(r"```.*?```|`[^`]*`", re.DOTALL)


def texts_of(message: Message) -> Iterator[str]:
    """Every text of every version of a message that Discord renders as markdown: its content and its embeds'."""

    def strings(value: Any) -> Iterator[str]:
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            for key, item in value.items():
                if key not in ("url", "type", "color", "timestamp"):
                    yield from strings(item)
        elif isinstance(value, list):
            for item in value:
                yield from strings(item)

    for version in message.history or [message]:
        yield version.content
        yield from strings(version.embeds)


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


async def test_hostile_names_never_render_in_a_match_in_a_thread_to_its_end(
    standin: DiscordStandin, bot: object
) -> None:
    alice, bob = standin.add_user(HOSTILE_NAME), standin.add_user(HOSTILE_NAME)
    lobby = alice.channel
    table = await start_match(standin, alice, bob, length=1, thread=True)
    assert table.channel is not lobby  # its name shows no markdown: kept as typed, cut to Discord's 100 characters
    assert table.channel.name == f"{HOSTILE_NAME} vs {HOSTILE_NAME}"[:100]
    mover = await table.acting()
    await offer_resignation(table, mover)
    await table.click(table.other(mover), "Accept resignation")

    def result_line() -> Message | None:
        return next((m for m in lobby.messages if "won the match" in m.content), None)

    await standin.eventually(lambda: result_line() is not None, timeout=15, what="the result line in the channel")
    line = result_line()
    assert line is not None and line.content.startswith(f"{HOSTILE_ESCAPED} won the match 1-0."), line
    exported = await acknowledged_in_time(await alice.slash("bg export", in_channel=table.channel)).settled()
    assert exported.ephemeral and f" {HOSTILE_ESCAPED} vs {HOSTILE_ESCAPED}, match to 1" in exported.content
    for command in ("bg fairness", "history", "stats player", "stats dice", "leaderboard"):  # names shown again
        await acknowledged_in_time(await bob.slash(command, in_channel=table.channel)).settled(timeout=10)
    sent = [
        m
        for m in standin.messages.values()
        if m.author is standin.bot_user and m.channel_id in (lobby.id, table.channel.id)
    ]
    assert len(sent) >= 10  # the challenge, the board, the move list, the result line, the answers
    for message in sent:
        for text in texts_of(message):
            assert not RAW.findall(CODE.sub("", text)), (message.content, text)


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
    huge_count = "24/18(" + "9" * 4400 + ")"  # more digits than Python converts into a number
    for text in ("x" * 2500, "24/" * 900, "13/" + "9" * 2100, "**bold** ||spoiler|| " * 120, huge_count):
        reply = acknowledged_in_time(await mover.slash("bg move", play=text))
        answer = await reply.settled(timeout=10)
        assert answer.ephemeral and not answer.loading
        said = ("I can't read", "There is no point", "a turn has at most four moves")
        assert any(words in answer.content for words in said), answer.content
        assert len(answer.content) < 300, answer.content
        assert "**bold**" not in answer.content and "||spoiler||" not in answer.content
    waiting = table.other(mover)
    reply = acknowledged_in_time(await waiting.slash("bg move", play="y" * 3000))
    assert "turn" in (await reply.settled(timeout=10)).content
