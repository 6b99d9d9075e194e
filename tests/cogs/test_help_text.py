"""/bg help lists every slash command the bot registers, and fits in one embed."""

from __future__ import annotations

import importlib
import inspect

from discord import app_commands
from discord.ext import commands

from bot.app import EXTENSIONS
from cogs.help_text import EMBED_DESCRIPTION_LIMIT, HELP, help_embed


def registered_commands() -> list[str]:
    """`/group name` or `/name` of every app command of every cog the bot loads."""
    names = []
    for extension in EXTENSIONS:
        module = importlib.import_module(extension)
        for _, cog in inspect.getmembers(module, inspect.isclass):
            if not issubclass(cog, commands.Cog) or cog.__module__ != module.__name__:
                continue
            prefix = f"/{cog.__cog_group_name__} " if cog.__cog_is_app_commands_group__ else "/"
            for command in cog.__cog_app_commands__:
                if isinstance(command, app_commands.Group):  # a group inside a cog (/stats): its subcommands
                    names.extend(f"{prefix}{command.name} {sub.name}" for sub in command.commands)
                else:
                    names.append(prefix + command.name)
    return names


def test_help_names_every_registered_command() -> None:
    names = registered_commands()
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
