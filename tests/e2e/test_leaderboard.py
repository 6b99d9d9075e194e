"""The ladder through the real bot: quick 1-point matches played to the end, then /leaderboard, /stats,
/history, page buttons across a restart, and the rebuild command over the bot's own database (issue 9)."""

from __future__ import annotations

import asyncio
import re
import sys
from dataclasses import dataclass
from typing import Any

import pytest

from bot.ratings.fibs import Standing, rate_match
from tests.e2e.conftest import BOTH_BACKENDS, seeded_env
from tests.e2e.table import Table, acknowledged_in_time, labels, offer_resignation, start_match
from tests.support.discord_standin import (
    BotProcess,
    Channel,
    DiscordStandin,
    Message,
    ScenarioUser,
    wait_for_edit,
    wait_until,
)
from tests.support.discord_standin.pytest_plugin import LaunchBot

LINE = re.compile(r"`#\s*(\d+)` \*\*(.+?)\*\* · rating (\d+) · (\d+) match(?:es)?, (\d+) wins?")


@dataclass
class Played:
    winner: ScenarioUser
    loser: ScenarioUser
    length: int
    final: Message
    table: Table


async def resign_match(
    standin: DiscordStandin,
    challenger: ScenarioUser,
    opponent: ScenarioUser,
    *,
    kind: str = "single",
    money: bool = False,
) -> Played:
    """A 1-point match (or money game) ended at once: the opening player resigns, the other accepts (R7.4)."""
    options: dict[str, Any] = {"money": True} if money else {"length": 1}
    table = await start_match(standin, challenger, opponent, **options)
    loser = table.to_act()
    assert loser is not None, table.game.content
    await offer_resignation(table, loser, kind=kind)
    winner = table.other(loser)
    assert "Accept resignation" in labels(table.game), table.game.content
    final = await table.click(winner, "Accept resignation")
    assert table.to_act() is None and labels(final) == ["Rematch"]  # issue 20
    return Played(winner, loser, 0 if money else 1, final, table)


def ladder_lines(message: Message) -> list[tuple[int, str, str, int, int]]:
    description = message.embeds[0]["description"]
    return [(int(m[1]), m[2], m[3], int(m[4]), int(m[5])) for m in LINE.finditer(description)]


def field(message: Message, name: str) -> str:
    return next(f["value"] for f in message.embeds[0]["fields"] if f["name"] == name)


@pytest.mark.slow
@BOTH_BACKENDS  # issue 19
async def test_ladder_after_real_matches(standin: DiscordStandin, bot: BotProcess) -> None:
    people = [standin.add_user(f"Player{n:02d}") for n in range(12)]
    alice, bob = people[0], people[1]
    played: list[Played] = []
    # Alice and Bob: one ordinary win, one resigned gammon (R7.2), and a money game that is never rated (R8.2).
    played.append(await resign_match(standin, alice, bob))
    played.append(await resign_match(standin, bob, alice, kind="gammon"))
    money = await resign_match(standin, alice, bob, money=True)
    # Five more pairs, so that twelve players are rated: two pages of ten.
    for first, second in zip(people[2::2], people[3::2], strict=True):
        played.append(await resign_match(standin, first, second))

    expected = fibs_standings(people, played)
    ranking = sorted(people, key=lambda p: (-expected[p.id][0].rating, p.id))

    ladder = standin.add_channel("ladder")
    reply = acknowledged_in_time(await alice.slash("leaderboard", in_channel=ladder))
    board = await reply.settled()
    shown = ladder_lines(board)
    assert [name for _, name, _, _, _ in shown] == [p.name for p in ranking[:10]]
    for (_, name, rating, matches, wins), person in zip(shown, ranking, strict=False):
        standing, played_count, won = expected[person.id]
        assert (rating, matches, wins) == (f"{standing.rating:.0f}", played_count, won), name
    assert board.embeds[0]["footer"]["text"] == "Page 1 of 2 · 12 players"
    assert labels(board) == ["Next"]  # Previous is disabled on the first page

    # The page buttons are DynamicItems: they still work after the bot is killed and started again.
    await bot.restart()
    version = board.version
    acknowledged_in_time(await alice.click(board, "Next"))
    await wait_for_edit(board, version, timeout=10)
    assert [name for _, name, _, _, _ in ladder_lines(board)] == [p.name for p in ranking[10:]]
    assert board.embeds[0]["footer"]["text"] == "Page 2 of 2 · 12 players"
    # Someone else clicking gets a private copy; the owner's message stays on its page.
    version = board.version
    other = acknowledged_in_time(await people[5].click(board, "Previous"))
    private = await other.settled()
    assert private.ephemeral and private.visible_to == people[5].id
    assert [name for _, name, _, _, _ in ladder_lines(private)] == [p.name for p in ranking[:10]]
    assert board.version == version

    await bobs_stats_as_alice_sees_them(alice, bob, ladder, played, expected)
    await alices_history(standin, alice, bob, ladder, played, money)
    await bot.terminate()
    await the_rebuild_finds_every_rating_exact(bot, len(played))


def fibs_standings(people: list[ScenarioUser], played: list[Played]) -> dict[int, tuple[Standing, int, int]]:
    """Each player's standing by the FIBS formula after the rated matches, with their matches and wins (the formula
    itself is checked against hand-computed values in tests/ratings)."""
    expected: dict[int, tuple[Standing, int, int]] = {p.id: (Standing(), 0, 0) for p in people}
    for match in played:
        win, win_count, win_won = expected[match.winner.id]
        lose, lose_count, lose_won = expected[match.loser.id]
        change = rate_match(win, lose, match.length)
        expected[match.winner.id] = (change.winner, win_count + 1, win_won + 1)
        expected[match.loser.id] = (change.loser, lose_count + 1, lose_won)
    return expected


async def bobs_stats_as_alice_sees_them(
    alice: ScenarioUser,
    bob: ScenarioUser,
    ladder: Channel,
    played: list[Played],
    expected: dict[int, tuple[Standing, int, int]],
) -> None:
    """/stats player of Bob, seen by Alice: their two rated matches (the second a resigned gammon); a PNG chart."""
    reply = acknowledged_in_time(await alice.slash("stats player", player=bob, in_channel=ladder))
    stats = await reply.settled()
    bob_standing, _, bob_wins = expected[bob.id]
    rank = 1 + sum(standing.rating > bob_standing.rating for standing, _, _ in expected.values())
    results = [match.winner is bob for match in played[:2]]
    assert field(stats, "Rating") == f"{bob_standing.rating:.0f} · rank #{rank}"
    assert field(stats, "Matches") == f"2 played · {bob_wins} won · {2 - bob_wins} lost"
    assert field(stats, "Gammons") == ("1 won · 0 lost" if results[1] else "0 won · 1 lost")
    streaks = {(True, True): "2 wins", (False, True): "1 win", (True, False): "1 loss", (False, False): "2 losses"}
    assert field(stats, "Current streak") == f"{streaks[results[0], results[1]]} in a row"
    assert field(stats, "Against you") == f"{bob_wins} won · {2 - bob_wins} lost"
    assert field(stats, "Average match length").startswith("1.0 points")
    assert stats.attachments and stats.attachments[0].is_png
    assert stats.attachments[0].filename in stats.embeds[0]["image"]["url"]


async def alices_history(
    standin: DiscordStandin,
    alice: ScenarioUser,
    bob: ScenarioUser,
    ladder: Channel,
    played: list[Played],
    money: Played,
) -> None:
    """/history: newest first, the money game included, each with a link to the match's last message."""
    reply = acknowledged_in_time(await alice.slash("history", in_channel=ladder))
    history = (await reply.settled()).embeds[0]["description"].splitlines()
    assert len(history) == 3
    assert "money game" in history[0] and ("**won**" in history[0]) == (money.winner is alice)
    gammon_won = played[1].winner is alice
    assert "1-point match" in history[1] and bob.name in history[1]
    assert ("**won** 2\u20130" if gammon_won else "lost 0\u20132") in history[1]
    assert "+" not in history[0].split("money game")[1].split("[")[0]  # money games move no rating
    gammon = played[1].final
    assert f"https://discord.com/channels/{standin.guild.id}/{gammon.channel_id}/{gammon.id}" in history[1]


async def the_rebuild_finds_every_rating_exact(bot: BotProcess, rated: int) -> None:
    """The maintenance command rebuilds every rating from the stored history and finds the stored ones exact."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.ratings.rebuild",
        "--database",
        bot.extra_env.get("DATABASE_URL", str(bot.database_path)),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    output, _ = await process.communicate()
    assert process.returncode == 0, output.decode()
    assert f"Replayed {rated} rated matches." in output.decode()


@pytest.mark.slow
async def test_a_claimed_win_is_rated(
    standin: DiscordStandin, launch_bot: LaunchBot, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    """R9.5: the opponent let the turn limit run out and the win is claimed; it counts like any other win."""
    await launch_bot(**seeded_env(clock_rate=60.0))  # the service clock runs 60x: a 2-minute limit is 2 s
    alice, bob = players
    acknowledged_in_time(await alice.slash("bgadmin turn-limit", duration="2m"))
    table = await start_match(standin, alice, bob, length=1)
    slow = table.to_act()
    assert slow is not None
    claimant = table.other(slow)
    offer = table.game
    while "Claim win" not in labels(offer, extras=True):
        offer = await table.next_board(timeout=20)  # the half-time reminder's board first, then the claim offer's
    acknowledged_in_time(await claimant.click(offer, "Claim win"))
    await wait_until(offer, lambda m: "wins the match" in m.content, timeout=15)  # the final board, in place

    ladder = standin.add_channel("ladder")
    reply = acknowledged_in_time(await alice.slash("leaderboard", in_channel=ladder))
    assert [line[1:] for line in ladder_lines(await reply.settled())] == [
        (claimant.name, "1510", 1, 1),  # newcomers, equal ratings, 1 point: 4 * 5 * 1 * 1/2 = 10
        (slow.name, "1490", 1, 0),
    ]
    reply = acknowledged_in_time(await claimant.slash("history", in_channel=ladder))
    (line,) = (await reply.settled()).embeds[0]["description"].splitlines()
    assert "**won** 1\u20130" in line and "(claimed on time)" in line and "rating +10.0" in line
