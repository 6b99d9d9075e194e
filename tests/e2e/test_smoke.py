"""The shortest path through the real bot: a challenge accepted gives a board with controls; a step redraws it."""

from __future__ import annotations

from tests.e2e.table import labels, start_match
from tests.support.discord_standin import BotProcess, DiscordStandin, ScenarioUser


async def test_first_board_after_accepting_and_each_step_redraws_it(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    table = await start_match(standin, alice, bob, length=3)
    game = table.game
    assert game.attachments[0].is_png and game.attachments[0].size[0] >= 400
    assert "Opening roll" in game.content
    mover = table.to_act()
    assert mover is not None and game.content.splitlines()[-1].startswith(mover.mention)
    picture = game.attachments[0].data
    step = next(label for label in labels(game) if "/" in label or label.startswith("From "))
    after = await table.click(mover, step)
    if step.startswith("From "):  # the die is asked for: the picture stays until a checker moves
        assert after.attachments[0].data == picture
        after = await table.click(mover, next(label for label in labels(after) if "/" in label))
    assert after is game  # the same message, edited in place
    assert after.attachments[0].data != picture and "So far:" in after.content
    assert "Undo" in labels(after)
