"""Where the bot puts the web pages' link buttons (issue 34), through the real code on fake Discord objects: the final
board of a finished match (compose), the result line posted in the challenge's channel for a match played in a
thread, /history (each listed match, and the Player page), /bg analyze's answers and the public analysis. With the
pages off, none of them has a link."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.analysis.requests import Answer, Shown
from bot.engine.dice import MatchSeeds
from bot.engine.options import MatchOptions
from bot.ratings.records import HISTORY_SIZE, HistoryEntry
from bot.service import MatchRecord, MatchStatus
from bot.web import signing
from cogs import analysis as analysis_cog
from cogs.ladder import Ladder
from cogs.ui import web_links
from cogs.ui.game_messages import compose
from cogs.ui.match_end import post_match_end
from tests.cogs.test_game_messages import record
from tests.fairness.helpers import played_match
from tests.i18n.test_analysis_words import ANALYSIS, Channel, analysis_cog_of
from tests.support.fake_interaction import FakeInteraction, returns

BASE = "https://gammon.example"
SECRET = "a-secret-for-the-web-pages-of-32-chars+"


@pytest.fixture
def pages_on() -> Iterator[None]:
    web_links.configure((BASE, SECRET))
    yield
    web_links.configure(None)


def page_of(match_id: int) -> str:
    return BASE + signing.match_path(SECRET, match_id)


def links(view: discord.ui.View | None) -> list[tuple[str | None, str | None]]:
    """The link buttons of a view, in order (label, url)."""
    if view is None:
        return []
    return [(item.label, item.url) for item in view.children if isinstance(item, discord.ui.Button) and item.url]


def finished(**changes: Any) -> MatchRecord:
    """A 1-point match played to its end, finished in thread 2 of channel 3."""
    match = played_match(MatchSeeds(bytes(32), "c", "a"), MatchOptions.match(1), 1)
    values = {"status": MatchStatus.FINISHED, "parent_channel_id": 3, "finished_at": 1.0} | changes
    return dataclasses.replace(record(match), **values)


@pytest.mark.parametrize("on", [True, False])
async def test_the_final_board_links_the_page_and_a_running_board_does_not(on: bool) -> None:
    web_links.configure((BASE, SECRET) if on else None)
    try:
        over = await compose(finished(), ())
        running = await compose(finished(status=MatchStatus.ACTIVE), ())
        over_view, running_view = over.view(), running.view()
    finally:
        web_links.configure(None)
    assert over.match_page == 5 and running.match_page is None
    assert over_view is not None
    assert links(over_view) == ([("Match page", page_of(5))] if on else [])
    assert [getattr(item, "item", item).label for item in over_view.children][:2] == ["Rematch", "Moves"]
    assert links(running_view) == []


class Place:
    """A channel or thread of the fake bot: what is sent to it."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []

    async def send(self, content: str, **fields: Any) -> None:
        self.sent.append((content, fields))


@pytest.mark.parametrize("on", [True, False])
async def test_the_result_line_in_the_challenges_channel_links_the_page(on: bool) -> None:
    places = {2: Place(), 3: Place()}  # the match's thread, the channel it was started from
    bot: Any = SimpleNamespace(get_partial_messageable=lambda channel_id, guild_id: places[channel_id])
    web_links.configure((BASE, SECRET) if on else None)
    try:
        await post_match_end(bot, finished(), "https://discord.com/channels/1/2/9", "de")
    finally:
        web_links.configure(None)
    [(moves, moves_fields)] = places[2].sent
    [(line, line_fields)] = places[3].sent
    assert moves.startswith("**Züge von Match #5**") and "view" not in moves_fields  # the final board has it
    assert line.endswith("(https://discord.com/channels/1/2/9)")
    if on:
        assert links(line_fields["view"]) == [("Match-Seite", page_of(5))]  # the server's language
    else:
        assert "view" not in line_fields


def ladder_with(entries: list[HistoryEntry], server_page: bool) -> Ladder:
    records = SimpleNamespace(
        recent_matches=lambda guild_id, user_id: returns(entries),
        player_name=lambda user_id: returns("Alice"),
        prs_of_matches=lambda user_id, match_ids: returns({}),
    )
    service = SimpleNamespace(
        computer=SimpleNamespace(levels_of=lambda match_ids: returns([])),
        settings=SimpleNamespace(web_page=lambda guild_id: returns(server_page)),
    )
    return Ladder(SimpleNamespace(records=records, service=service))  # type: ignore[arg-type]


async def test_history_links_every_listed_match_and_the_player_page(pages_on: None) -> None:
    entries = [
        HistoryEntry(100 + n, 20, "Bob", 3, n % 2 == 0, 3, 1, None, 1_700_000_000.0 - n, None, 30, 40)
        for n in range(HISTORY_SIZE)
    ]
    asked = FakeInteraction()
    cog = ladder_with(entries, server_page=True)
    await cog.history.callback(cog, asked, None)  # type: ignore[arg-type]
    view = asked.sent[0]["view"]
    assert links(view) == [
        ("Player page", BASE + signing.player_path(SECRET, 1, 10)),
        *((f"#{entry.match_id}", page_of(entry.match_id)) for entry in entries),
    ]
    assert len(view.children) <= 25  # Discord's limit of components under one message
    asked = FakeInteraction()
    cog = ladder_with(entries[:2], server_page=False)  # no server page: no Player page, the matches still
    await cog.history.callback(cog, asked, None)  # type: ignore[arg-type]
    assert links(asked.sent[0]["view"]) == [("#100", page_of(100)), ("#101", page_of(101))]


async def test_history_has_no_links_while_the_pages_are_off() -> None:
    web_links.configure(None)
    asked = FakeInteraction()
    cog = ladder_with([HistoryEntry(100, 20, "Bob", 3, True, 3, 1, None, 1.0, None, 30, 40)], server_page=True)
    await cog.history.callback(cog, asked, None)  # type: ignore[arg-type]
    assert "view" not in asked.sent[0]


async def test_analyze_answers_and_the_public_analysis_link_the_page(
    pages_on: None, monkeypatch: pytest.MonkeyPatch
) -> None:

    async def drawn(*args: object, **kwargs: object) -> bytes:
        return b"png"

    monkeypatch.setattr(analysis_cog, "draw_picture", drawn)
    over = finished(id=6)

    async def find(match_id: int) -> MatchRecord:
        return over

    cog = analysis_cog_of(SimpleNamespace(match=find, settings=SimpleNamespace(guild_language=returns)))  # type: ignore[arg-type]
    answers = iter([Answer(Shown.BEING_POSTED, 2), Answer(Shown.POSTED_BEFORE, 2, message_id=3)])

    async def ask(*_args: Any) -> Answer:
        return next(answers)

    monkeypatch.setattr(cog.requests, "ask", ask)
    for member in (11, 12):  # one request per member at a time
        asked = FakeInteraction(user_id=member)
        await cog.analyze.callback(cog, asked, 6)  # type: ignore[arg-type]
        assert links(asked.sent[0]["view"]) == [("Match page", page_of(6))]
    channel = Channel()
    cog.bot.get_channel = lambda channel_id: channel
    await cog.post_in_channel(6, 70, ANALYSIS)
    [(_, view)] = channel.sent
    assert links(view) == [("Match page", page_of(6))]
