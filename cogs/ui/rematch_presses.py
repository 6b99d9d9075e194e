"""The Rematch button under a finished match between two people: the first press is posted as a
request with the rematch's dice commitment, the other player's press after it starts the match."""

from __future__ import annotations

import contextlib
from functools import partial
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import N_, translate
from bot.service import MatchRecord, Rematch
from bot.service.rematches import REMATCH_SECONDS
from cogs.ui.commitment_posts import REMATCH_LABEL, CommitmentPost, rematch_request
from cogs.ui.errors import reply_privately
from cogs.ui.event_text import escape_name
from cogs.ui.game_messages import current_link, players_only
from cogs.ui.languages import member_language
from cogs.ui.press_answer import PressAnswer

if TYPE_CHECKING:
    from bot.app import GammonBot
    from bot.service import GameService
    from cogs.ui.publisher import GamePublisher


class RematchPresses:
    """Answers presses of Rematch for the Play cog, which owns the game buttons."""

    def __init__(self, bot: GammonBot, publisher: GamePublisher) -> None:
        self.bot = bot
        self.publisher = publisher

    @property
    def service(self) -> GameService:
        return self.bot.service

    async def press(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        """Rematch pressed under a finished match between two people: when both have pressed it within 10 minutes
        of the end, one new match with the same options and clock starts in the same place. The service makes sure
        it starts once, however the presses race. The first press is shown as a request with the dice's
        commitment, and only the other player's press after it counts. The press is answered once it is stored."""
        answer = PressAnswer(interaction)
        old = await self.service.match(match_id)
        result = await self.service.rematch(match_id, interaction.user.id, interaction.id)
        with answer.once_stored():
            await self._answer(answer, old, result)
        await answer.acknowledge()  # (answered already, unless nothing was said)

    async def _answer(self, answer: PressAnswer, old: MatchRecord, result: Rematch) -> None:
        """The stored press's answer: the request shown, the rematch started, or where it is."""
        interaction = answer.interaction
        if result.show:
            result = await self.show_request(old, result)
        language = member_language(interaction)
        if result.existing is not None:
            link = current_link(result.existing) or f"<#{result.existing.channel_id}>"
            said = translate(language, N_("The rematch has started already: {link}"), link=link)
            await reply_privately(interaction, said)
        elif result.started is not None:
            with self.publisher.acting(result.started.record.id):  # stored, not yet shown: the keeper leaves it
                if interaction.message is not None:
                    with contextlib.suppress(discord.HTTPException):  # the old match's button has done its job
                        await answer.edit(view=None)
                await self.publisher.publish(result.started)
        elif result.waiting_for is not None and result.asked_by is not None:
            if result.waiting_for.user_id == interaction.user.id:
                said = N_(
                    "{name} asked for a rematch at the same moment. If it does not start in a moment, press "
                    "**{button}** again: a press after their request, which shows the dice's commitment, starts it."
                )
                name, button = escape_name(result.asked_by.name), translate(language, REMATCH_LABEL)
                text = translate(language, said, name=name, button=button)
            else:
                said = N_("Asked {name} for a rematch.")
                text = translate(language, said, name=escape_name(result.waiting_for.name))
            await reply_privately(interaction, text)

    async def show_request(self, old: MatchRecord, result: Rematch) -> Rematch:
        """Post the request for a rematch with its dice's commitment, in the server's language, and tell the service
        its id (a seed of the rematch's dice); a second message showing the same request is taken back."""
        assert result.asked_by is not None and result.waiting_for is not None and result.commitment is not None
        until = int((old.finished_at or self.service.now()) + REMATCH_SECONDS)
        language = await self.publisher.language(old)
        text = partial(rematch_request, result.asked_by.name, result.waiting_for.user_id, until, language=language)
        channel = self.bot.get_partial_messageable(old.channel_id, guild_id=old.guild_id)
        post = CommitmentPost(channel, text, players_only(old))
        shown = await self.service.rematch_shown(old.id, await post(result.commitment))
        if shown.duplicate:
            await post.withdraw()
        return shown
