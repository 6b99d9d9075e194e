"""What a player sees of a message's components: its buttons and select menus, read from the action rows the
bot sent, as a Discord client lays them out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Button:
    """A button of a message as the player sees it."""

    label: str | None
    custom_id: str | None
    style: int
    disabled: bool
    emoji: str | None
    url: str | None


@dataclass(frozen=True)
class Select:
    """A select menu of a message: its custom_id and the (label, value) of each option."""

    custom_id: str
    options: tuple[tuple[str, str], ...]
    placeholder: str | None
    min_values: int
    max_values: int
    disabled: bool


def children_of(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Components inside the action rows, in reading order."""
    return [child for row in components for child in row.get("components") or []]


def buttons_of(components: list[dict[str, Any]]) -> list[Button]:
    return [
        Button(
            label=c.get("label"),
            custom_id=c.get("custom_id"),
            style=c.get("style", 1),
            disabled=bool(c.get("disabled")),
            emoji=(c.get("emoji") or {}).get("name"),
            url=c.get("url"),
        )
        for c in children_of(components)
        if c.get("type") == 2
    ]


def selects_of(components: list[dict[str, Any]]) -> list[Select]:
    return [
        Select(
            custom_id=c["custom_id"],
            options=tuple((o.get("label", ""), o.get("value", "")) for o in c.get("options") or []),
            placeholder=c.get("placeholder"),
            min_values=c.get("min_values", 1),
            max_values=c.get("max_values", 1),
            disabled=bool(c.get("disabled")),
        )
        for c in children_of(components)
        if c.get("type") in (3, 5, 6, 7, 8)
    ]
