"""The Rematch button under a finished match (issue 20): when both players have pressed it within 10 minutes of
the end, one new match with the same options and clock starts in the same place. The service makes sure it
starts once, however the presses race; this module only says what happened."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import discord

from bot.engine.events import TimedOut
from bot.service import MatchUpdate
from bot.service.starts import REMATCH_SECONDS
from cogs.errors import reply_privately
from cogs.event_text import escape_name
from cogs.game_messages import current_link, mention, players_only

if TYPE_CHECKING:
    from cogs.bg import Backgammon


def timed_out_text(update: MatchUpdate, user_id: int) -> str | None:
    """When a request came after a match clock ran out, the timeout was stored instead (issue 20): what to tell
    the member who asked. None when the request itself was applied."""
    for event in update.events:
        if isinstance(event, TimedOut):
            loser = update.record.players[event.player]
            if loser.user_id == user_id:
                return "Too late: your time had run out, and the match is over."
            return f"{escape_name(loser.name)}'s time had run out: the match is over."
    return None


async def on_rematch(cog: Backgammon, interaction: discord.Interaction[Any], match_id: int) -> None:
    """A player pressed Rematch (the interaction is acknowledged already)."""
    old = await cog.service.match(match_id)
    result = await cog.service.rematch(match_id, interaction.user.id)
    if result.waiting_for is not None:
        asker = old.players[1 - (old.player_index(result.waiting_for.user_id) or 0)]
        until = int((old.finished_at or cog.service.now()) + REMATCH_SECONDS)
        channel = interaction.channel
        text = (
            f"{mention(result.waiting_for.user_id)}, {escape_name(asker.name)} wants a rematch: press **Rematch** "
            f"(until <t:{until}:R>) to start it."
        )
        if isinstance(channel, discord.abc.Messageable):
            await channel.send(text, allowed_mentions=players_only(old))
        await reply_privately(interaction, f"Asked {escape_name(result.waiting_for.name)} for a rematch.")
        return
    if result.existing is not None:
        link = current_link(result.existing) or f"<#{result.existing.channel_id}>"
        await reply_privately(interaction, f"The rematch has started already: {link}")
        return
    assert result.started is not None
    with cog.publisher.acting(result.started.record.id):  # stored, not yet shown: the board keeper leaves it alone
        if interaction.message is not None:
            with contextlib.suppress(discord.HTTPException):  # the old match's button has done its job
                await interaction.edit_original_response(view=None)
        await cog.publisher.publish(result.started)
