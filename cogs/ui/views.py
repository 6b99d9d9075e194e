"""Buttons and the select menu of whole plays that survive restarts: DynamicItems whose custom_id says
everything (cogs.ui.custom_ids); a chosen option's value is the play itself.

`from_custom_id` only parses (it runs before the 3-second acknowledgement, so no database work there); the
callback hands the parsed control to the Play or Challenges cog (found by name, so views keep no references), which
acknowledges first.
Errors inside a callback are answered like command errors (cogs.ui.errors), since discord.py would only log them.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

import discord
from discord.ext import commands

from bot.i18n import N_, translate
from cogs.ui.custom_ids import (
    CHALLENGE_TEMPLATE,
    GAME_TEMPLATE,
    PLAY_SELECT_TEMPLATE,
    ChallengeControl,
    GameControl,
    PlaySelectControl,
)
from cogs.ui.errors import UserFacingError, report_error
from cogs.ui.languages import member_language
from cogs.ui.move_menu import ButtonSpec, SelectSpec
from cogs.ui.names import CHALLENGES_COG, PLAY_COG


@runtime_checkable
class GameControlHandler(Protocol):
    """The Play cog (cogs/play.py)."""

    async def on_game_control(self, interaction: discord.Interaction[Any], control: GameControl) -> None: ...


@runtime_checkable
class ChallengeControlHandler(Protocol):
    """The Challenges cog (cogs/challenges.py)."""

    async def on_challenge_control(self, interaction: discord.Interaction[Any], control: ChallengeControl) -> None: ...


def _cog(interaction: discord.Interaction[Any], name: str) -> object:
    client = interaction.client
    return client.get_cog(name) if isinstance(client, commands.bot.BotBase) else None  # auto-sharded too


def _game_handler(interaction: discord.Interaction[Any]) -> GameControlHandler | None:
    cog = _cog(interaction, PLAY_COG)
    return cog if isinstance(cog, GameControlHandler) else None


def _challenge_handler(interaction: discord.Interaction[Any]) -> ChallengeControlHandler | None:
    cog = _cog(interaction, CHALLENGES_COG)
    return cog if isinstance(cog, ChallengeControlHandler) else None


async def _not_ready(interaction: discord.Interaction[Any]) -> None:
    said = translate(member_language(interaction), N_("The bot is still starting; try again in a moment."))
    await interaction.response.send_message(said, ephemeral=True)


Handler = TypeVar("Handler")


async def _hand_over(
    interaction: discord.Interaction[Any], handler: Handler | None, press: Callable[[Handler], Awaitable[None]]
) -> None:
    """Give the press to the cog that handles it (not loaded yet: say so); any error is answered privately."""
    if handler is None:
        await _not_ready(interaction)
        return
    try:
        await press(handler)
    except Exception as error:
        await report_error(interaction, error)


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=GAME_TEMPLATE):
    def __init__(self, spec: ButtonSpec, *, row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(label=spec.label, style=spec.style, custom_id=spec.control.custom_id), row=row
        )
        self.control = spec.control

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GameButton:
        label = getattr(item, "label", None) or "?"
        style = getattr(item, "style", discord.ButtonStyle.secondary)
        return cls(ButtonSpec(label, GameControl.from_match(match), style))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _hand_over(
            interaction, _game_handler(interaction), lambda h: h.on_game_control(interaction, self.control)
        )


class ChallengeButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=CHALLENGE_TEMPLATE):
    def __init__(
        self, control: ChallengeControl, label: str, style: discord.ButtonStyle, *, disabled: bool = False
    ) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=control.custom_id, disabled=disabled))
        self.control = control

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChallengeButton:
        label = getattr(item, "label", None) or "?"
        style = getattr(item, "style", discord.ButtonStyle.secondary)
        return cls(ChallengeControl.from_match(match), label, style)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        handler = _challenge_handler(interaction)
        await _hand_over(interaction, handler, lambda h: h.on_challenge_control(interaction, self.control))


class PlaySelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=PLAY_SELECT_TEMPLATE):
    """The select menu of a turn's whole plays: the chosen play goes to the game cog as a PLAY control."""

    def __init__(self, spec: SelectSpec, *, row: int | None = None) -> None:
        options = [discord.SelectOption(label=label, value=value) for label, value in spec.options]
        super().__init__(
            discord.ui.Select(custom_id=spec.control.custom_id, placeholder=spec.placeholder, options=options),
            row=row,
        )
        self.control = spec.control

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PlaySelect:
        shown = getattr(item, "options", None) or []
        options = tuple((option.label, option.value) for option in shown) or (("?", "?"),)
        placeholder = getattr(item, "placeholder", None) or ""
        return cls(SelectSpec(PlaySelectControl.from_match(match), options, placeholder))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _hand_over(
            interaction, _game_handler(interaction), lambda h: h.on_game_control(interaction, self.chosen())
        )

    def chosen(self) -> GameControl:
        """The PLAY control of the one play chosen; a refusal a player can read otherwise."""
        values = self.item.values
        if len(values) != 1:
            raise UserFacingError(N_("Choose one play from the list."))
        try:
            return self.control.chosen(values[0])
        except ValueError:
            raise UserFacingError(N_("That is not a play from the list.")) from None


def game_view(rows: Sequence[Sequence[ButtonSpec] | SelectSpec]) -> discord.ui.View:
    """A view laid out exactly as the rows say (row i of the data is Discord's row i): buttons, or a select
    menu alone in its row."""
    view = discord.ui.View(timeout=None)
    for index, row in enumerate(rows):
        if isinstance(row, SelectSpec):
            view.add_item(PlaySelect(row, row=index))
            continue
        for spec in row:
            view.add_item(GameButton(spec, row=index))
    return view
