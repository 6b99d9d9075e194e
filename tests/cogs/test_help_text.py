"""/bg help lists every slash command the bot registers, and fits in one embed."""

from __future__ import annotations

from pathlib import Path

import pytest
from discord import app_commands

from bot.store import Database
from cogs.ui.help_text import EMBED_DESCRIPTION_LIMIT, HELP, help_embed
from tests.cogs.command_tree import loaded_bot


def registered_commands(tree: app_commands.CommandTree) -> list[str]:
    """`/group name` or `/name` of every slash command the bot registers."""
    names = []
    for command in tree.get_commands():
        if isinstance(command, app_commands.Group):
            names.extend(f"/{sub.qualified_name}" for sub in command.walk_commands())
        else:
            names.append(f"/{command.name}")
    return names


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_help_names_every_registered_command(
    db: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = registered_commands((await loaded_bot(db, tmp_path, monkeypatch)).tree)
    assert {
        "/bg challenge",
        "/leaderboard",
        "/stats player",
        "/stats dice",
        "/bg fairness",
        "/history",
        "/bgadmin turn-limit",
    } <= set(names)
    missing = [name for name in names if f"`{name}`" not in HELP]
    assert missing == []


def test_help_fits_in_one_embed() -> None:
    assert 0 < len(HELP) <= EMBED_DESCRIPTION_LIMIT == 4096
    assert help_embed().description == HELP
