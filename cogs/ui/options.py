"""The options of a new match, declared once: their types, ranges, descriptions and the rule that ties them.

`/bg challenge`, `/bg computer` and `/tournament create` take them. discord.py reads a command's options from its
callback's signature, so each command lists the parameters it takes, typed with the aliases below and described
with `describe_match_options`; `match_options` turns them into the engine's MatchOptions with one refusal (R8.3).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, TypeVar

import discord
from discord import app_commands

from bot.engine.dice import MAX_PLAYER_SEED
from bot.engine.options import MatchOptions
from bot.i18n import N_
from bot.service import PlayerRef
from bot.service.clocks import ClockPreset
from cogs.ui.errors import UserFacingError

T = TypeVar("T")

#: Match length in points.
Length = app_commands.Range[int, 1, 25]
#: A match clock preset by name.
ClockName = Literal["none", "relaxed", "standard", "blitz"]
#: A player's own seed for the dice.
Seed = app_commands.Range[str, 1, MAX_PLAYER_SEED]
#: The computer's levels, weakest first (bot.computer.levels).
LevelName = Literal["beginner", "casual", "intermediate", "advanced", "expert", "world-class"]
#: From which loss the tutor stops a decision against the computer (bot.tutor.advice.Threshold).
TutorName = Literal["off", "doubtful", "error", "blunder"]

#: What Discord shows under each option.
DESCRIPTIONS: dict[str, str] = {
    "length": "How many points win the match, 1 to 25 (default 5).",
    "money": "Play a money game, one game for points, instead of a match.",
    "jacoby": "Money game: gammons count only once a double was taken (default on).",  # R7.3
    "beavers": "Money game: a doubled player may redouble at once and keep the cube.",  # R6.4
    "automatic_doubles": "Money game: a tie on the opening roll doubles the cube.",  # R2.3
    "thread": "Play in a new thread, so this channel can host several matches (default: the server's choice).",
    "clock": "A match clock: relaxed, standard or blitz (default: the server's choice).",
    "seed": "Your own text to seed the dice (default: the command's id); see /bg fairness.",
}


def describe_match_options(*names: str, **own: str) -> Callable[[T], T]:
    """`app_commands.describe` for these match options (every one when none is named), and the command's own
    options (`own`, which may also word a match option differently)."""
    chosen = {name: DESCRIPTIONS[name] for name in names or DESCRIPTIONS}
    decorator: Callable[[T], T] = app_commands.describe(**(chosen | own))
    return decorator


def match_options(length: int, money: bool, jacoby: bool, beavers: bool, automatic_doubles: bool) -> MatchOptions:
    """The options chosen; beavers and automatic doubles only with a money game (R8.3)."""
    if not money and (beavers or automatic_doubles):
        raise UserFacingError(N_("Beavers and automatic doubles are for money games only: add `money: True`."))  # R8.3
    return (
        MatchOptions.money(jacoby=jacoby, beavers=beavers, automatic_doubles=automatic_doubles)
        if money
        else MatchOptions.match(length)
    )


def clock_preset(clock: ClockName | None) -> ClockPreset | None:
    """The clock chosen; None: the server's setting."""
    return None if clock is None else ClockPreset(clock)


def player_ref(user: discord.abc.User) -> PlayerRef:
    """The service's view of a Discord user: the id and the name shown in this server."""
    return PlayerRef(user.id, user.display_name)


def thread_choice(interaction: discord.Interaction[Any], thread: bool | None) -> bool | None:
    """The `in_thread` of a new challenge: as the challenger said; when they did not, the server's setting
    (None, threads unless an admin turned them off) in a text channel where the bot may open threads,
    and no thread elsewhere (a thread cannot be opened inside a thread, nor without Create Public Threads)."""
    in_text_channel = isinstance(interaction.channel, discord.TextChannel)
    if thread and not in_text_channel:
        raise UserFacingError(N_("A thread can only be opened from a text channel."))
    if thread is not None:
        return thread
    permissions = interaction.app_permissions
    may_open = permissions.create_public_threads and permissions.send_messages_in_threads
    return None if in_text_channel and may_open else False
