"""The live board's button on a running match's board, offered only when the Activity is configured
(DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET and the web pages): `configure` is called once as the cogs load."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import N_, translate
from cogs.ui.languages import member_language

#: The button's label, in the language of the board it sits on.
LIVE_BOARD = N_("Live board")
#: The answer to `/bg live` where the Activity is not set up.
NOT_SET_UP = N_("The live board is not set up on this bot.")

_on = False


def configure(on: bool) -> None:
    global _on
    _on = on


def offered() -> bool:
    """Whether boards carry the Live board button and `/bg live` opens the Activity."""
    return _on


async def launch(interaction: discord.Interaction[Any]) -> None:
    """Open the Activity for the member (Discord's launch-activity response: nothing is stored), or say privately
    that it is not set up."""
    if _on:
        await interaction.response.launch_activity()
        return
    await interaction.response.send_message(translate(member_language(interaction), NOT_SET_UP), ephemeral=True)
