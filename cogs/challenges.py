"""Challenge messages: Accept and Decline for the challenged member (anyone else for an open challenge),
Withdraw for the challenger, and what the message says once the challenge is answered, withdrawn or expired.

The challenge message's channel and id are stored through the service, so that the expiry task updates it
after a restart too; a click on a closed challenge also updates its message. Its text shows the expiry time as
a Discord timestamp that every client keeps current.
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.engine.dice import MAX_PLAYER_SEED
from bot.engine.options import MatchOptions
from bot.service import Challenge, ChallengeStatus, GameService, MatchRecord, PlayerRef, ServiceError
from bot.service.clocks import ClockPreset, preset_text
from bot.service.errors import AlreadyAcceptedError
from bot.service.records import CHALLENGE_SECONDS
from cogs.custom_ids import ChallengeAction, ChallengeControl
from cogs.errors import UserFacingError, reply_privately, report_error
from cogs.event_text import escape_name
from cogs.views import ChallengeButton

if TYPE_CHECKING:
    from bot.app import GammonBot
    from cogs.bg import Backgammon

log = logging.getLogger(__name__)


def player_ref(user: discord.abc.User) -> PlayerRef:
    """The service's view of a Discord user: the id and the name shown in this server."""
    return PlayerRef(user.id, user.display_name)


def thread_choice(interaction: discord.Interaction[Any], thread: bool | None) -> bool | None:
    """The `in_thread` of a new challenge: as the challenger said; when they did not, the server's setting
    (None) in a text channel, and no thread elsewhere (a thread cannot be opened inside a thread)."""
    in_text_channel = isinstance(interaction.channel, discord.TextChannel)
    if thread and not in_text_channel:
        raise UserFacingError("A thread can only be opened from a text channel.")
    return thread if thread is not None or in_text_channel else False


def describe_options(options: MatchOptions) -> str:
    if options.length:
        return f"a {options.length}-point match"
    extras = [
        name
        for name, on in (
            ("Jacoby", options.jacoby),
            ("beavers", options.beavers),
            ("automatic doubles", options.automatic_doubles),
        )
        if on
    ]
    return "a money game" + (f" ({', '.join(extras)})" if extras else "")


def challenge_text(challenge: Challenge) -> str:
    what = describe_options(challenge.options)
    if challenge.clock is not ClockPreset.NONE:
        what += f" with a {preset_text(challenge.clock)}"
    where = " in a new thread" if challenge.in_thread else ""
    expires = f"<t:{int(challenge.expires_at)}:R>"
    challenger = f"<@{challenge.challenger.user_id}>"
    if challenge.opponent is None:
        text = f"{challenger} is looking for an opponent for {what}{where}. Anyone may accept (expires {expires})."
    else:
        text = f"<@{challenge.opponent.user_id}>, {challenger} challenges you to {what}{where} (expires {expires})."
    return text + commitment_line(challenge)


def commitment_line(challenge: Challenge) -> str:
    """The dice's commitment, shown before anyone accepts, so that the acceptor's seed comes after it (issue 18)."""
    if challenge.commitment is None:
        return ""
    return (
        f"\nDice commitment: `{challenge.commitment}` (the SHA-256 of the bot's secret seed, revealed when the "
        "match ends). **Accept with my seed** adds a seed of your own to the dice."
    )


def closed_text(challenge: Challenge, status: ChallengeStatus) -> str:
    what = describe_options(challenge.options)
    challenger = escape_name(challenge.challenger.name)
    opponent = escape_name(challenge.opponent.name) if challenge.opponent else "anyone"
    return {
        ChallengeStatus.ACCEPTED: f"{challenger}'s challenge to {what} was accepted.",
        ChallengeStatus.DECLINED: f"{opponent} declined {challenger}'s challenge to {what}.",
        ChallengeStatus.CANCELLED: f"{challenger} withdrew the challenge to {what}.",
        ChallengeStatus.EXPIRED: f"{challenger}'s challenge to {what} expired: nobody answered within 10 minutes.",
    }.get(status, f"{challenger}'s challenge to {what} is closed.")


def challenge_view(challenge: Challenge) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    buttons = [
        (ChallengeAction.ACCEPT, "Accept", discord.ButtonStyle.success),
        (ChallengeAction.SEED, "Accept with my seed", discord.ButtonStyle.primary),
    ]
    if challenge.opponent is not None:
        buttons.append((ChallengeAction.DECLINE, "Decline", discord.ButtonStyle.danger))
    buttons.append((ChallengeAction.CANCEL, "Withdraw", discord.ButtonStyle.secondary))  # not "Cancel": the
    # challenged member must not mistake it for a second way to say no
    for action, label, style in buttons:
        in_thread = challenge.in_thread and action in (ChallengeAction.ACCEPT, ChallengeAction.SEED)
        view.add_item(ChallengeButton(ChallengeControl(challenge.id, action, in_thread), label, style))
    return view


def closed_view(label: str) -> discord.ui.View:
    """A single disabled button saying what happened, so the old buttons cannot be pressed."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label=label, disabled=True, style=discord.ButtonStyle.secondary))
    return view


_CLOSED_LABEL = {
    ChallengeStatus.ACCEPTED: "Accepted",
    ChallengeStatus.DECLINED: "Declined",
    ChallengeStatus.CANCELLED: "Withdrawn",
    ChallengeStatus.EXPIRED: "Expired",
}


def mentions(challenge: Challenge) -> discord.AllowedMentions:
    users = [challenge.challenger.user_id] + ([challenge.opponent.user_id] if challenge.opponent else [])
    return discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(id=u) for u in users])


async def post(bot: GammonBot, interaction: discord.Interaction[Any], challenge: Challenge) -> None:
    """Post a stored challenge in its channel (a new message, so the challenged member is notified), store where
    it is (for the expiry task), then take away the command's private "thinking" answer. A channel the bot cannot
    post in withdraws the challenge and says so privately."""
    channel = bot.get_partial_messageable(challenge.channel_id, guild_id=challenge.guild_id)
    try:
        message = await channel.send(
            challenge_text(challenge), view=challenge_view(challenge), allowed_mentions=mentions(challenge)
        )
    except discord.HTTPException as error:
        log.warning("Could not post challenge %s", challenge.id, exc_info=True)
        await bot.service.challenges.cancel(challenge.id, challenge.challenger.user_id)
        raise UserFacingError(
            f"I could not post the challenge in this channel ({error.text or error.status}); "
            "it is withdrawn. Check that I may send messages here."
        ) from error
    await bot.service.challenges.set_message(challenge.id, message.channel.id, message.id)
    with contextlib.suppress(discord.HTTPException):  # only the "thinking" note: the challenge is posted
        await interaction.delete_original_response()


async def close_message(bot: GammonBot, challenge: Challenge) -> None:
    """Show an expired (or otherwise closed) challenge as such, if its message is known."""
    if challenge.message_channel_id is None or challenge.message_id is None:
        return
    channel = bot.get_partial_messageable(challenge.message_channel_id, guild_id=challenge.guild_id)
    try:
        await channel.get_partial_message(challenge.message_id).edit(
            content=closed_text(challenge, challenge.status),
            view=closed_view(_CLOSED_LABEL[challenge.status]),
            allowed_mentions=discord.AllowedMentions.none(),
        )
    except discord.HTTPException:
        log.info("Could not update the message of challenge %s", challenge.id, exc_info=True)


async def on_control(cog: Backgammon, interaction: discord.Interaction[Any], control: ChallengeControl) -> None:
    service = cog.service
    user = interaction.user
    if control.action is ChallengeAction.SEED:  # the form first; the accept runs when it is sent
        refusal = await seed_form_refusal(service, control.challenge_id, user.id)
        if refusal is not None:  # no form for someone who cannot accept (the accept checks everything again)
            await reply_privately(interaction, refusal)
            return
        await interaction.response.send_modal(SeedForm(cog, control))
        return
    await interaction.response.defer()
    try:
        if control.action is ChallengeAction.DECLINE:
            challenge = await service.challenges.decline(control.challenge_id, user.id)
        elif control.action is ChallengeAction.CANCEL:
            challenge = await service.challenges.cancel(control.challenge_id, user.id)
        else:
            await accept(cog, interaction, control)
            return
    except ServiceError as error:
        await refuse(cog, interaction, control, error)
        return
    await interaction.edit_original_response(
        content=closed_text(challenge, challenge.status),
        view=closed_view(_CLOSED_LABEL[challenge.status]),
        allowed_mentions=discord.AllowedMentions.none(),
    )


async def refuse(
    cog: Backgammon, interaction: discord.Interaction[Any], control: ChallengeControl, error: ServiceError
) -> None:
    """Tell the clicker why; if the challenge is over (expired, say), show that on its message too (an accepted
    one as its accepter showed it, in case that edit never happened)."""
    text = already_accepted_text(error, interaction.user.id) if isinstance(error, AlreadyAcceptedError) else str(error)
    await reply_privately(interaction, text)
    try:
        current = await cog.service.challenges.get(control.challenge_id)
        record = None if current.match_id is None else await cog.service.match(current.match_id)
    except ServiceError:
        return
    if current.status is ChallengeStatus.OPEN:
        return
    content = accepted_text(record) if record is not None else closed_text(current, current.status)
    await interaction.edit_original_response(
        content=content,
        view=closed_view(_CLOSED_LABEL[current.status]),
        allowed_mentions=discord.AllowedMentions.none(),
    )


def thread_name(challenge: Challenge, acceptor: PlayerRef) -> str:
    """`Alice vs Bob` (thread names show no markdown, so the names stay as they are)."""
    return f"{challenge.challenger.name} vs {acceptor.name}"[:100]


def accepted_text(record: MatchRecord) -> str:
    """What an accepted challenge's message says: who plays, and where when it is a new thread."""
    names = " vs ".join(escape_name(player.name) for player in record.players)
    where = f" The match is in <#{record.channel_id}>." if record.parent_channel_id is not None else ""
    return f"{names}: challenge accepted.{where}"


def already_accepted_text(error: AlreadyAcceptedError, user_id: int) -> str:
    """For the member who pressed Accept too late (or twice): who was first, and where the match is."""
    if error.acceptor_id == user_id:
        return f"You accepted this challenge already: the match is in <#{error.channel_id}>."
    return f"{escape_name(error.acceptor_name)} accepted first: the match is in <#{error.channel_id}>."


async def seed_form_refusal(service: GameService, challenge_id: int, user_id: int) -> str | None:
    """Why this member may not accept the challenge, before the form opens (None: they may)."""
    try:
        challenge = await service.challenges.get(challenge_id)
    except ServiceError as error:
        return str(error)
    if challenge.status is not ChallengeStatus.OPEN:
        return f"This challenge was already {challenge.status.value}."
    if challenge.challenger.user_id == user_id:
        return "You cannot accept your own challenge."
    if challenge.opponent is not None and challenge.opponent.user_id != user_id:
        return f"This challenge is for {escape_name(challenge.opponent.name)}."
    return None


class SeedForm(discord.ui.Modal):
    """ "Accept with my seed": one line of text, the acceptor's seed for the dice (issue 18). Sending it accepts."""

    seed: discord.ui.TextInput[SeedForm] = discord.ui.TextInput(
        label="Your seed for the dice",
        placeholder="Any text: a lucky phrase, a number...",
        min_length=1,
        max_length=MAX_PLAYER_SEED,
    )

    def __init__(self, cog: Backgammon, control: ChallengeControl) -> None:
        super().__init__(title="Accept with your own seed", timeout=CHALLENGE_SECONDS)
        self.cog = cog
        self.control = control

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer()
        try:
            await accept(self.cog, interaction, self.control, seed=self.seed.value)
        except ServiceError as error:
            await refuse(self.cog, interaction, self.control, error)

    async def on_error(  # type: ignore[override]  # a Modal passes no item (discord.py types it as a View)
        self, interaction: discord.Interaction[Any], error: Exception
    ) -> None:
        await report_error(interaction, error)


async def accept(
    cog: Backgammon, interaction: discord.Interaction[Any], control: ChallengeControl, seed: str | None = None
) -> None:
    """Accept: the service checks the acceptor first and only then has the thread opened (once), when the
    challenge asks for one; the match starts there. Without a seed of their own, the acceptor's seed for the
    dice is the id Discord gave this interaction (issue 18)."""
    opened: list[discord.Thread] = []
    message = interaction.message

    async def open_thread(challenge: Challenge, acceptor: PlayerRef) -> int:
        if message is None:  # never for a button press; without a message the match stays in the channel
            return challenge.channel_id
        try:
            thread = await message.create_thread(name=thread_name(challenge, acceptor), auto_archive_duration=1440)
        except discord.Forbidden:  # nothing was stored: the challenge stays open
            raise UserFacingError(
                "I may not open threads in this channel (an admin can give me Create Public Threads). The challenge "
                "is still open; the challenger can withdraw it and challenge with `thread: False`."
            ) from None
        opened.append(thread)
        return thread.id

    try:
        update = await cog.service.challenges.accept(
            control.challenge_id,
            player_ref(interaction.user),
            open_channel=open_thread,
            seed=str(interaction.id) if seed is None else seed,
        )
    except ServiceError:
        for thread in opened:  # the thread was opened but the match could not be stored in it
            await _delete_quietly(thread)
        raise
    with cog.publisher.acting(update.record.id):  # stored, not yet shown: the board keeper leaves it alone
        await interaction.edit_original_response(
            content=accepted_text(update.record),
            view=closed_view("Accepted"),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await cog.publisher.publish(update)


async def _delete_quietly(thread: discord.Thread) -> None:
    try:
        await thread.delete()
    except discord.HTTPException:
        log.info("Could not delete thread %s after a refused accept", thread.id)
