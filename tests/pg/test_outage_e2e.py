"""The real bot on PostgreSQL while PostgreSQL restarts (issue 19): a press during the outage is answered
privately with "try again in a moment" and changes nothing; once the server is back the same button works and
the game goes on, with no acknowledged action lost."""

from __future__ import annotations

import random

import pytest

from tests.e2e.conftest import seeded_env
from tests.e2e.table import finish_turn, labels, start_match
from tests.support.discord_standin import DiscordStandin
from tests.support.discord_standin.pytest_plugin import LaunchBot
from tests.support.postgres import ThrowawayPostgres, wait_until_reachable


@pytest.mark.slow
async def test_a_press_during_a_restart_is_refused_then_works(
    standin: DiscordStandin, launch_bot: LaunchBot, postgres_server: ThrowawayPostgres
) -> None:
    url = await postgres_server.create_database()
    await launch_bot(**seeded_env(), DATABASE_URL=url)
    alice, bob = standin.add_user("Alice"), standin.add_user("Bob")
    rng = random.Random(3)
    table = await start_match(standin, alice, bob, length=3)
    await finish_turn(table, rng)
    mover = table.to_act()
    assert mover is not None
    button = next(label for label in labels(table.game) if label == "Roll" or "/" in label or "From" in label)
    content_before = table.game.content
    postgres_server.stop_server()
    try:
        text = await table.refused(mover, button)
        assert "cannot be reached just now" in text and "Try again in a moment" in text
        assert table.game.content == content_before  # nothing changed
    finally:
        postgres_server.start_server()
    await wait_until_reachable(url)
    after = await table.click(mover, button)  # the very same button, once the server is back
    assert after.content != content_before
    for _ in range(2):  # and the game goes on
        player = table.to_act()
        assert player is not None
        if "Roll" in labels(table.game):
            await table.click(player, "Roll")
        await finish_turn(table, rng)
