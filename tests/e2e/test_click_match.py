"""A whole 3-point match played to the end through clicks only, with random legal choices and seeded dice."""

from __future__ import annotations

import random
import re

import pytest

from tests.e2e.conftest import BOTH_BACKENDS
from tests.e2e.table import labels, start_match
from tests.support.discord_standin import BotProcess, DiscordStandin, ScenarioUser

MAX_CLICKS = 4000


def choose(rng: random.Random, shown: list[str]) -> str:
    """A random legal choice, leaning towards progress: mostly roll, sometimes double, rarely undo or go back."""
    if "Roll" in shown:
        return "Double" if "Double" in shown and rng.random() < 0.2 else "Roll"
    if "Take" in shown:
        return rng.choice(["Take", "Drop"])
    if "Done" in shown:
        return "Undo" if rng.random() < 0.1 else "Done"
    moves = [label for label in shown if label not in ("Undo", "Back")]
    if "Undo" in shown and rng.random() < 0.05:
        return "Undo"
    if "Back" in shown and rng.random() < 0.1:
        return "Back"
    return rng.choice(moves)


@pytest.mark.slow
@BOTH_BACKENDS  # issue 19
async def test_three_point_match_by_clicks_to_the_end(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    table = await start_match(standin, alice, bob, length=3)
    rng = random.Random(7)
    clicks = 0
    while (player := table.to_act()) is not None:
        assert clicks < MAX_CLICKS, "the match did not end"
        shown = labels(table.game)
        assert shown, table.game.content
        await table.click(player, choose(rng, shown))
        clicks += 1
    final = table.game
    assert labels(final) == ["Rematch"]  # issue 20: a finished match offers a rematch
    won = re.search(r"\*\*(Alice|Bob) wins the match (\d+)-(\d+)!\*\*", final.content)
    assert won is not None, final.content
    assert int(won.group(2)) >= 3 > int(won.group(3))
    assert all(board.history[0].attachments[-1].is_png for board in table.boards)  # each posted with its picture
    # issue 33: every earlier board was deleted (what happened is on the board that replaced it), but for each game's
    # final board, which says who won, without controls
    for board in table.boards[:-1]:
        assert board.deleted or (" wins " in board.content and not board.buttons), [h.content for h in board.history]
    print(f"{clicks} clicks, {len(table.boards)} game messages")
    print(standin.latency_report().splitlines()[0])
