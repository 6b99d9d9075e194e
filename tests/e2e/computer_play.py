"""Playing against the computer by clicks, as a human would: the e2e scenarios against the computer share it."""

from __future__ import annotations

import random

from tests.e2e.table import THINKING, Table, addressed, choose_play, is_game_result, labels
from tests.support.discord_standin import Message, ScenarioUser

#: More boards than any 1-point match against the computer shows.
MAX_MESSAGES = 600


async def human_acts(table: Table, human: ScenarioUser, rng: random.Random) -> None:
    """One decision of the human by clicks: roll, take, accept a resignation, or a whole turn."""
    shown = labels(table.game)
    for label in ("Roll", "Take", "Accept beaver", "Accept"):
        if label in shown:
            await table.click(human, label)
            return
    for _ in range(60):  # a whole turn by clicks: a listed play ends it at once, steps end with Done
        if addressed(table.game) != human.id:
            return
        shown = labels(table.game)
        if "Done" in shown:
            await table.click(human, "Done")
            return
        moves = [label for label in shown if label not in ("Undo", "Back")]
        if moves:
            await table.click(human, rng.choice(moves))
        else:  # only the select menu of whole plays: pick one
            await choose_play(table, human, table.game.selects[0].options[0][1])
    raise AssertionError("the human's turn did not end")


async def play_to_the_end(table: Table, human: ScenarioUser, computer_id: int, rng: random.Random) -> Message:
    """Play the current match by clicks (the human's turns) and waits (the computer's); returns its final board."""
    for _ in range(MAX_MESSAGES):
        whose = addressed(table.game)
        if whose is None and table.game.content.endswith(THINKING):  # the computer's turn, shown on the board
            table.current = await table.after_edit(table.game, timeout=60)
            continue
        if whose is None:
            if is_game_result(table.game):  # an analysis between two boards is passed over by next_board
                await table.next_board(timeout=30)
                continue
            return table.game
        if whose == computer_id:
            await table.next_board(timeout=60)
            continue
        assert whose == human.id, table.game.content
        await human_acts(table, human, rng)
    raise AssertionError("the match did not end")
