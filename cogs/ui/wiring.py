"""How the cogs share the /bg group, and what they are handed of the Computer cog.

The /bg group belongs to the Play cog (a GroupCog, cogs/play.py); the Challenges, Computer, Records and Analysis cogs
add their commands to it as they load (`add_bg_cog`). Its subcommands keep one fixed order, the order Discord has
always been sent them, so that an unchanged command set is not synced again (bot.app). The cogs are built and
given what they share at start-up (cogs.front_end); only buttons find their cog by its name (`bot.get_cog`), since
views keep no references (discord.py's DynamicItem).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine.options import MatchOptions
from bot.service import MatchUpdate
from bot.service.clocks import ClockPreset
from bot.tutor.advice import Threshold

BG = "bg"
#: /bg's subcommands in the order Discord is sent them (whichever cog holds each).
BG_SUBCOMMANDS = (
    "challenge",
    "computer",
    "move",
    "resign",
    "board",
    "live",
    "fairness",
    "matches",
    "export",
    "analyze",
    "help",
    "settings",
    "hint",
)


def bg_group(bot: commands.bot.BotBase) -> app_commands.Group:
    """The /bg group, as the Play cog registered it."""
    group = bot.tree.get_command(BG)
    if not isinstance(group, app_commands.Group):
        raise RuntimeError("cogs.play must be loaded first: it holds the /bg group")
    return group


def in_order(group: app_commands.Group) -> None:
    """Put the group's subcommands in the order of BG_SUBCOMMANDS (any other last)."""
    rank = {name: index for index, name in enumerate(BG_SUBCOMMANDS)}
    children = sorted(group.commands, key=lambda command: rank.get(command.name, len(rank)))
    for command in children:
        group.remove_command(command.name)
    for command in children:
        group.add_command(command)


async def add_bg_cog(bot: commands.bot.BotBase, cog: commands.Cog) -> None:
    """Add a cog whose slash commands are /bg subcommands. discord.py registers a plain cog's commands at the top
    level; they are moved into /bg at once, before the commands are synced (bot.app)."""
    await bot.add_cog(cog)
    group = bg_group(bot)
    for command in cog.get_app_commands():
        bot.tree.remove_command(command.name)
        group.add_command(command)
    in_order(group)


def remove_from_bg(bot: commands.bot.BotBase, cog: commands.Cog) -> None:
    """On unload: take the cog's subcommands out of /bg (discord.py only removes top-level ones)."""
    group = bot.tree.get_command(BG)
    if not isinstance(group, app_commands.Group):
        return
    for command in list(group.commands):
        if getattr(command, "binding", None) is cog:
            group.remove_command(command.name)


@runtime_checkable
class ComputerSide(Protocol):
    """What the other cogs ask of the Computer cog (cogs/computer.py)."""

    def after(self, update: MatchUpdate) -> None: ...

    def is_me(self, user: discord.abc.User) -> bool: ...

    async def rematch(self, interaction: discord.Interaction[Any], match_id: int) -> bool: ...

    async def start(
        self,
        interaction: discord.Interaction[Any],
        level: str,
        options: MatchOptions,
        thread: bool,
        clock: ClockPreset | None = None,
        seed: str | None = None,
        tutor: Threshold | None = None,
    ) -> None: ...
