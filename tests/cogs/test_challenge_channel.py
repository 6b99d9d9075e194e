"""Where a challenge may be made: the bot must be able to post the match's boards where the command was used, by
the channel's own permission (Send Messages; in a thread, Send Messages in Threads)."""

from __future__ import annotations

from types import SimpleNamespace

import discord
import pytest

from bot.store import Database
from cogs.ui.errors import UserFacingError
from tests.i18n.test_challenge_words import SQLITE, Interaction, german_server
from tests.service.conftest import FakeClock
from tests.service.helpers import ALICE, BOB

OPPONENT = SimpleNamespace(id=BOB.user_id, display_name=BOB.name, bot=False)


def command(channel: object, kind: discord.ChannelType, *, send: bool, in_threads: bool) -> Interaction:
    """Alice's /bg challenge, used in a channel of `kind` where the bot has these two permissions."""
    used = Interaction(ALICE, discord.Locale.british_english, channel=channel)  # type: ignore[arg-type]
    used.channel = SimpleNamespace(type=kind)
    used.app_permissions = SimpleNamespace(
        send_messages=send, send_messages_in_threads=in_threads, create_public_threads=True
    )
    return used


@SQLITE
async def test_a_channel_the_bot_may_not_post_in_is_refused_before_anything_is_stored(
    db: Database, clock: FakeClock
) -> None:
    bot, cog = await german_server(db, clock)
    refused = command(bot.channel, discord.ChannelType.text, send=False, in_threads=True)
    with pytest.raises(UserFacingError):
        await cog.challenge.callback(cog, refused, opponent=OPPONENT, length=3)  # type: ignore[arg-type]
    assert not bot.channel.posted
    allowed = command(bot.channel, discord.ChannelType.text, send=True, in_threads=False)
    await cog.challenge.callback(cog, allowed, opponent=OPPONENT, length=3)  # type: ignore[arg-type]
    [challenge] = bot.channel.posted  # not refused as a second open challenge: the first was never stored
    assert f"<@{BOB.user_id}>" in challenge.content


@SQLITE
async def test_in_a_thread_the_threads_own_permission_counts(db: Database, clock: FakeClock) -> None:
    bot, cog = await german_server(db, clock)
    refused = command(bot.channel, discord.ChannelType.public_thread, send=True, in_threads=False)
    with pytest.raises(UserFacingError):
        await cog.challenge.callback(cog, refused, opponent=OPPONENT, length=3)  # type: ignore[arg-type]
    allowed = command(bot.channel, discord.ChannelType.public_thread, send=False, in_threads=True)
    await cog.challenge.callback(cog, allowed, opponent=OPPONENT, length=3)  # type: ignore[arg-type]
    assert len(bot.channel.posted) == 1
