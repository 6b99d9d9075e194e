"""`/bg settings`: a player's own settings, remembered for all their matches (issue 15).

auto_done: finish the turn as soon as the last checker of a play is moved, with no Done click. Undo is then
no longer possible after the last checker (the turn is over); before it, Undo works as usual.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.service import GameService, PlayerPrefs
from cogs.challenges import player_ref


def describe(prefs: PlayerPrefs, changed: bool) -> str:
    """The settings in words, with what they mean for the next turn."""
    if prefs.auto_done:
        state = (
            "**Auto-finish is on**: your turn ends as soon as your last checker is moved (no **Done**, and "
            "no **Undo** after the last checker)."
        )
    else:
        state = (
            "**Auto-finish is off**: after your last checker, press **Done** to end your turn (or **Undo**). "
            "Turn it on with `/bg settings auto_done: True`."
        )
    return f"Saved. {state}" if changed else state


async def settings_command(service: GameService, interaction: discord.Interaction[Any], auto_done: bool | None) -> None:
    """Show the caller's settings, or change the ones given (privately)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    if auto_done is None:
        prefs = await service.settings.player_prefs(interaction.user.id)
    else:
        prefs = await service.settings.set_player_prefs(player_ref(interaction.user), auto_done=auto_done)
    await interaction.followup.send(describe(prefs, auto_done is not None), ephemeral=True)
