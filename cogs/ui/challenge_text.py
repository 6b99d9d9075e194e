"""What a challenge message says and shows: Accept and Decline for the challenged member (anyone else for an open
challenge), Withdraw for the challenger, and the text once the challenge is answered, withdrawn or expired. Its
text shows the expiry time as a Discord timestamp that every client keeps current. The Challenges cog
(cogs/challenges.py) handles the buttons.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.engine.dice import MAX_PLAYER_SEED
from bot.engine.options import MatchOptions
from bot.i18n import DEFAULT_LANGUAGE, N_, translate
from bot.service import Challenge, ChallengeStatus, MatchRecord, PlayerRef
from bot.service.clocks import ClockPreset, preset_text
from bot.service.errors import AlreadyAcceptedError
from bot.service.records import CHALLENGE_SECONDS
from cogs.ui.custom_ids import ChallengeAction, ChallengeControl
from cogs.ui.errors import report_error
from cogs.ui.event_text import escape_name, mention
from cogs.ui.fairness_text import proof_line
from cogs.ui.languages import guild_language
from cogs.ui.views import ChallengeButton

if TYPE_CHECKING:
    from bot.app import GammonBot

log = logging.getLogger(__name__)


def describe_options(options: MatchOptions, language: str = DEFAULT_LANGUAGE) -> str:
    """`a 5-point match`, `a money game (Jacoby, beavers)`: what is played, in the reader's language."""
    if options.length:
        return translate(language, N_("a {length}-point match"), length=options.length)
    extras = [
        translate(language, name)
        for name, on in (
            (N_("Jacoby"), options.jacoby),
            (N_("beavers"), options.beavers),
            (N_("automatic doubles"), options.automatic_doubles),
        )
        if on
    ]
    if not extras:
        return translate(language, N_("a money game"))
    return translate(language, N_("a money game ({extras})"), extras=", ".join(extras))


def challenge_text(challenge: Challenge, language: str = DEFAULT_LANGUAGE) -> str:
    """The challenge message, in the server's language; its expiry a Discord timestamp in each reader's own."""
    what = describe_options(challenge.options, language)
    if challenge.clock is not ClockPreset.NONE:
        what = translate(language, N_("{what} with a {clock}"), what=what, clock=preset_text(challenge.clock, language))
    expires = f"<t:{int(challenge.expires_at)}:R>"
    challenger = mention(challenge.challenger.user_id)
    if challenge.opponent is None:
        said = _OPEN_CHALLENGE[challenge.in_thread]
        text = translate(language, said, challenger=challenger, what=what, expires=expires)
    else:
        said = _CHALLENGE[challenge.in_thread]
        opponent = mention(challenge.opponent.user_id)
        text = translate(language, said, mention=opponent, challenger=challenger, what=what, expires=expires)
    return text + commitment_line(challenge, language)


#: in a new thread -> the text of an open challenge, and of a challenge to one member
_OPEN_CHALLENGE = {
    False: N_("{challenger} is looking for an opponent for {what}. Anyone may accept (expires {expires})."),
    True: N_(
        "{challenger} is looking for an opponent for {what} in a new thread. Anyone may accept (expires {expires})."
    ),
}
_CHALLENGE = {
    False: N_("{mention}, {challenger} challenges you to {what} (expires {expires})."),
    True: N_("{mention}, {challenger} challenges you to {what} in a new thread (expires {expires})."),
}


def commitment_line(challenge: Challenge, language: str = DEFAULT_LANGUAGE) -> str:
    """One short line saying the dice can be checked, with the commitment's first characters. The
    commitment is fixed before anyone accepts, so that the acceptor's seed comes after it; `/bg fairness`
    in this channel shows all of it while the challenge is open, and every detail once the match is played."""
    if challenge.commitment is None:
        return ""
    button = translate(language, SEED_LABEL)
    own_seed = translate(language, N_("**{button}** adds a seed of your own."), button=button)
    return f"\n{proof_line(challenge.commitment, language)} · {own_seed}"


def closed_text(challenge: Challenge, status: ChallengeStatus, language: str = DEFAULT_LANGUAGE) -> str:
    """The message of a challenge that was answered, withdrawn or expired, in the server's language."""
    what = describe_options(challenge.options, language)
    challenger = escape_name(challenge.challenger.name)
    opponent = escape_name(challenge.opponent.name) if challenge.opponent else translate(language, N_("anyone"))
    said = _CLOSED.get(status, N_("{challenger}'s challenge to {what} is closed."))
    return translate(language, said, challenger=challenger, opponent=opponent, what=what)


_CLOSED = {
    ChallengeStatus.ACCEPTED: N_("{challenger}'s challenge to {what} was accepted."),
    ChallengeStatus.DECLINED: N_("{opponent} declined {challenger}'s challenge to {what}."),
    ChallengeStatus.CANCELLED: N_("{challenger} withdrew the challenge to {what}."),
    ChallengeStatus.EXPIRED: N_("{challenger}'s challenge to {what} expired: nobody answered within 10 minutes."),
}
#: The button that opens the form for the acceptor's own seed.
SEED_LABEL = N_("Accept with my seed")


def challenge_view(challenge: Challenge, language: str = DEFAULT_LANGUAGE) -> discord.ui.View:
    """Accept, Accept with my seed, Decline (a challenge to one member) and Withdraw, in the server's language."""
    view = discord.ui.View(timeout=None)
    buttons = [
        (ChallengeAction.ACCEPT, N_("Accept"), discord.ButtonStyle.success),
        (ChallengeAction.SEED, SEED_LABEL, discord.ButtonStyle.primary),
    ]
    if challenge.opponent is not None:
        buttons.append((ChallengeAction.DECLINE, N_("Decline"), discord.ButtonStyle.danger))
    buttons.append((ChallengeAction.CANCEL, N_("Withdraw"), discord.ButtonStyle.secondary))  # not "Cancel": the
    # challenged member must not mistake it for a second way to say no
    for action, label, style in buttons:
        in_thread = challenge.in_thread and action in (ChallengeAction.ACCEPT, ChallengeAction.SEED)
        control = ChallengeControl(challenge.id, action, in_thread)
        view.add_item(ChallengeButton(control, translate(language, label), style))
    return view


def closed_view(label: str, language: str = DEFAULT_LANGUAGE) -> discord.ui.View:
    """A single disabled button saying what happened (`label`, marked `N_()`), so the old buttons cannot be
    pressed."""
    view = discord.ui.View(timeout=None)
    shown = translate(language, label)
    view.add_item(discord.ui.Button(label=shown, disabled=True, style=discord.ButtonStyle.secondary))
    return view


CLOSED_LABEL = {
    ChallengeStatus.ACCEPTED: N_("Accepted"),
    ChallengeStatus.DECLINED: N_("Declined"),
    ChallengeStatus.CANCELLED: N_("Withdrawn"),
    ChallengeStatus.EXPIRED: N_("Expired"),
}


def mentions(challenge: Challenge) -> discord.AllowedMentions:
    """Who the challenge notifies: the challenged member alone (nobody for an open challenge), never the
    challenger, whom their own challenge names."""
    users = [discord.Object(id=challenge.opponent.user_id)] if challenge.opponent else []
    return discord.AllowedMentions(everyone=False, roles=False, users=users)


async def close_message(bot: GammonBot, challenge: Challenge) -> None:
    """Show an expired (or otherwise closed) challenge as such, if its message is known, in the server's
    language."""
    if challenge.message_channel_id is None or challenge.message_id is None:
        return
    language = await guild_language(bot.service.settings, bot, challenge.guild_id)
    channel = bot.get_partial_messageable(challenge.message_channel_id, guild_id=challenge.guild_id)
    try:
        await channel.get_partial_message(challenge.message_id).edit(
            content=closed_text(challenge, challenge.status, language),
            view=closed_view(CLOSED_LABEL[challenge.status], language),
            allowed_mentions=discord.AllowedMentions.none(),
        )
    except discord.HTTPException:
        log.info("Could not update the message of challenge %s", challenge.id, exc_info=True)


def thread_name(challenge: Challenge, acceptor: PlayerRef, language: str = DEFAULT_LANGUAGE) -> str:
    """`Alice vs Bob` (thread names show no markdown, so the names stay as they are)."""
    names = translate(language, VERSUS, first=challenge.challenger.name, second=acceptor.name)
    return names[:100]


#: Two players' names, as a thread and an accepted challenge show who plays.
VERSUS = N_("{first} vs {second}")


def accepted_text(record: MatchRecord, language: str = DEFAULT_LANGUAGE) -> str:
    """What an accepted challenge's message says: who plays, and where when it is a new thread (the server's
    language)."""
    first, second = (escape_name(player.name) for player in record.players)
    names = translate(language, VERSUS, first=first, second=second)
    if record.parent_channel_id is None:
        return translate(language, N_("{players}: challenge accepted."), players=names)
    said = N_("{players}: challenge accepted. The match is in {channel}.")
    return translate(language, said, players=names, channel=f"<#{record.channel_id}>")


def already_accepted_text(error: AlreadyAcceptedError, user_id: int, language: str = DEFAULT_LANGUAGE) -> str:
    """For the member who pressed Accept too late (or twice), in their language: who was first, and where the
    match is."""
    channel = f"<#{error.channel_id}>"
    if error.acceptor_id == user_id:
        return translate(
            language, N_("You accepted this challenge already: the match is in {channel}."), channel=channel
        )
    said = N_("{name} accepted first: the match is in {channel}.")
    return translate(language, said, name=escape_name(error.acceptor_name), channel=channel)


class SeedForm(discord.ui.Modal):
    """ "Accept with my seed": one line of text, the acceptor's seed for the dice. Sending it accepts.
    In the language of the member who opened it."""

    def __init__(
        self,
        on_seed: Callable[[discord.Interaction[Any], str], Awaitable[None]],
        language: str = DEFAULT_LANGUAGE,
    ) -> None:
        super().__init__(title=translate(language, N_("Accept with your own seed")), timeout=CHALLENGE_SECONDS)
        self.seed: discord.ui.TextInput[SeedForm] = discord.ui.TextInput(
            label=translate(language, N_("Your seed for the dice")),
            placeholder=translate(language, N_("Any text: a lucky phrase, a number...")),
            min_length=1,
            max_length=MAX_PLAYER_SEED,
        )
        self.add_item(self.seed)
        self.on_seed = on_seed  # the Challenges cog's accept, for this challenge

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer()
        await self.on_seed(interaction, self.seed.value)

    async def on_error(  # type: ignore[override]  # a Modal passes no item (discord.py types it as a View)
        self, interaction: discord.Interaction[Any], error: Exception
    ) -> None:
        await report_error(interaction, error)
