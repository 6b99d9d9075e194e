"""The command tree as Discord is sent it: every extension of bot.app loaded into a GammonBot over a database.

The cogs' `cog_load` is skipped (no timers, workers or drawing processes start): only the commands matter here."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import pytest
from discord.ext import commands

from bot.app import EXTENSIONS, GammonBot
from bot.settings import Settings
from bot.store import Database


async def _nothing(_cog: commands.Cog) -> None:
    return None


async def loaded_bot(db: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> GammonBot:
    """A bot with every extension set up (in order, as at start-up: each module's `setup`), not connected.
    (`load_extension` would run a fresh copy of each module, whose cogs' `cog_load` is not the one skipped.)"""
    bot = GammonBot(Settings(discord_token="x", database_path=tmp_path / "gammon.db"), db)
    for extension in EXTENSIONS:
        module = importlib.import_module(extension)
        for cog in module.COGS:
            monkeypatch.setattr(cog, "cog_load", _nothing)
        await module.setup(bot)
    return bot


def payload(bot: GammonBot) -> list[dict[str, Any]]:
    """What `tree.sync()` sends Discord (and bot.app fingerprints)."""
    return [command.to_dict(bot.tree) for command in bot.tree.get_commands()]
