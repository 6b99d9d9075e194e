"""The message a command's public response created. Discord returns it with the response (discord.py asks for it
with every response), so knowing its id takes no second call; only an answer without it asks Discord again."""

from __future__ import annotations

from typing import Any

import discord


async def response_message(
    interaction: discord.Interaction[Any], answered: discord.InteractionCallbackResponse[Any] | None
) -> discord.InteractionMessage:
    """The message `answered` (the command's public response) created."""
    if answered is not None and isinstance(answered.resource, discord.InteractionMessage):
        return answered.resource
    return await interaction.original_response()
