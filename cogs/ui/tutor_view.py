"""The tutor's private note with its Undo and Keep buttons: DynamicItems whose custom id says everything
(cogs.ui.custom_ids.TutorControl), so that they keep working after a restart. A press goes to the Tutor cog,
found by name (views keep no references)."""

from __future__ import annotations

import re
from typing import Any, Protocol, runtime_checkable

import discord
from discord.ext import commands

from bot.i18n import N_, translate
from bot.records.advice import with_advice
from bot.records.move_list import move_list
from bot.service import GameService, MatchRecord, PlayerRef
from bot.service.tutor import HeldError
from bot.service.tutor import Tutor as TutorService
from bot.tutor.advice import Note, Threshold
from cogs.ui.custom_ids import TUTOR_TEMPLATE, TutorAction, TutorControl
from cogs.ui.errors import reply_privately, report_error
from cogs.ui.languages import member_language
from cogs.ui.names import TUTOR_COG
from cogs.ui.tutor_text import note_text

_LABELS = {TutorAction.UNDO: N_("Undo"), TutorAction.KEEP: N_("Keep")}
_STYLES = {TutorAction.UNDO: discord.ButtonStyle.primary, TutorAction.KEEP: discord.ButtonStyle.secondary}


@runtime_checkable
class TutorControlHandler(Protocol):
    """The Tutor cog (cogs/tutor.py)."""

    async def on_tutor_control(self, interaction: discord.Interaction[Any], control: TutorControl) -> None: ...


class TutorButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TUTOR_TEMPLATE):
    def __init__(self, control: TutorControl, label: str) -> None:
        style = _STYLES[control.action]
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=control.custom_id))
        self.control = control

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TutorButton:
        return cls(TutorControl.from_match(match), getattr(item, "label", None) or "?")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        client = interaction.client
        cog = client.get_cog(TUTOR_COG) if isinstance(client, commands.bot.BotBase) else None
        try:
            if not isinstance(cog, TutorControlHandler):
                said = N_("The bot is still starting; try again in a moment.")
                await reply_privately(interaction, translate(member_language(interaction), said))
                return
            await cog.on_tutor_control(interaction, self.control)
        except Exception as error:
            await report_error(interaction, error)


def note_view(note: Note, language: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in (TutorAction.UNDO, TutorAction.KEEP):
        control = TutorControl(note.match_id, note.version, note.id, action)
        view.add_item(TutorButton(control, translate(language, _LABELS[action])))
    return view


async def show_note(interaction: discord.Interaction[Any], held: HeldError) -> None:
    """Answer the press (or /bg move) that the tutor held: its note, to the player alone, with Undo and Keep.
    The note is stored already (bot.service.tutor)."""
    language = member_language(interaction)
    text = note_text(held.note.judgement, language)
    await reply_privately(interaction, text, view=note_view(held.note, language))


async def tutor_default(tutor: TutorService, player: PlayerRef, chosen: str | None) -> Threshold:
    """`/bg settings tutor:`: the member's default for new matches against the computer, changed when chosen."""
    if chosen is None:
        return await tutor.default(player.user_id)
    return await tutor.set_default(player, Threshold(chosen))


async def moves_with_advice(service: GameService, record: MatchRecord, language: str) -> str:
    """The Moves button's list: the match's moves, then the tutor's advice in it (bot.records.advice)."""
    moves = move_list(record.match.log, language)
    whole = with_advice(moves, await service.tutor.notes(record.id), language)
    return whole or translate(language, N_("No moves yet."))
