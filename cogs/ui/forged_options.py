"""Option values Discord's own client never sends: a string for a yes/no option, a number outside its
range, a user without its resolved data. discord.py hands such values to the command unchecked (a `bool` option
gets "yes", a user option a bare `discord.Object`), so the command would fail as a bug or act on them. The tree's
interaction check compares every option with the command's declared parameters first and refuses a mismatch
privately, like any other bad input; nothing runs.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import AppCommandOptionType as Kind
from discord import app_commands

#: Where a snowflake option's resolved object must be, by option type (MENTIONABLE: users or roles).
_RESOLVED: dict[Kind, tuple[str, ...]] = {
    Kind.user: ("users",),
    Kind.channel: ("channels",),
    Kind.role: ("roles",),
    Kind.mentionable: ("users", "roles"),
    Kind.attachment: ("attachments",),
}


class ForgedOption(app_commands.CheckFailure):
    """An option value the command cannot have been sent by Discord; `value` is what came, as text."""

    def __init__(self, name: str, value: object) -> None:
        super().__init__(f"forged value for {name}")
        self.name = name
        self.value = value if isinstance(value, str | int | float) else ""


def leaf_options(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The options of the subcommand that was run (inside its group and subcommand entries)."""
    options: list[dict[str, Any]] = data.get("options") or []
    while options and options[0].get("type") in (Kind.subcommand.value, Kind.subcommand_group.value):
        options = options[0].get("options") or []
    return options


def check_options(interaction: discord.Interaction[Any]) -> None:
    """Raise ForgedOption when an option of this slash command could not have come from Discord's client."""
    if interaction.type is not discord.InteractionType.application_command:
        return  # autocomplete's focused value is the raw text typed, whatever its option's type
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return
    data: dict[str, Any] = dict(interaction.data or {})
    parameters = {parameter.display_name: parameter for parameter in command.parameters}
    given = leaf_options(data)
    for option in given:
        parameter = parameters.get(str(option.get("name")))
        if parameter is None:
            raise ForgedOption(str(option.get("name")), "")
        if not _fits(parameter, option, data.get("resolved") or {}):
            raise ForgedOption(parameter.display_name, option.get("value"))
    names = {option.get("name") for option in given}
    for parameter in command.parameters:
        if parameter.required and parameter.display_name not in names:
            raise ForgedOption(parameter.display_name, "")


def _fits(parameter: app_commands.Parameter, option: dict[str, Any], resolved: dict[str, Any]) -> bool:
    """Whether the option has the parameter's type, one of its choices and, for a number, a value in its range. A
    string's length is left to the service, whose refusal says what is too long (a seed, a move)."""
    kind = parameter.type
    value: Any = option.get("value")
    if option.get("type") != kind.value:
        return False
    if kind in _RESOLVED:
        return isinstance(value, str | int) and any(str(value) in (resolved.get(key) or {}) for key in _RESOLVED[kind])
    if kind is Kind.boolean:
        return isinstance(value, bool)
    if not _is_a(kind, value):
        return False
    if parameter.choices and value not in [choice.value for choice in parameter.choices]:
        return False
    if kind is Kind.string:
        return True
    number, low, high = float(value), parameter.min_value, parameter.max_value
    return (low is None or number >= low) and (high is None or number <= high)


def _is_a(kind: Kind, value: Any) -> bool:
    """A string for a string option, a number for a number option (a bool is none, though Python counts it as an
    int)."""
    if kind is Kind.string:
        return isinstance(value, str)
    if isinstance(value, bool):
        return False
    return isinstance(value, int) if kind is Kind.integer else kind is Kind.number and isinstance(value, int | float)
