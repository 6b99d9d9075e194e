"""`/bg challenge` and the challenge buttons: Accept (with or without a seed of one's own), Decline, Withdraw.

The challenge message's channel and id are stored through the service, so that the expiry task updates it after a
restart too (cogs/turn_timer.py); a click on a closed challenge also updates its message. What the messages say
is cogs.ui.challenge_text. A challenge naming the bot itself starts a match against the computer at once.
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.computer import DEFAULT_LEVEL
from bot.i18n import N_, translate
from bot.pacing import before_the_answer
from bot.service import Challenge, ChallengeStatus, MatchUpdate, PlayerRef, ServiceError
from bot.service.challenges import ALREADY_CLOSED, CHALLENGE_GONE, NOT_YOURS, OWN_CHALLENGE
from bot.service.errors import AlreadyAcceptedError
from cogs.ui.challenge_text import (
    CLOSED_LABEL,
    SeedForm,
    accepted_text,
    already_accepted_text,
    challenge_text,
    challenge_view,
    closed_text,
    closed_view,
    mentions,
    thread_name,
)
from cogs.ui.custom_ids import ChallengeAction, ChallengeControl
from cogs.ui.errors import UserFacingError, refusal_text, reply_privately
from cogs.ui.event_text import escape_name
from cogs.ui.languages import guild_language, member_language
from cogs.ui.names import CHALLENGES_COG
from cogs.ui.options import (
    ClockName,
    Length,
    Seed,
    clock_preset,
    describe_match_options,
    match_options,
    player_ref,
    thread_choice,
)
from cogs.ui.press_answer import PressAnswer, expired
from cogs.ui.publisher import GamePublisher
from cogs.ui.response_message import response_message
from cogs.ui.unused_threads import delete_unused_thread
from cogs.ui.views import ChallengeButton
from cogs.ui.wiring import ComputerSide, remove_from_bg

if TYPE_CHECKING:
    from bot.app import GammonBot
    from bot.service import GameService

log = logging.getLogger(__name__)


#: The channel types whose own permission to post is Send Messages in Threads.
THREADS = frozenset(
    {discord.ChannelType.public_thread, discord.ChannelType.private_thread, discord.ChannelType.news_thread}
)


def may_post_where_used(interaction: discord.Interaction[Any]) -> bool:
    """Whether the bot may post in the channel a command was used in (a thread by its own permission)."""
    permissions = interaction.app_permissions
    if getattr(interaction.channel, "type", None) in THREADS:
        return permissions.send_messages_in_threads
    return permissions.send_messages


class Challenges(commands.Cog, name=CHALLENGES_COG):
    """`/bg challenge` (a /bg subcommand, cogs.ui.wiring) and the buttons of challenge messages."""

    def __init__(self, bot: GammonBot, publisher: GamePublisher, computer: ComputerSide | None = None) -> None:
        self.bot = bot
        self.publisher = publisher
        self.computer = computer

    @property
    def service(self) -> GameService:
        return self.bot.service

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(ChallengeButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(ChallengeButton)
        remove_from_bg(self.bot, self)

    @app_commands.command(name="challenge")
    @app_commands.guild_only()
    @describe_match_options(
        opponent="Who you challenge; leave it empty for an open challenge anyone may accept.",
    )
    async def challenge(
        self,
        interaction: discord.Interaction[Any],
        opponent: discord.Member | None = None,
        length: Length = 5,
        money: bool = False,
        jacoby: bool = True,
        beavers: bool = False,
        automatic_doubles: bool = False,
        thread: bool | None = None,
        clock: ClockName | None = None,
        seed: Seed | None = None,
    ) -> None:
        """Challenge a member, or anyone, to a match or a money game."""
        computer = self.computer
        if opponent is not None and computer is not None and computer.is_me(opponent):
            options = match_options(length, money, jacoby, beavers, automatic_doubles)
            await computer.start(interaction, DEFAULT_LEVEL, options, bool(thread), clock_preset(clock), seed)
            return
        if opponent is not None:
            if opponent.id == interaction.user.id:
                raise UserFacingError(
                    N_("You cannot challenge yourself. Leave the opponent empty for an open challenge.")
                )
            if opponent.bot:
                raise UserFacingError(N_("{name} is a bot and cannot play."), name=escape_name(opponent.display_name))
        options = match_options(length, money, jacoby, beavers, automatic_doubles)
        in_thread = thread_choice(interaction, thread)
        if not may_post_where_used(interaction):  # the match's board and result need the channel
            raise UserFacingError(
                N_(
                    "I may not send messages in this channel, so no match can be played here. Ask an admin to "
                    "let me send messages here, or challenge in another channel."
                )
            )
        challenge = await self.service.challenges.create(
            guild_id=interaction.guild_id or 0,
            channel_id=interaction.channel_id or 0,
            challenger=player_ref(interaction.user),
            opponent=None if opponent is None else player_ref(opponent),
            options=options,
            in_thread=in_thread,
            clock=clock_preset(clock),
            seed=str(interaction.id) if seed is None else seed,
        )
        await self.post(interaction, challenge)

    async def post(self, interaction: discord.Interaction[Any], challenge: Challenge) -> None:
        """Answer the command with the stored challenge itself, then store where it is (for the expiry task). A
        challenge Discord refuses is withdrawn and the challenger told privately. The challenge is public: in the
        server's language."""
        language = await self.server_language(challenge.guild_id)
        fields: dict[str, Any] = {
            "content": challenge_text(challenge, language),
            "view": challenge_view(challenge, language),
            "allowed_mentions": mentions(challenge),
        }
        try:
            message = await self.answer_with(interaction, challenge, fields)
        except discord.HTTPException as error:
            log.warning("Could not post challenge %s", challenge.id, exc_info=True)
            await self.bot.service.challenges.cancel(challenge.id, challenge.challenger.user_id)
            raise UserFacingError(
                N_(
                    "I could not post the challenge in this channel ({reason}); it is withdrawn. Check that I may "
                    "send messages here."
                ),
                reason=error.text or error.status,
            ) from error
        await self.bot.service.challenges.set_message(challenge.id, message.channel.id, message.id)

    async def answer_with(
        self, interaction: discord.Interaction[Any], challenge: Challenge, fields: dict[str, Any]
    ) -> discord.Message:
        """The challenge as the command's response: one Discord call, and a new message, so the challenged member
        is notified (an edit would not notify). Once Discord no longer takes that answer (storing outlasted the
        command's 3 s), the challenge is posted in the channel instead: nothing is said before it is stored."""
        try:
            answered = await interaction.response.send_message(**fields)
        except discord.NotFound as error:
            if not expired(error):
                raise
            channel = self.bot.get_partial_messageable(challenge.channel_id, guild_id=challenge.guild_id)
            return await channel.send(**fields)
        return await response_message(interaction, answered)

    # --- buttons ---------------------------------------------------------------------------------------------

    async def server_language(self, guild_id: int) -> str:
        """The language of the server's public messages (a challenge and what becomes of it)."""
        return await guild_language(self.service.settings, self.bot, guild_id)

    async def on_challenge_control(self, interaction: discord.Interaction[Any], control: ChallengeControl) -> None:
        service = self.service
        user = interaction.user
        if control.action is ChallengeAction.SEED:  # the form first; the accept runs when it is sent
            refusal = await self.seed_form_refusal(control.challenge_id, user.id, member_language(interaction))
            if refusal is not None:  # no form for someone who cannot accept (the accept checks everything again)
                await reply_privately(interaction, refusal)
                return

            async def accept_seeded(submitted: discord.Interaction[Any], seed: str) -> None:
                try:
                    await self.accept(PressAnswer(submitted), control, seed=seed)
                except ServiceError as error:
                    await self.refuse(submitted, control, error)

            await interaction.response.send_modal(SeedForm(accept_seeded, member_language(interaction)))
            return
        answer = PressAnswer(interaction)
        try:
            if control.action is ChallengeAction.DECLINE:
                challenge = await service.challenges.decline(control.challenge_id, user.id)
            elif control.action is ChallengeAction.CANCEL:
                challenge = await service.challenges.cancel(control.challenge_id, user.id)
            else:
                await self.accept(answer, control)
                return
        except ServiceError as error:
            await self.refuse(interaction, control, error)
            return
        with answer.once_stored():
            language = await self.server_language(challenge.guild_id)
            await answer.edit(
                content=closed_text(challenge, challenge.status, language),
                view=closed_view(CLOSED_LABEL[challenge.status], language),
                allowed_mentions=discord.AllowedMentions.none(),
            )

    async def refuse(
        self, interaction: discord.Interaction[Any], control: ChallengeControl, error: ServiceError
    ) -> None:
        """Tell the clicker why, in their language; if the challenge is over (expired, say), show that on its message
        too, in the server's (an accepted one as its accepter showed it, in case that edit never happened)."""
        if not interaction.response.is_done():  # deferred, so that the edit below is the challenge's message's
            await interaction.response.defer()
        member = member_language(interaction)
        if isinstance(error, AlreadyAcceptedError):
            text = already_accepted_text(error, interaction.user.id, member)
        else:
            text = refusal_text(error, member)
        await reply_privately(interaction, text)
        try:
            current = await self.service.challenges.get(control.challenge_id)
            record = None if current.match_id is None else await self.service.match(current.match_id)
        except ServiceError:
            return
        if current.status is ChallengeStatus.OPEN:
            return
        language = await self.server_language(current.guild_id)
        if record is not None:
            content = accepted_text(record, language)
        else:
            content = closed_text(current, current.status, language)
        await interaction.edit_original_response(
            content=content,
            view=closed_view(CLOSED_LABEL[current.status], language),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def seed_form_refusal(self, challenge_id: int, user_id: int, language: str) -> str | None:
        """Why this member may not accept the challenge, before the form opens, in their language (None: they
        may). The same refusals as the service's accept."""
        try:
            challenge = await self.service.challenges.get(challenge_id)
        except ServiceError as error:
            return refusal_text(error, language)
        if challenge.status is not ChallengeStatus.OPEN:
            return translate(language, ALREADY_CLOSED.get(challenge.status, CHALLENGE_GONE))
        if challenge.challenger.user_id == user_id:
            return translate(language, OWN_CHALLENGE)
        if challenge.opponent is not None and challenge.opponent.user_id != user_id:
            return translate(language, NOT_YOURS, name=escape_name(challenge.opponent.name))
        return None

    async def accept(self, answer: PressAnswer, control: ChallengeControl, seed: str | None = None) -> None:
        """Accept: the service checks the acceptor first, then holds the challenge while the thread is opened (once),
        when the challenge asks for one; the match starts there. Without a seed of their own, the acceptor's seed for
        the dice is the id Discord gave this interaction. Once stored, the press is answered with the
        challenge marked accepted and the match's first board is posted, even when the challenge's message can no
        longer be edited (deleted meanwhile): the board never depends on it."""
        interaction = answer.interaction
        acceptor = player_ref(interaction.user)
        async with self.service.challenges.accepting(control.challenge_id, acceptor) as acceptance:
            challenge = acceptance.challenge
            thread = await self.open_thread(interaction, challenge, acceptor) if challenge.in_thread else None
            try:
                update = await acceptance.start(
                    None if thread is None else thread.id, str(interaction.id) if seed is None else seed
                )
            except ServiceError:
                if thread is not None:  # the thread was opened but the match could not be stored in it
                    await delete_unused_thread(
                        thread, await self.server_language(challenge.guild_id), "a refused accept"
                    )
                raise
        with answer.once_stored():
            await self.started(answer, control, update)

    async def open_thread(
        self, interaction: discord.Interaction[Any], challenge: Challenge, acceptor: PlayerRef
    ) -> discord.Thread | None:
        """The accepted challenge's thread, opened on its message; None where the match stays in the channel (the
        bot may no longer open threads there). Raises UserFacingError when Discord refuses: nothing was stored, and
        the challenge stays open."""
        message = interaction.message
        permissions = interaction.app_permissions
        if message is None or not (permissions.create_public_threads and permissions.send_messages_in_threads):
            return None
        try:
            name = thread_name(challenge, acceptor, await self.server_language(challenge.guild_id))
            with before_the_answer():  # the press is answered once the match is stored in it
                return await message.create_thread(name=name, auto_archive_duration=1440)
        except discord.Forbidden:
            raise UserFacingError(
                N_(
                    "I may not open threads in this channel (an admin can give me Create Public Threads). The "
                    "challenge is still open; the challenger can withdraw it and challenge with `thread: False`."
                )
            ) from None

    async def started(self, answer: PressAnswer, control: ChallengeControl, update: MatchUpdate) -> None:
        """The accepted challenge's match is stored: the press is answered with the challenge marked accepted (by
        its id once the press ran out of time), then the match's first board is posted whatever became of that."""
        language = await self.publisher.language(update.record)
        with self.publisher.acting(update.record.id):  # stored, not yet shown: the board keeper leaves it alone
            fields: dict[str, Any] = {
                "content": accepted_text(update.record, language),
                "view": closed_view(CLOSED_LABEL[ChallengeStatus.ACCEPTED], language),
                "allowed_mentions": discord.AllowedMentions.none(),
            }
            try:
                await answer.edit(**fields)
            except discord.HTTPException:
                log.warning("Match %s: could not mark its challenge accepted", update.record.id, exc_info=True)
                with contextlib.suppress(discord.HTTPException):
                    await answer.acknowledge()
            await self.publisher.publish(update, actor=answer.user_id)
