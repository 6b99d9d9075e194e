"""The `/bg` commands and the game and challenge buttons: thin adapters to the game service.

Every handler acknowledges the interaction before it touches the database or draws (Discord's 3 seconds),
turns the interaction into one service call, and shows the result through the GamePublisher. Refusals come
back from the service as ServiceError and are answered privately by cogs.errors.
"""

from __future__ import annotations

import itertools
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.computer import DEFAULT_LEVEL
from bot.engine.dice import MAX_PLAYER_SEED
from bot.engine.game import Phase
from bot.engine.options import MatchOptions
from bot.engine.position import WinKind
from bot.service import MatchRecord, MatchUpdate, StaleStateError
from bot.service.clocks import ClockPreset
from cogs.analysis import AnalysisDesk
from cogs.challenges import on_control as on_challenge_control
from cogs.challenges import player_ref, thread_choice
from cogs.challenges import post as post_challenge
from cogs.computer import ComputerSeat, LevelName, background, options_from
from cogs.custom_ids import ChallengeControl, GameAction, GameControl
from cogs.errors import UserFacingError, reply_privately
from cogs.event_text import escape_name
from cogs.export import export_match, match_choices
from cogs.fairness import fairness_command
from cogs.game_messages import GamePublisher, compose, current_link
from cogs.help_text import help_embed
from cogs.player_settings import settings_command
from cogs.rematch import on_rematch, timed_out_text
from cogs.views import HANDLER_COG, ChallengeButton, GameButton, PlaySelect

if TYPE_CHECKING:
    from bot.app import GammonBot
    from bot.service import GameService

log = logging.getLogger(__name__)

MAX_CHOICES = 25
#: How long a used control is remembered for a second press.
JUST_USED_SECONDS = 60.0

ServiceCall = Callable[..., Awaitable[MatchUpdate]]


def refusal(record: MatchRecord, user_id: int) -> str:
    """Why this user may not act on the board now, in their words."""
    if record.player_index(user_id) is None:
        return f"This game is between {escape_name(record.players[0].name)} and {escape_name(record.players[1].name)}."
    waiting = record.to_act
    return "The match is over." if waiting is None else f"It is {escape_name(waiting.name)}'s turn."


def no_match_here() -> UserFacingError:
    return UserFacingError("There is no match in this channel. Start one with `/bg challenge`.")


def forget_older(used: dict[tuple[str, int], float], oldest: float) -> None:
    """Drop the entries used before `oldest` from `used`, whose entries are in the order of use: only the
    expired ones at its front are visited, so that a busy bot does not walk every recent click on each click."""
    for key, _used_at in list(itertools.takewhile(lambda item: item[1] < oldest, used.items())):
        del used[key]


class Backgammon(
    commands.GroupCog,
    name=HANDLER_COG,
    group_name="bg",
    group_description="Play backgammon: challenges, moves, the cube, resignations",
):
    """Commands under /bg and the handlers of every game and challenge button."""

    def __init__(self, bot: GammonBot) -> None:
        self.bot = bot
        self.publisher = GamePublisher(bot)
        self.computer = ComputerSeat(bot, self.publisher)  # issue 16: the computer opponent
        self.analysis = AnalysisDesk(bot)  # issue 17: match analysis
        #: (control, member) of controls just used, with when: a second press is ignored silently.
        self.just_used: dict[tuple[str, int], float] = {}
        super().__init__()

    @property
    def service(self) -> GameService:
        return self.bot.service

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(GameButton, ChallengeButton, PlaySelect)
        self._computer_resume = background(self.computer.resume())
        self.analysis.load()

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(GameButton, ChallengeButton, PlaySelect)
        self.computer.close()
        self.analysis.unload()

    # --- commands ---------------------------------------------------------------------------------------------

    @app_commands.command(name="challenge")
    @app_commands.guild_only()
    @app_commands.describe(
        opponent="Who you challenge (leave empty for an open challenge anyone may accept)",
        length="Match length in points, 1-25 (default 5)",
        money="Play a money game (one game for points) instead of a match",
        jacoby="Money game: gammons count only after a double was taken (R7.3; default on)",
        beavers="Money game: a doubled player may redouble at once, keeping the cube (R6.4)",
        automatic_doubles="Money game: ties on the opening roll double the cube (R2.3)",
        thread="Play in a new thread, so this channel can host several matches (default: the server's setting)",
        clock="A match clock: relaxed, standard or blitz (delay + reserve per point; default: the server's setting)",
        seed="Your own seed for the dice, any text (default: the id Discord gives this command); see /bg fairness",
    )
    async def challenge(
        self,
        interaction: discord.Interaction[Any],
        opponent: discord.Member | None = None,
        length: app_commands.Range[int, 1, 25] = 5,
        money: bool = False,
        jacoby: bool = True,
        beavers: bool = False,
        automatic_doubles: bool = False,
        thread: bool | None = None,
        clock: Literal["none", "relaxed", "standard", "blitz"] | None = None,
        seed: app_commands.Range[str, 1, MAX_PLAYER_SEED] | None = None,
    ) -> None:
        """Challenge a member (or anyone) to a match or a money game."""
        if opponent is not None and self.computer.is_me(opponent):
            await self.computer.start(
                interaction,
                DEFAULT_LEVEL,
                options_from(length, money, jacoby, beavers, automatic_doubles),
                bool(thread),
                None if clock is None else ClockPreset(clock),
                seed,
            )
            return
        if opponent is not None:
            if opponent.id == interaction.user.id:
                raise UserFacingError("You cannot challenge yourself. Leave the opponent empty for an open challenge.")
            if opponent.bot:
                raise UserFacingError(f"{escape_name(opponent.display_name)} is a bot and cannot play.")
        if not money and (beavers or automatic_doubles):
            raise UserFacingError("Beavers and automatic doubles are for money games only (R8.3): add `money: True`.")
        options = (
            MatchOptions.money(jacoby=jacoby, beavers=beavers, automatic_doubles=automatic_doubles)
            if money
            else MatchOptions.match(length)
        )
        in_thread = thread_choice(interaction, thread)
        # Answered at once, privately, as every command that stores something: the challenge is posted once it is
        # stored, and a wait for the database (another process's write lock, up to 5 s) stays out of Discord's 3 s.
        await interaction.response.defer(ephemeral=True, thinking=True)
        challenge = await self.service.challenge(
            guild_id=interaction.guild_id or 0,
            channel_id=interaction.channel_id or 0,
            challenger=player_ref(interaction.user),
            opponent=None if opponent is None else player_ref(opponent),
            options=options,
            in_thread=in_thread,
            clock=None if clock is None else ClockPreset(clock),
            seed=str(interaction.id) if seed is None else seed,
        )
        await post_challenge(self.bot, interaction, challenge)

    @app_commands.command(name="computer")
    @app_commands.guild_only()
    @app_commands.describe(
        level="How strong the computer plays, weakest first (see /bg help); default intermediate",
        length="Match length in points, 1-25 (default 5)",
        money="Play a money game (one game for points) instead of a match",
        jacoby="Money game: gammons count only after a double was taken (R7.3; default on)",
        beavers="Money game: a doubled player may redouble at once, keeping the cube (R6.4)",
        automatic_doubles="Money game: ties on the opening roll double the cube (R2.3)",
        thread="Play in a new thread, so this channel can host several matches",
        clock="A match clock: relaxed, standard or blitz (delay + reserve per point; default: the server's setting)",
        seed="Your own seed for the dice, any text (default: the id Discord gives this command); see /bg fairness",
    )
    async def computer_match(
        self,
        interaction: discord.Interaction[Any],
        level: LevelName = "intermediate",
        length: app_commands.Range[int, 1, 25] = 5,
        money: bool = False,
        jacoby: bool = True,
        beavers: bool = False,
        automatic_doubles: bool = False,
        thread: bool = False,
        clock: Literal["none", "relaxed", "standard", "blitz"] | None = None,
        seed: app_commands.Range[str, 1, MAX_PLAYER_SEED] | None = None,
    ) -> None:
        """Play the computer at once: six levels from beginner to world-class."""
        options = options_from(length, money, jacoby, beavers, automatic_doubles)
        await self.computer.start(
            interaction, level, options, thread, None if clock is None else ClockPreset(clock), seed
        )

    @app_commands.command(name="move")
    @app_commands.guild_only()
    @app_commands.describe(play="Your play in standard notation, e.g. 24/18 13/11, bar/22, 6/off, 8/5(2)")
    async def move(self, interaction: discord.Interaction[Any], play: str) -> None:
        """Type your whole play (the autocomplete lists the legal ones)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await self.match_here(interaction)
        waiting = record.to_act
        if waiting is not None and waiting.user_id == interaction.user.id and record.match.phase is Phase.ROLLING:
            link = current_link(record)
            raise UserFacingError(
                "Roll first: press **Roll** (or **Double**) on your board" + (f": {link}" if link else ".")
            )
        with self.publisher.acting(record.id):
            update = await self.service.play_text(record.id, interaction.user.id, play)
            await self.publisher.publish(update, before=record.match)
        self.computer.after(update)
        done = timed_out_text(update, interaction.user.id) or f"Played {play.strip()}."
        await interaction.followup.send(done, ephemeral=True)

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
    @app_commands.describe(kind="What you offer to lose: a single game, a gammon or a backgammon (times the cube)")
    async def resign(
        self, interaction: discord.Interaction[Any], kind: Literal["single", "gammon", "backgammon"] = "single"
    ) -> None:
        """Offer to resign the current game (R7.4); your opponent accepts or declines."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await self.match_here(interaction)
        with self.publisher.acting(record.id):
            update = await self.service.resign(record.id, interaction.user.id, WinKind[kind.upper()])
            await self.publisher.publish(update)
        self.computer.after(update)
        done = timed_out_text(update, interaction.user.id) or "Your offer is on the board."
        await interaction.followup.send(done, ephemeral=True)

    @app_commands.command(name="board")
    @app_commands.guild_only()
    @app_commands.describe(public="Show it to everyone in the channel (default: only to you)")
    async def board(self, interaction: discord.Interaction[Any], public: bool = False) -> None:
        """Show the current board of this channel's match again."""
        # Deferred privately even when public: the first followup takes the deferral's visibility, and an
        # error ("no match in this channel") must stay private. A public board is then a second message.
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await self.match_here(interaction)
        viewer = None if public else record.player_index(interaction.user.id)  # a player sees it from their side
        message = await compose(record, (), viewer=viewer, now=self.service.now())
        link = self.publisher.current_link(record)
        text = message.content  # no events: the status line and whose turn it is
        if link:
            text = f"{text}\nControls: {link}" if text else f"Controls: {link}"
        if public:
            await interaction.edit_original_response(content="The board is shown to everyone below.")
        await interaction.followup.send(
            text or "The board.",
            file=message.file(),
            ephemeral=not public,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name="fairness")
    @app_commands.guild_only()
    @app_commands.describe(match="A match of this server by its number (default: this channel's running or latest)")
    async def fairness(self, interaction: discord.Interaction[Any], match: int | None = None) -> None:
        """How this match's dice are made and how to check them; the bot's seed once the match is over."""
        await fairness_command(self.service, interaction, match)

    @fairness.autocomplete("match")
    async def fairness_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        return await match_choices(self.service, interaction, current)

    @app_commands.command(name="matches")
    async def matches(self, interaction: discord.Interaction[Any]) -> None:
        """List your active matches with links to their boards."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        records = await self.service.active_matches(interaction.user.id)
        if not records:
            await interaction.followup.send(
                "You have no active matches. Start one with `/bg challenge`.", ephemeral=True
            )
            return
        lines = []
        for record in records[:20]:
            match = record.match
            mine = 0 if record.players[0].user_id == interaction.user.id else 1
            other = escape_name(record.players[1 - mine].name)
            kind = f"match to {match.options.length}" if match.options.length else "money game"
            turn = "your turn" if match.to_act == mine else f"{other}'s turn"
            score = f"{match.scores[mine]}-{match.scores[1 - mine]}"
            link = current_link(record) or f"<#{record.channel_id}>"
            lines.append(f"vs **{other}**, {kind}, {score}, {turn}: {link}")
        await interaction.followup.send("\n".join(lines), ephemeral=True)

    @app_commands.command(name="export")
    @app_commands.guild_only()
    @app_commands.describe(match="A match number (default: this channel's running or latest match)")
    async def export(self, interaction: discord.Interaction[Any], match: int | None = None) -> None:
        """Download a match as a .mat file for GNU Backgammon and other programs."""
        await export_match(self.service, interaction, match)

    @export.autocomplete("match")
    async def export_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        return await match_choices(self.service, interaction, current)

    @app_commands.command(name="analyze")
    @app_commands.guild_only()
    @app_commands.describe(match="A finished match's number (default: this channel's latest match)")
    async def analyze(self, interaction: discord.Interaction[Any], match: int | None = None) -> None:
        """Analyse a finished match: each player's PR, errors and luck, and the costliest decisions."""
        await self.analysis.analyze(interaction, match)

    @analyze.autocomplete("match")
    async def analyze_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        return await match_choices(self.service, interaction, current)

    @app_commands.command(name="help")
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        """How to play, and every command."""
        await interaction.response.send_message(embed=help_embed(), ephemeral=True)

    @app_commands.command(name="settings")
    @app_commands.describe(
        auto_done="Finish your turn as soon as your last checker is moved (no Done; no Undo after the last checker)"
    )
    async def settings(self, interaction: discord.Interaction[Any], auto_done: bool | None = None) -> None:
        """Your own settings for every match (leave the options empty to see them)."""
        await settings_command(self.service, interaction, auto_done)

    async def match_here(self, interaction: discord.Interaction[Any]) -> MatchRecord:
        """This channel's match, its board shown first if it was not, so that the answer can link to it."""
        record = await self.service.match_in_channel(interaction.channel_id or 0)
        if record is None:
            raise no_match_here()
        return await self.with_controls(record)

    # --- buttons ---------------------------------------------------------------------------------------------

    async def on_game_control(self, interaction: discord.Interaction[Any], control: GameControl) -> None:
        await interaction.response.defer()
        if control.action is GameAction.REMATCH:
            if not await self.computer.rematch(interaction, control.match_id):
                await on_rematch(self, interaction, control.match_id)
            return
        if control.action in (GameAction.PICK, GameAction.BACK):
            try:
                await self.show_menu(interaction, control)
            except StaleStateError as error:
                await self.out_of_date(interaction, error.match_id)
            return
        with self.publisher.acting(control.match_id):
            try:
                update = await self.apply(interaction, control)
            except StaleStateError:
                stale = True
            else:
                stale = False
                self.remember_use(control.custom_id, interaction.user.id)
                await self.publisher.publish(update, interaction, update.before)
        if not stale:
            self.computer.after(update)
        if stale:
            used_at = self.just_used.pop((control.custom_id, interaction.user.id), None)
            if used_at is not None and time.monotonic() - used_at < JUST_USED_SECONDS:
                return  # a second press on a control this member has just used: nothing to say (issue 15)
            await self.out_of_date(interaction, control.match_id)

    def remember_use(self, custom_id: str, user_id: int) -> None:
        """Remember a control this member just used, so that a quick second press on it is ignored silently."""
        forget_older(self.just_used, time.monotonic() - JUST_USED_SECONDS)
        key = (custom_id, user_id)
        self.just_used.pop(key, None)  # re-inserted last: the dict stays in the order of use
        self.just_used[key] = time.monotonic()

    async def apply(self, interaction: discord.Interaction[Any], control: GameControl) -> MatchUpdate:
        service, user_id, version = self.service, interaction.user.id, control.version
        if control.action is GameAction.STEP:
            assert control.start is not None and control.die is not None
            return await service.step(control.match_id, user_id, control.start, control.die, version=version)
        if control.action is GameAction.PLAY:  # a whole play (button or select), confirmed at once (R10.1)
            assert control.play is not None
            return await service.play_text(control.match_id, user_id, control.play, version=version)
        calls: dict[GameAction, ServiceCall] = {
            GameAction.ROLL: service.roll,
            GameAction.DOUBLE: service.double,
            GameAction.TAKE: service.take,
            GameAction.DROP: service.drop,
            GameAction.BEAVER: service.beaver,
            GameAction.ACCEPT_BEAVER: service.accept_beaver,
            GameAction.REFUSE_BEAVER: service.refuse_beaver,
            GameAction.UNDO: service.undo,
            GameAction.DONE: service.confirm,
            GameAction.ACCEPT_RESIGNATION: service.accept_resignation,
            GameAction.DECLINE_RESIGNATION: service.decline_resignation,
            GameAction.CLAIM: service.claim,
        }
        return await calls[control.action](control.match_id, user_id, version=version)

    async def show_menu(self, interaction: discord.Interaction[Any], control: GameControl) -> None:
        """A checker was chosen (or Back pressed): show its dice; nothing changes in the game."""
        record = await self.service.match(control.match_id)
        if record.version != control.version:
            raise StaleStateError("This board is out of date.", match_id=record.id, version=record.version)
        to_act = record.to_act
        if to_act is None or to_act.user_id != interaction.user.id:
            raise UserFacingError(refusal(record, interaction.user.id))
        picked = control.start if control.action is GameAction.PICK else None
        message = await compose(record, (), picked=picked, now=self.service.now())
        await interaction.edit_original_response(view=message.view())

    async def out_of_date(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        """A press on an old board: make sure the current board carries the controls (it may not, after a crash
        or a refused post), take the buttons off the pressed one, and link to the current one."""
        record = await self.with_controls(await self.service.match(match_id))
        clicked = interaction.message
        if clicked is not None and clicked.id == record.message_id:
            await reply_privately(interaction, "This board was out of date; it now shows the current position.")
            return
        if clicked is not None and clicked.components:
            try:
                await interaction.edit_original_response(view=None)
            except discord.HTTPException:
                log.info("Could not take the buttons off an old board of match %s", match_id)
        link = current_link(record)
        where = f" The current board is here: {link}" if link else ""
        await reply_privately(interaction, f"This board is out of date.{where}")

    async def with_controls(self, record: MatchRecord) -> MatchRecord:
        """The match, with its current board shown first if it was not (issue 15): whoever must act gets
        working controls. If Discord refuses, the board is queued to be shown later."""
        if record.shown or self.publisher.busy(record.id):  # shown, or being shown right now
            return record
        try:
            return await self.publisher.show_again(record.id)
        except discord.HTTPException:
            log.warning("Could not show match %s again", record.id, exc_info=True)
            self.publisher.repairs.add(record.id)
            return record

    async def on_challenge_control(self, interaction: discord.Interaction[Any], control: ChallengeControl) -> None:
        await on_challenge_control(self, interaction, control)


async def setup(bot: GammonBot) -> None:
    await bot.add_cog(Backgammon(bot))
