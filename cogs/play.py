"""`/bg` (the group, a GroupCog) and playing a match: `/bg move`, `resign`, `board`, `matches`, `help`, `settings`,
and every button and menu of a game message. Thin adapters to the game service.

Every handler acknowledges the interaction before it touches the database or draws (Discord's 3 seconds),
turns the interaction into one service call, and shows the result through the GamePublisher, which this cog holds
handed to it at start-up (cogs.front_end). Refusals come back from the service as ServiceError and are answered
privately by cogs.ui.errors. Other cogs add their own /bg subcommands (cogs.ui.wiring.add_bg_cog)."""

from __future__ import annotations

import io
import itertools
import logging
import time
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import actions
from bot.engine.game import Phase
from bot.engine.position import WinKind
from bot.i18n import N_, translate
from bot.service import MatchRecord, MatchUpdate, StaleStateError
from bot.service import commands as cmd
from bot.service.tutor import HeldError
from cogs.ui.control_commands import command_for, stores_action
from cogs.ui.controls import NOTE_PREFIX
from cogs.ui.custom_ids import GameAction, GameControl
from cogs.ui.errors import UserFacingError, reply_privately
from cogs.ui.game_messages import compose, current_link, match_line, refusal, timed_out_text
from cogs.ui.help_text import Topic, help_embed
from cogs.ui.languages import member_language
from cogs.ui.live_board import launch
from cogs.ui.names import PLAY_COG
from cogs.ui.options import TutorName, player_ref
from cogs.ui.press_answer import PressAnswer, pressed_board
from cogs.ui.publisher import GamePublisher
from cogs.ui.rematch_presses import RematchPresses
from cogs.ui.resign_menu import RESIGN_KINDS, inline_list, may_resign, offered_text, resign_question, resign_rows
from cogs.ui.settings_text import describe as describe_settings
from cogs.ui.tutor_text import tutor_setting
from cogs.ui.tutor_view import moves_with_advice, show_note, tutor_default
from cogs.ui.views import GameButton, PlaySelect, game_view
from cogs.ui.wiring import ComputerSide

if TYPE_CHECKING:
    from bot.app import GammonBot
    from bot.service import GameService

log = logging.getLogger(__name__)

MAX_CHOICES = 25
#: How long a used control is remembered for a second press.
JUST_USED_SECONDS = 60.0


def no_match_here() -> UserFacingError:
    return UserFacingError(N_("There is no match in this channel. Start one with `/bg challenge`."))


def forget_older(used: dict[tuple[str, int], float], oldest: float) -> None:
    """Drop the entries used before `oldest` from `used`, whose entries are in the order of use: only the
    expired ones at its front are visited, so that a busy bot does not walk every recent click on each click."""
    for key, _used_at in list(itertools.takewhile(lambda item: item[1] < oldest, used.items())):
        del used[key]


class Play(
    commands.GroupCog,
    name=PLAY_COG,
    group_name="bg",
    group_description="Play backgammon: challenges, moves, the cube and resignations.",
):
    """The /bg group, the commands of a match being played, and the handler of every game button."""

    def __init__(self, bot: GammonBot, publisher: GamePublisher, computer: ComputerSide | None = None) -> None:
        self.bot = bot
        self.publisher = publisher
        self.computer = computer
        self.rematches = RematchPresses(bot, publisher)
        #: (control, member) of controls just used, with when: a second press is ignored silently.
        self.just_used: dict[tuple[str, int], float] = {}
        super().__init__()

    @property
    def service(self) -> GameService:
        return self.bot.service

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(GameButton, PlaySelect)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(GameButton, PlaySelect)

    def after(self, update: MatchUpdate) -> None:
        """Let the computer act when the published update leaves the match waiting for it."""
        if self.computer is not None:
            self.computer.after(update)

    # --- commands ---------------------------------------------------------------------------------------------

    @app_commands.command(name="move")
    @app_commands.guild_only()
    @app_commands.describe(play="Your play in standard notation, e.g. 24/18 13/11, bar/22, 6/off or 8/5(2).")
    async def move(self, interaction: discord.Interaction[Any], play: str) -> None:
        """Type your whole play; the autocomplete lists the legal ones."""
        answer = PressAnswer(interaction, private=True)  # answered once the play is stored
        record = await self.match_here(interaction)
        waiting = record.to_act
        if waiting is not None and waiting.user_id == interaction.user.id and record.match.phase is Phase.ROLLING:
            link = current_link(record)
            if link:
                raise UserFacingError(N_("Roll first: press **Roll** (or **Double**) on your board: {link}"), link=link)
            raise UserFacingError(N_("Roll first: press **Roll** (or **Double**) on your board."))
        with self.publisher.acting(record.id):
            try:
                update = await self.service.act(record.id, interaction.user.id, cmd.PlayText(play))
            except HeldError as held:  # nothing stored: the tutor's note, privately, with Undo and Keep
                await show_note(interaction, held)
                return
            with answer.once_stored():
                await self.publisher.publish(update, before=record.match, actor=interaction.user.id)
        self.after(update)
        language = member_language(interaction)
        played = translate(language, N_("Played {play}."), play=play.strip())
        await answer.reply(timed_out_text(update, interaction.user.id, language) or played)

    @move.autocomplete("play")
    async def move_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        record = await self.service.match_in_channel(interaction.channel_id or 0)
        if record is None:
            return []
        match = record.match
        to_act = match.to_act
        if to_act is None or record.players[to_act].user_id != interaction.user.id or match.phase is not Phase.MOVING:
            return []
        wanted = " ".join(current.lower().split())
        plays = [str(play) for play in match.legal_plays()]
        matching = [text for text in plays if text.startswith(wanted)] + [
            text for text in plays if wanted in text and not text.startswith(wanted)
        ]
        return [app_commands.Choice(name=text, value=text) for text in matching[:MAX_CHOICES]]

    @app_commands.command(name="resign")
    @app_commands.guild_only()
    @app_commands.describe(kind="What you offer to lose: a single game, a gammon or a backgammon, times the cube.")
    async def resign(
        self, interaction: discord.Interaction[Any], kind: Literal["single", "gammon", "backgammon"] = "single"
    ) -> None:
        """Offer to resign the current game; your opponent accepts or declines.

        A resignation as R7.4 describes it."""
        answer = PressAnswer(interaction, private=True)  # answered once the offer is stored
        record = await self.match_here(interaction)
        with self.publisher.acting(record.id):
            update = await self.service.act(record.id, interaction.user.id, cmd.Resign(WinKind[kind.upper()]))
            with answer.once_stored():
                await self.publisher.publish(update, actor=interaction.user.id)
        self.after(update)
        language = member_language(interaction)
        offered = translate(language, N_("Your offer is on the board."))
        await answer.reply(timed_out_text(update, interaction.user.id, language) or offered)

    @app_commands.command(name="board")
    @app_commands.guild_only()
    @app_commands.describe(public="Show it to everyone in the channel (default: only to you).")
    async def board(self, interaction: discord.Interaction[Any], public: bool = False) -> None:
        """Show the current board of this channel's match again."""
        # Deferred privately even when public: the first followup takes the deferral's visibility, and an
        # error ("no match in this channel") must stay private. A public board is then a second message.
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await self.match_here(interaction)
        viewer = None if public else record.player_index(interaction.user.id)  # a player sees it from their side
        # public: in the server's language; for oneself: in the member's
        language = await self.publisher.language(record) if public else member_language(interaction)
        message = await compose(record, (), viewer=viewer, now=self.service.now(), language=language)
        link = self.publisher.current_link(record)
        text = message.content  # no events: the status line and whose turn it is
        if public or viewer is None:  # not for the player's eyes only: nothing addressed to them
            text = "\n".join(line for line in text.splitlines() if not line.startswith(("<@", NOTE_PREFIX)))
        if link:
            label = N_("Board: {link}") if public or viewer is None else N_("Controls: {link}")
            text = "\n".join(line for line in (text, translate(language, label, link=link)) if line)
        if public:
            said = translate(member_language(interaction), N_("The board is shown to everyone below."))
            await interaction.edit_original_response(content=said)
        await interaction.followup.send(
            text or translate(language, N_("The board.")),
            file=message.file(),
            ephemeral=not public,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name="matches")
    async def matches(self, interaction: discord.Interaction[Any]) -> None:
        """List your active matches with links to their boards."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        records = await self.service.active_matches(interaction.user.id)
        language = member_language(interaction)
        if not records:
            none = translate(language, N_("You have no active matches. Start one with `/bg challenge`."))
            await interaction.followup.send(none, ephemeral=True)
            return
        lines = [match_line(record, interaction.user.id, language) for record in records[:20]]
        await interaction.followup.send("\n".join(lines), ephemeral=True)

    @app_commands.command(name="help")
    @app_commands.describe(topic="What to explain (default: the quick start).")
    async def help(self, interaction: discord.Interaction[Any], topic: Topic = "start") -> None:
        """How to play: a quick start, and more on each topic."""
        await interaction.response.send_message(embed=help_embed(topic, member_language(interaction)), ephemeral=True)

    @app_commands.command(name="settings")
    @app_commands.describe(
        auto_done="End your turn as soon as your last checker is moved, without pressing Done.",
        tutor="Against the computer: stop your plays that lose this much, with advice.",
    )
    async def settings(
        self, interaction: discord.Interaction[Any], auto_done: bool | None = None, tutor: TutorName | None = None
    ) -> None:
        """Your own settings for every match; leave the options empty to see them."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        if auto_done is None:
            prefs = await self.service.settings.player_prefs(interaction.user.id)
        else:
            prefs = await self.service.settings.set_player_prefs(player_ref(interaction.user), auto_done=auto_done)
        threshold = await tutor_default(self.service.tutor, player_ref(interaction.user), tutor)
        language = member_language(interaction)
        said = describe_settings(prefs, auto_done is not None or tutor is not None, language)
        await interaction.followup.send(f"{said}\n{tutor_setting(threshold, language)}", ephemeral=True)

    async def match_here(self, interaction: discord.Interaction[Any]) -> MatchRecord:
        """This channel's match, its board shown first if it was not, so that the answer can link to it."""
        record = await self.service.match_in_channel(interaction.channel_id or 0)
        if record is None:
            raise no_match_here()
        return await self.with_controls(record)

    # --- buttons ---------------------------------------------------------------------------------------------

    async def on_game_control(self, interaction: discord.Interaction[Any], control: GameControl) -> None:
        action = control.action
        if stores_action(control):
            await self.act_on_press(interaction, control)
        elif action in (GameAction.PICK, GameAction.BACK):
            await self.show_menu(interaction, control)
        elif isinstance(action, GameAction) and action in RESIGN_KINDS:
            await self.resign_by_button(interaction, control, RESIGN_KINDS[action])
        elif action is GameAction.REMATCH:  # answered once the rematch (or the request) is stored
            computer = self.computer
            if computer is None or not await computer.rematch(interaction, control.match_id):
                await self.rematches.press(interaction, control.match_id)
        elif action is GameAction.LIVE:
            await launch(interaction)
        elif action in (actions.Resign, GameAction.MOVES):
            await interaction.response.defer()
            await self.ask_privately(interaction, control)

    async def act_on_press(self, interaction: discord.Interaction[Any], control: GameControl) -> None:
        """Store the press's action, then answer the press with the new board (cogs.ui.press_answer). A refusal
        (not their turn ...) is answered privately by the error handler; a press on an older board says so."""
        answer = PressAnswer(interaction)
        with self.publisher.acting(control.match_id):
            try:
                update = await self.service.act(
                    control.match_id,
                    interaction.user.id,
                    command_for(control),
                    version=control.version,
                    answered_on=pressed_board(interaction),
                )
            except StaleStateError:
                stale = True
            except HeldError as held:  # nothing stored: the tutor's note, privately, with Undo and Keep
                await show_note(interaction, held)
                return
            else:
                stale = False
                self.remember_use(control.custom_id, interaction.user.id)
                with answer.once_stored():
                    await self.publisher.publish(update, answer, update.before)
                await answer.acknowledge()  # shown on another message (a new board): the press still needs its answer
        if not stale:
            self.after(update)
            return
        await interaction.response.defer()
        used_at = self.just_used.pop((control.custom_id, interaction.user.id), None)
        if used_at is not None and time.monotonic() - used_at < JUST_USED_SECONDS:
            return  # a second press on a control this member has just used: nothing to say
        await self.out_of_date(interaction, control.match_id)

    async def ask_privately(self, interaction: discord.Interaction[Any], control: GameControl) -> None:
        """Moves: the match's move list, to anyone. Resign: a player's private choice of what to resign (R7.4),
        refused privately to others and when resigning is not open now."""
        record = await self.service.match(control.match_id)
        language = member_language(interaction)  # a private answer: the member's language
        if control.action is GameAction.MOVES:
            whole = await moves_with_advice(self.service, record, language)
            text, as_file = inline_list(whole, language)
            files = [discord.File(io.BytesIO(whole.encode()), filename=f"match-{record.id}-moves.txt")]
            await interaction.followup.send(text, files=files if as_file else [], ephemeral=True)
            return
        player = record.player_index(interaction.user.id)
        if player is None or not may_resign(record.match, player):
            why = (
                refusal(record, interaction.user.id, language)
                if player is None
                else N_("You cannot offer to resign now.")
            )
            await reply_privately(interaction, translate(language, why))
            return
        if record.version != control.version:
            await self.out_of_date(interaction, record.id)
            return
        question = resign_question(record.match, player, language)
        rows = resign_rows(record.id, record.version, record.match, language)
        await interaction.followup.send(question, view=game_view(rows), ephemeral=True)

    async def resign_by_button(
        self, interaction: discord.Interaction[Any], control: GameControl, kind: WinKind
    ) -> None:
        """The private choice made: the offer goes on the board like `/bg resign`'s, and once it is stored the
        choice's own answer says it was made."""
        answer = PressAnswer(interaction)
        with self.publisher.acting(control.match_id):
            try:
                command = cmd.Resign(kind)
                update = await self.service.act(control.match_id, interaction.user.id, command, version=control.version)
            except StaleStateError:
                await interaction.response.defer()
                await self.out_of_date(interaction, control.match_id)
                return
            with answer.once_stored():
                await self.publisher.publish(update)
        self.after(update)
        language = member_language(interaction)
        done = timed_out_text(update, interaction.user.id, language) or offered_text(kind, language)
        await answer.edit(content=done, view=None)

    def remember_use(self, custom_id: str, user_id: int) -> None:
        """Remember a control this member just used, so that a quick second press on it is ignored silently."""
        forget_older(self.just_used, time.monotonic() - JUST_USED_SECONDS)
        key = (custom_id, user_id)
        self.just_used.pop(key, None)  # re-inserted last: the dict stays in the order of use
        self.just_used[key] = time.monotonic()

    async def show_menu(self, interaction: discord.Interaction[Any], control: GameControl) -> None:
        """A checker was chosen (or Back pressed): show its dice in the press's own response; nothing changes in
        the game. A press on an older board says so."""
        record = await self.service.match(control.match_id)
        if record.version != control.version:
            await interaction.response.defer()
            await self.out_of_date(interaction, record.id)
            return
        to_act = record.to_act
        if to_act is None or to_act.user_id != interaction.user.id:
            raise UserFacingError(refusal(record, interaction.user.id, member_language(interaction)))
        picked = control.start if control.action is GameAction.PICK else None
        language = await self.publisher.language(record)  # the public board's menu: the server's language
        message = await compose(record, (), picked=picked, now=self.service.now(), language=language)
        await interaction.response.edit_message(view=message.view())

    async def out_of_date(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        """A press on an old board: make sure the current board carries the controls (it may not, after a crash
        or a refused post), delete the pressed one (a match keeps no board but the current one and each
        game's final board, and a stale board is neither), and link to the current one."""
        record = await self.with_controls(await self.service.match(match_id))
        clicked = interaction.message
        if clicked is not None and clicked.id == record.message_id:
            said = N_("This board was out of date; it now shows the current position.")
            await reply_privately(interaction, translate(member_language(interaction), said))
            return
        if clicked is not None and clicked.components:
            try:
                await interaction.delete_original_response()
            except discord.HTTPException:
                log.info("Could not delete an old board of match %s", match_id)
        link = current_link(record)
        said = (
            N_("This board is out of date. The current board is here: {link}")
            if link
            else N_("This board is out of date.")
        )
        await reply_privately(interaction, translate(member_language(interaction), said, link=link))

    async def with_controls(self, record: MatchRecord) -> MatchRecord:
        """The match, with its current board shown first if it was not: whoever must act gets
        working controls. If Discord refuses, the board is queued to be shown later."""
        if self.publisher.showed(record) or self.publisher.busy(record.id):  # shown, or being shown right now
            return record
        try:
            return await self.publisher.show_again(record.id)
        except discord.HTTPException:
            log.warning("Could not show match %s again", record.id, exc_info=True)
            self.publisher.repairs.add(record.id)
            return record
