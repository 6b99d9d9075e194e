"""The slash commands Discord sees are exactly those of before the cogs were split by feature (issue 30): the same
commands, options, descriptions and order, /bg shared by the cogs that add to it (cogs.ui.wiring)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.store import Database
from tests.cogs.command_tree import loaded_bot, payload

pytestmark = pytest.mark.parametrize("db", ["sqlite"], indirect=True)

#: The tree as the bot sent it before the split (`payload` at the commit before issue 30's cogs change).
SNAPSHOT = Path(__file__).with_name("command_tree.json")


async def test_the_command_tree_is_unchanged(db: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bot = await loaded_bot(db, tmp_path, monkeypatch)
    assert payload(bot) == json.loads(SNAPSHOT.read_text())


async def test_bg_is_one_group_shared_by_the_feature_cogs(
    db: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await loaded_bot(db, tmp_path, monkeypatch)
    bg = bot.tree.get_command("bg")
    assert bg is not None
    holders = {command.name: type(command.binding).__name__ for command in bg.walk_commands()}  # type: ignore[union-attr]
    assert holders == {
        "challenge": "Challenges",
        "computer": "Computer",
        "move": "Play",
        "resign": "Play",
        "board": "Play",
        "fairness": "Records",
        "matches": "Play",
        "export": "Records",
        "analyze": "Analysis",
        "help": "Play",
        "settings": "Play",
    }


async def test_a_cog_removed_takes_its_subcommands_out_of_bg(
    db: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await loaded_bot(db, tmp_path, monkeypatch)
    for name in ("Challenges", "Computer", "Records", "Analysis"):
        await bot.remove_cog(name)
    bg = bot.tree.get_command("bg")
    assert bg is not None
    assert [command.name for command in bg.walk_commands()] == [  # type: ignore[union-attr]
        "move",
        "resign",
        "board",
        "matches",
        "help",
        "settings",
    ]
