"""Playing the computer from Discord: `/bg computer`, `/bg challenge opponent:<the bot>`, and the
computer's turns posted like a human's.

The Computer cog starts matches against the computer at once (no challenge), lets the computer act after every
published update that leaves the match waiting for it (the cogs it is handed to at start-up call `after`),
and at start-up resumes every computer turn that was pending when the bot stopped. The thinking runs in worker
processes (bot.computer.pool); the actions go through the game service as the bot's own user. When bgsage cannot
be imported here, every computer command answers privately that the computer is not available, and nothing else
changes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from functools import partial
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.computer import NOT_AVAILABLE
from bot.computer.pool import ComputerPool
from bot.computer.turns import ComputerTurns
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.i18n import N_
from bot.service import MatchUpdate, PlayerRef, ServiceError
from bot.service.clocks import ClockPreset
from bot.tutor.advice import Threshold
from cogs.ui.commitment_posts import CommitmentPost
from cogs.ui.computer_text import announcement, good_luck, plays_in_line, what_is_played
from cogs.ui.drawing_queue import in_background
from cogs.ui.errors import UserFacingError
from cogs.ui.event_text import escape_name
from cogs.ui.languages import guild_language, member_language, server_language
from cogs.ui.names import COMPUTER_COG
from cogs.ui.options import (
    ClockName,
    Length,
    LevelName,
    Seed,
    TutorName,
    clock_preset,
    describe_match_options,
    match_options,
    player_ref,
)
from cogs.ui.press_answer import PressAnswer
from cogs.ui.publisher import GamePublisher
from cogs.ui.response_message import response_message
from cogs.ui.unused_threads import delete_unused_thread
from cogs.ui.wiring import remove_from_bg

if TYPE_CHECKING:
    from bot.app import GammonBot

log = logging.getLogger(__name__)


class Computer(commands.Cog, name=COMPUTER_COG):
    """`/bg computer` (a /bg subcommand, cogs.ui.wiring) and the computer's side of every match against it."""

    def __init__(self, bot: GammonBot, publisher: GamePublisher) -> None:
        self.bot = bot
        self.publisher = publisher
        self._pool: ComputerPool | None = None
        self._turns: ComputerTurns | None = None
        self._resumed = False
        self._resuming: asyncio.Task[Any] | None = None
        if bot.sage_problem:
            log.warning("The computer opponent is off: bgsage cannot be imported (%s)", bot.sage_problem)

    async def cog_load(self) -> None:
        self._resuming = background(self.resume())

    async def cog_unload(self) -> None:
        remove_from_bg(self.bot, self)
        self.close()

    @app_commands.command(name="computer")
    @app_commands.guild_only()
    @describe_match_options(
        level="How strongly the computer plays, weakest first (default intermediate).",
        tutor="Stop your plays that lose this much, with advice (default: your /bg settings).",
        thread="Play in a new thread, so this channel can host several matches.",
    )
    async def computer_match(
        self,
        interaction: discord.Interaction[Any],
        level: LevelName = "intermediate",
        length: Length = 5,
        money: bool = False,
        jacoby: bool = True,
        beavers: bool = False,
        automatic_doubles: bool = False,
        thread: bool = False,
        clock: ClockName | None = None,
        seed: Seed | None = None,
        tutor: TutorName | None = None,
    ) -> None:
        """Play the computer at once: six levels from beginner to world-class."""
        options = match_options(length, money, jacoby, beavers, automatic_doubles)
        chosen = None if tutor is None else Threshold(tutor)
        await self.start(interaction, level, options, thread, clock_preset(clock), seed, chosen)

    # --- set-up ---------------------------------------------------------------------------------------------

    def turns(self) -> ComputerTurns | None:
        """The runner, made once the bot knows its own user id; None when the computer is not available."""
        if self.bot.sage_problem or self.bot.user is None:
            return None
        if self._turns is None:
            settings = self.bot.settings
            seconds = settings.computer_turn_seconds or None  # 0: no limit
            # its thinking never delays a click (when_idle)
            self._pool = ComputerPool(settings.computer_workers, when_idle=True, threads=settings.computer_threads)
            self.bot.service.tutor.use(self._pool.call)  # the tutor judges in the same warm workers
            # From its first decision until its board is up, the board keeper leaves the match alone: a board it
            # showed meanwhile would take the place of the computer's, without the line saying what it did.
            self._turns = ComputerTurns(
                self.bot.service,
                self._pool,
                self.bot.user.id,
                self.announce,
                turn_seconds=seconds,
                guard=self.publisher.acting,
            )
        return self._turns

    async def resume(self) -> None:
        """At start-up (once connected): take every computer turn that was pending when the bot stopped."""
        await self.bot.wait_until_ready()
        turns = self.turns()
        if turns is None or self._resumed:
            return
        self._resumed = True
        await turns.pool.warm_up()  # load bgsage in the workers now, not on the first computer turn
        log.info("Computer workers ready (process ids %s)", " ".join(map(str, turns.pool.worker_pids())))
        resumed = await turns.resume_all(self.bot.shard_set)  # its shards' guilds only
        if resumed:
            log.info("Resumed %d matches against the computer", len(resumed))

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()

    # --- the computer's turns -----------------------------------------------------------------------------------

    async def announce(self, update: MatchUpdate, before: Match) -> None:
        """The computer's turn as a human's is shown: the board, what it did, and the prompt for the human. Its
        boards are drawn after those that people's clicks wait for (cogs/ui/drawing_queue.py)."""
        with in_background():
            await self.publisher.publish(update, None, before)

    def after(self, update: MatchUpdate) -> None:
        """Called after every published update: let the computer act when the match now waits for it."""
        turns = self.turns()
        to_act = update.record.to_act
        if turns is None or to_act is None or to_act.user_id != turns.computer_id:
            return
        turns.schedule(update.record.id)

    def is_me(self, user: discord.abc.User) -> bool:
        return self.bot.user is not None and user.id == self.bot.user.id

    # --- starting a match ---------------------------------------------------------------------------------------

    async def start(
        self,
        interaction: discord.Interaction[Any],
        level: str,
        options: MatchOptions,
        thread: bool,
        clock: ClockPreset | None = None,
        seed: str | None = None,
        tutor: Threshold | None = None,
    ) -> None:
        """Start a match against the computer at once, in this channel or a new thread: first the announcement
        with the dice's commitment (its id is the computer's seed), then the board."""
        if self.bot.sage_problem:
            raise UserFacingError(NOT_AVAILABLE)
        computer = self.computer_ref(interaction)
        if thread and not isinstance(interaction.channel, discord.TextChannel):
            raise UserFacingError(N_("A thread can only be opened from a text channel."))
        human = player_ref(interaction.user)
        await self.bot.service.computer.check_room(human.user_id)  # a refusal then is the command's own answer
        language = await server_language(self.bot.service.settings, interaction.guild, interaction.guild_id)
        what = what_is_played(options, level, language)  # public: the server's language
        channel_id = interaction.channel_id or 0
        place: discord.Thread | None = None
        if thread:
            # In public, and saying nothing yet: the line that the match is played in the thread comes once it is
            # stored; a stop before that leaves the command failed as Discord shows it, never a match announced.
            answered = await interaction.response.defer(thinking=True)
            place = await self.open_thread(interaction, answered, f"{human.name} vs {computer.name}")
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        here = place.id if place else channel_id
        announce = self.announcement(interaction.guild_id, here, human.name, what, language)
        try:
            update = await self.bot.service.computer.start_match(
                guild_id=interaction.guild_id or 0,
                channel_id=here,
                human=human,
                computer=computer,
                options=options,
                level=level,
                announce=announce,
                parent_channel_id=channel_id if place else None,
                clock=clock,
                seed=str(interaction.id) if seed is None else seed,
                tutor=tutor,
            )
        except ServiceError:
            await announce.withdraw()
            if place is not None:
                await _withdraw(place, interaction, language)
            raise
        await self.publisher.publish(update, actor=interaction.user.id)  # here now: no mention while they play on
        self.after(update)
        if place is not None:
            await interaction.edit_original_response(content=plays_in_line(human.name, what, place.mention, language))
        else:
            private = member_language(interaction)
            await interaction.followup.send(good_luck(what_is_played(options, level, private), private), ephemeral=True)

    async def open_thread(
        self,
        interaction: discord.Interaction[Any],
        answered: discord.InteractionCallbackResponse[Any] | None,
        name: str,
    ) -> discord.Thread:
        """The match's thread, opened on the command's deferred public response; when Discord refuses it, the
        response goes too, so that the refusal reaches the member privately (a first follow-up would take the
        deferred response's place, in public)."""
        message = await response_message(interaction, answered)
        try:
            return await message.create_thread(name=name[:100], auto_archive_duration=1440)
        except discord.HTTPException:
            with contextlib.suppress(discord.HTTPException):
                await interaction.delete_original_response()
            raise

    def computer_ref(self, interaction: discord.Interaction[Any]) -> PlayerRef:
        """The computer's seat: the bot's own user, under its name in this server."""
        me = self.bot.user
        if me is None:
            raise UserFacingError(N_("The bot is still starting; try again in a moment."))
        guild_me = None if interaction.guild is None else interaction.guild.me
        return PlayerRef(me.id, getattr(guild_me, "display_name", me.display_name))

    def announcement(
        self, guild_id: int | None, channel_id: int, human: str, what: str, language: str
    ) -> CommitmentPost:
        """The message, where the match is played, that shows the dice's commitment before the opening roll (in
        the server's `language`)."""
        channel = self.bot.get_partial_messageable(channel_id, guild_id=guild_id)
        return CommitmentPost(channel, partial(announcement, human, what, language))

    async def rematch(self, interaction: discord.Interaction[Any], match_id: int) -> bool:
        """Rematch pressed on a finished computer match: a new one at once, same level, options and place (the
        computer never has to press it), announced with its dice's commitment first. False for a match between
        two people (the Play cog handles those)."""
        level = await self.bot.service.computer.level(match_id)
        if level is None:
            return False
        if self.bot.sage_problem:
            raise UserFacingError(NOT_AVAILABLE)
        old = await self.bot.service.match(match_id)
        human = old.players[0]
        if human.user_id != interaction.user.id:
            raise UserFacingError(N_("This was {name}'s match against the computer."), name=escape_name(human.name))
        language = await guild_language(self.bot.service.settings, self.bot, old.guild_id)
        what = what_is_played(old.options, level, language, again=True)
        announce = self.announcement(old.guild_id, old.channel_id, human.name, what, language)
        answer = PressAnswer(interaction)
        try:
            update = await self.bot.service.computer.start_match(
                guild_id=old.guild_id,
                channel_id=old.channel_id,
                human=player_ref(interaction.user),
                computer=old.players[1],
                options=old.options,
                level=level,
                announce=announce,
                parent_channel_id=old.parent_channel_id,
                clock=ClockPreset.NONE if old.clock is None else old.clock.preset,
                seed=str(interaction.id),
                tutor=await self.bot.service.tutor.threshold(match_id),
            )
        except ServiceError:
            await announce.withdraw()
            raise
        with self.publisher.acting(update.record.id):  # stored, not yet shown: the keeper leaves it alone
            with answer.once_stored(), contextlib.suppress(discord.HTTPException):
                if interaction.message is not None:  # the finished match's button has done its job
                    await answer.edit(view=None)
            await answer.acknowledge()
            await self.publisher.publish(update, actor=interaction.user.id)
        self.after(update)
        return True

    async def idle(self) -> None:
        """Wait until the computer has finished every turn it is taking (tests, shutdown)."""
        if self._turns is not None:
            await self._turns.idle()


async def _withdraw(thread: discord.Thread, interaction: discord.Interaction[Any], language: str) -> None:
    """A refused start (too many computer matches, a busy channel) leaves neither its thread nor its announcement."""
    await delete_unused_thread(thread, language, "a refused start against the computer")
    with contextlib.suppress(discord.HTTPException):
        await interaction.delete_original_response()


def background(coroutine: Any) -> asyncio.Task[Any]:
    """A task that logs its failure instead of losing it."""
    task: asyncio.Task[Any] = asyncio.ensure_future(coroutine)

    def report(done: asyncio.Task[Any]) -> None:
        if not done.cancelled() and done.exception() is not None:
            log.error("Resuming the computer's turns failed", exc_info=done.exception())

    task.add_done_callback(report)
    return task
