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
from bot.service import Challenge, ChallengeStatus, MatchRecord, PlayerRef
from bot.service.clocks import ClockPreset, preset_text
from bot.service.errors import AlreadyAcceptedError
from bot.service.records import CHALLENGE_SECONDS
from cogs.ui.custom_ids import ChallengeAction, ChallengeControl
from cogs.ui.errors import report_error
from cogs.ui.event_text import escape_name
from cogs.ui.fairness_text import proof_line
from cogs.ui.views import ChallengeButton

if TYPE_CHECKING:
    from bot.app import GammonBot

log = logging.getLogger(__name__)


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
    """One short line saying the dice can be checked, with the commitment's first characters (issue 33). The
    commitment is fixed before anyone accepts, so that the acceptor's seed comes after it (issue 18); `/bg fairness`
    in this channel shows all of it while the challenge is open, and every detail once the match is played."""
    if challenge.commitment is None:
        return ""
    return f"\n{proof_line(challenge.commitment)} · **Accept with my seed** adds a seed of your own."


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


CLOSED_LABEL = {
    ChallengeStatus.ACCEPTED: "Accepted",
    ChallengeStatus.DECLINED: "Declined",
    ChallengeStatus.CANCELLED: "Withdrawn",
    ChallengeStatus.EXPIRED: "Expired",
}


def mentions(challenge: Challenge) -> discord.AllowedMentions:
    users = [challenge.challenger.user_id] + ([challenge.opponent.user_id] if challenge.opponent else [])
    return discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(id=u) for u in users])


async def close_message(bot: GammonBot, challenge: Challenge) -> None:
    """Show an expired (or otherwise closed) challenge as such, if its message is known."""
    if challenge.message_channel_id is None or challenge.message_id is None:
        return
    channel = bot.get_partial_messageable(challenge.message_channel_id, guild_id=challenge.guild_id)
    try:
        await channel.get_partial_message(challenge.message_id).edit(
            content=closed_text(challenge, challenge.status),
            view=closed_view(CLOSED_LABEL[challenge.status]),
            allowed_mentions=discord.AllowedMentions.none(),
        )
    except discord.HTTPException:
        log.info("Could not update the message of challenge %s", challenge.id, exc_info=True)


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


class SeedForm(discord.ui.Modal):
    """ "Accept with my seed": one line of text, the acceptor's seed for the dice (issue 18). Sending it accepts."""

    seed: discord.ui.TextInput[SeedForm] = discord.ui.TextInput(
        label="Your seed for the dice",
        placeholder="Any text: a lucky phrase, a number...",
        min_length=1,
        max_length=MAX_PLAYER_SEED,
    )

    def __init__(self, on_seed: Callable[[discord.Interaction[Any], str], Awaitable[None]]) -> None:
        super().__init__(title="Accept with your own seed", timeout=CHALLENGE_SECONDS)
        self.on_seed = on_seed  # the Challenges cog's accept, for this challenge

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer()
        await self.on_seed(interaction, self.seed.value)

    async def on_error(  # type: ignore[override]  # a Modal passes no item (discord.py types it as a View)
        self, interaction: discord.Interaction[Any], error: Exception
    ) -> None:
        await report_error(interaction, error)
