"""The Daily cog's posting (cogs/daily.py) against a stand-in channel: a day's post is sent once however many
passes see it due, and a post stored but never recorded sent (a stop between the two) is adopted when its message
is in the channel, else sent, once."""

from __future__ import annotations

from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.daily.schedule import DAY, HOUR
from bot.daily.service import DailyService
from bot.daily.shipped import shipped
from bot.sharding import ShardSet
from bot.store import Database
from cogs import daily as daily_cog
from cogs.daily import Daily
from cogs.ui.daily_menu import custom_id
from tests.service.conftest import FakeClock

pytestmark = pytest.mark.parametrize("db", ["sqlite"], indirect=True)

BOT_ID, GUILD, CHANNEL, DAY0 = 900, 5, 60, 20_000


class FakeChannel:
    def __init__(self) -> None:
        self.messages: list[SimpleNamespace] = []
        self.edits: list[tuple[int, Any]] = []

    def add(self, item_ids: list[str]) -> SimpleNamespace:
        rows = [SimpleNamespace(children=[SimpleNamespace(custom_id=item) for item in item_ids])]
        message = SimpleNamespace(id=1000 + len(self.messages), author=SimpleNamespace(id=BOT_ID), components=rows)
        self.messages.append(message)
        return message

    async def send(self, content: str, *, file: discord.File, view: discord.ui.View, **_: Any) -> SimpleNamespace:
        assert "**Daily position**" in content and file.filename == "daily-position.png"
        return self.add([getattr(item, "custom_id", "") for item in view.children])

    async def history(self, limit: int) -> AsyncIterator[SimpleNamespace]:
        for message in reversed(self.messages[-limit:]):
            yield message

    def get_partial_message(self, message_id: int) -> SimpleNamespace:
        async def edit(view: discord.ui.View) -> None:
            self.edits.append((message_id, view))

        return SimpleNamespace(edit=edit)


@pytest.fixture
def channel() -> FakeChannel:
    return FakeChannel()


@pytest.fixture
async def daily(db: Database, channel: FakeChannel, monkeypatch: pytest.MonkeyPatch) -> Daily:
    async def english(*_: object) -> str:
        return "en"

    monkeypatch.setattr(daily_cog, "guild_language", english)
    bot = SimpleNamespace(
        shard_set=ShardSet.everything(),
        user=SimpleNamespace(id=BOT_ID),
        service=SimpleNamespace(settings=None),
        get_partial_messageable=lambda channel_id, guild_id=None: channel,
    )
    service = DailyService(db, FakeClock(DAY0 * DAY + 13 * HOUR))
    await service.turn_on(GUILD, CHANNEL, 12)
    return Daily(bot, service)  # type: ignore[arg-type]


async def test_a_day_due_to_two_passes_is_posted_once(daily: Daily, channel: FakeChannel) -> None:
    await daily.post_due()
    await daily.post_due()
    assert [m.components[0].children[0].custom_id for m in channel.messages] == [custom_id(GUILD, DAY0)]
    assert await daily.service.unsent(ShardSet.everything()) == []


async def test_a_post_sent_before_a_stop_is_adopted_and_one_never_sent_is_sent_once(
    daily: Daily, channel: FakeChannel
) -> None:
    source, puzzle = shipped()[0]
    await daily.service.start_post(GUILD, DAY0, CHANNEL, source, puzzle)  # stored, then the bot stopped
    sent = channel.add([custom_id(GUILD, DAY0)])  # ... after Discord took the message
    channel.add(["bg:1:2:roll"])  # a later message of the channel
    await daily.settle_unsent()
    assert len(channel.messages) == 2
    stored = await daily.service.reveal_before(GUILD, DAY0 + 1)
    assert stored is not None and stored.post.message_id == sent.id

    await daily.service.start_post(GUILD, DAY0 + 1, CHANNEL, source, puzzle)  # stored; the stop came before the send
    await daily.settle_unsent()
    await daily.settle_unsent()
    assert [m.components[0].children[0].custom_id for m in channel.messages[2:]] == [custom_id(GUILD, DAY0 + 1)]
    assert await daily.service.unsent(ShardSet.everything()) == []
    [(edited, view)] = channel.edits  # the day before's menu closed
    assert edited == sent.id and all(item.item.disabled for item in view.children)
