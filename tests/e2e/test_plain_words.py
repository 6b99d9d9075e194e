"""Plain words in play (issue 33 item 5): a 3-point match played through the stand-in (a double taken, a
resignation, the Crawford game, refusals to the wrong player and a stranger, a bad typed move, /bg board and
/bg matches), then everything any message showed in the channel, every version of it, private replies included,
is scanned for what was written for developers: rule numbers, issue numbers, 64-hex hashes, formulas. The
how-to sentence is told on each player's first turn only, and every button a prompt names is on its message."""

from __future__ import annotations

import random
import re

from tests.e2e.table import Table, acknowledged_in_time, finish_turn, labels, offer_resignation, start_match
from tests.support.discord_standin import DiscordStandin, Message, ScenarioUser

#: What players must not read during play.
FORBIDDEN = {
    "a rule number": re.compile(r"\bR\d+(\.\d+)?\b"),
    "an issue number": re.compile(r"\bissues? #?\d+", re.IGNORECASE),
    "a hash": re.compile(r"\b[0-9a-f]{64}\b"),
    "a formula": re.compile(r"=|±|\bper 1000\b|SHA-?256|HMAC|\bEMG\b|\bply\b|-ply\b", re.IGNORECASE),
}
HOW_TO = "or type it with `/bg move`"
BOLD = re.compile(r"\*\*(.+?)\*\*")


def shown_texts(message: Message) -> list[str]:
    """Every text a player reads on a message: content, embeds, button and menu labels, every version."""
    texts = []
    for shown in [*message.history, message]:
        texts.append(shown.content)
        for embed in shown.embeds:
            texts += [embed.get("title", ""), embed.get("description", "")]
            texts += [f"{field['name']} {field['value']}" for field in embed.get("fields", [])]
            texts.append(embed.get("footer", {}).get("text", ""))
        texts += [button.label or "" for button in shown.buttons]
        texts += [label for menu in shown.selects for label, _ in menu.options]
    return texts


def prompt_names_its_buttons(message: Message) -> None:
    """The prompt (the last line, addressed to a player) names only buttons the message carries."""
    prompt = message.content.splitlines()[-1]
    named = [word for word in BOLD.findall(prompt) if not word.startswith("@")]
    assert set(named) <= set(labels(message)), (prompt, labels(message))


async def play_turns(table: Table, turns: int, rng: random.Random, played: set[int]) -> None:
    """Roll (never double), take any double, move by clicks; the how-to sentence only on a first turn."""
    for _ in range(turns):
        player = table.to_act()
        if player is None:
            return
        prompt_names_its_buttons(table.game)
        shown = labels(table.game)
        if "Roll" in shown:
            await table.click(player, "Roll")
        elif "Take" in shown:
            await table.click(player, "Take")
        else:
            assert (HOW_TO in table.game.content) is (player.id not in played), table.game.content
            await finish_turn(table, rng)
            played.add(player.id)


async def double_and_take(table: Table, rng: random.Random, played: set[int]) -> None:
    for _ in range(30):
        player = table.to_act()
        assert player is not None
        if "Double" in labels(table.game):
            await table.click(player, "Double")
            prompt_names_its_buttons(table.game)
            await table.click(table.other(player), "Take")
            return
        await play_turns(table, 1, rng, played)
    raise AssertionError("nobody could double")


async def resign(table: Table, rng: random.Random, played: set[int]) -> None:
    """The player to act (after finishing a roll, if it is one) resigns a single game; the other accepts."""
    if "Roll" in labels(table.game):
        await play_turns(table, 1, rng, played)
    player = table.to_act()
    assert player is not None
    await offer_resignation(table, player)
    prompt_names_its_buttons(table.game)
    await table.click(table.other(player), "Accept resignation")


async def test_what_players_read_in_a_match_is_plain(
    standin: DiscordStandin, bot: object, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    rng = random.Random(33)
    played: set[int] = set()
    table = await start_match(standin, alice, bob, length=3)
    await play_turns(table, 3, rng, played)

    mover = table.to_act()
    assert mover is not None
    waiting, carol = table.other(mover), standin.add_user("Carol")
    await table.refused(waiting, table.game.buttons[0].label)  # not their turn
    await table.refused(carol, table.game.buttons[0].label)  # not their match
    await acknowledged_in_time(await mover.slash("bg move", play="24/1")).settled()  # not a legal play
    await acknowledged_in_time(await waiting.slash("bg board")).settled()
    await acknowledged_in_time(await waiting.slash("bg matches")).settled()

    await double_and_take(table, rng, played)  # game 1: the cube at 2
    await play_turns(table, 2, rng, played)
    await resign(table, rng, played)  # 2 points: the next game is the Crawford game
    assert "Crawford" in "\n".join(board.content for board in table.boards[-2:])
    await play_turns(table, 4, rng, played)
    await resign(table, rng, played)
    while table.to_act() is not None:  # after the Crawford game: resign until the match is over
        await resign(table, rng, played)

    found = []
    places = {standin.general.id: standin.general, table.channel.id: table.channel}.values()  # the challenge too
    for message in [message for place in places for message in place.messages]:
        for text in shown_texts(message):
            for what, pattern in FORBIDDEN.items():
                if (hit := pattern.search(text)) is not None:
                    found.append(f"{what} ({hit[0]!r}) in: {text}")
    assert found == []
    assert any("commitment `" in text for message in standin.general.messages for text in shown_texts(message))
    shown_boards = sum(len(board.history) + 1 for board in table.boards)  # every version of every board
    assert len(played) == 2 and shown_boards > 8  # both players moved; the scan saw a real match
