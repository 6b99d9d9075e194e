"""The live board (a Discord Activity) through the real bot, the real web server (`python -m bot.web`, its own
process over the bot's database) and the Discord stand-in answering the sign-in's token exchange: two players act
from their pages while a third member watches, and the channel's board follows every turn; a press on the channel
board reaches the pages within 200 ms; refusals change nothing."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
import pytest_asyncio

from bot.web.activity import sessions
from cogs.ui.custom_ids import GAME_TEMPLATE
from tests.e2e.conftest import one_bot_per_module, seeded_env
from tests.e2e.table import Table, labels, start_match
from tests.support.activity_pages import LIVE_BOARD_BOT, SECRET, Page, WebProcess, activity_env, free_port, web_process
from tests.support.discord_standin import BotProcess, DiscordStandin, ScenarioUser
from tests.support.discord_standin.model import Channel

pytestmark = pytest.mark.asyncio(loop_scope="module")
#: The bot offers the live board where it is set up: the client's id and secret, and the web pages.
bot, standin = one_bot_per_module(seeded_env() | LIVE_BOARD_BOT)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def web(
    module_standin: DiscordStandin, bot: BotProcess, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[WebProcess]:
    port = free_port()
    env = activity_env(module_standin, bot.database_path, port)
    async with web_process(env, tmp_path_factory.mktemp("web")) as process:
        yield process


@pytest_asyncio.fixture(loop_scope="module")
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


#: Buttons that are no game controls: a claim offer, the move list, a finished match's rematch.
PASSIVE = ("claim", "moves", "rematch")


def live_board(channel: Channel, match_id: int) -> list[int]:
    """The versions the channel's messages with live controls of the match were drawn for (one at most)."""
    versions = []
    for message in channel.messages:
        found = [GAME_TEMPLATE.fullmatch(button.custom_id or "") for button in message.buttons if not message.deleted]
        found = [
            one for one in found if one is not None and int(one["match"]) == match_id and one["action"] not in PASSIVE
        ]
        if found:
            versions.append(int(found[0]["version"]))
    return versions


async def pages_for(
    standin: DiscordStandin, web: WebProcess, http: aiohttp.ClientSession, table: Table, *users: ScenarioUser
) -> list[Page]:
    pages = []
    for user in users:
        page = Page(web, http)
        await page.sign_in(standin, user.user)
        await page.open(table.channel.id)
        await page.next("welcome")
        await page.next("state")
        pages.append(page)
    return pages


def mover(pages: list[Page], state: dict[str, Any]) -> Page:
    """The page of the player to act: each player's page sees the match from their own seat (to_act 0: them)."""
    found = [page for page in pages if page.state is not None and page.state["to_act"] == 0]
    assert found, [page.state for page in pages]
    return found[0]


async def in_step(pages: list[Page]) -> None:
    """Every page at the newest version any of them was sent."""
    for page in pages:
        while True:
            try:
                await page.next("state", timeout=0.15)
            except TimeoutError:
                break
    newest = max(page.state["version"] for page in pages if page.state is not None)
    for page in pages:
        await page.state_where(lambda state, newest=newest: state["version"] == newest)


async def play_one_turn(pages: list[Page], undo: bool = False) -> dict[str, Any]:
    """The player to act rolls, enters legal steps one by one (the first the page offers each time), and is done;
    with `undo`, the first step is taken back with Undo and entered again."""
    await in_step(pages)
    assert pages[0].state is not None
    page = mover(pages, pages[0].state)
    assert page.state is not None
    version = page.state["version"]
    if "roll" in page.state["actions"]:
        await page.act("roll")
        version += 1
        await page.state_where(lambda state, version=version: state["version"] >= version)
    while page.state["steps"]:
        start, _, die = page.state["steps"][0]
        await page.act("step", start=start, die=die)
        version += 1
        await page.state_where(lambda state, version=version: state["version"] >= version)
        if undo:
            assert "undo" in page.state["actions"]
            offered = page.state["steps"]
            await page.act("undo")
            version, undo = version + 1, False
            again = await page.state_where(lambda state, version=version: state["version"] >= version)
            assert [start, again["steps"][0][1], die] in again["steps"] and again["steps"] != offered
    if "done" in page.state["actions"]:
        await page.act("done")
        version += 1
    return await page.state_where(lambda state: state["version"] >= version)


async def test_two_players_act_from_their_pages_a_member_watches_and_the_channel_board_follows(
    standin: DiscordStandin, bot: BotProcess, web: WebProcess, http: aiohttp.ClientSession
) -> None:
    alice, bob, carol = standin.add_user("Alice"), standin.add_user("Bob"), standin.add_user("Carol")
    table = await start_match(standin, alice, bob, length=1)
    match_id = int(GAME_TEMPLATE.fullmatch(table.game.buttons[0].custom_id or "")["match"])  # type: ignore[index]
    pages = await pages_for(standin, web, http, table, alice, bob, carol)
    watcher = pages[2]
    assert watcher.state is not None and watcher.state["seat"] is None and watcher.state["actions"] == []
    followed: list[float] = []  # seconds from the page's last action of a turn to the channel board showing it
    for _ in range(4):
        after = await play_one_turn(pages[:2])
        # the watcher sees it, and the channel's one live board shows the stored version within a few seconds
        shown, done = after["version"], time.monotonic()
        await watcher.state_where(lambda state, shown=shown: state["version"] == shown)
        await standin.eventually(
            lambda shown=shown: live_board(table.channel, match_id) == [shown], timeout=5, what="the channel board"
        )
        followed.append(time.monotonic() - done)
    assert max(followed) < 2.0, followed
    # a press on the channel's board reaches every page within 200 ms
    table.current = next(m for m in table.channel.messages if not m.deleted and live_board_of(m, match_id))
    presser = table.to_act()
    assert presser is not None
    before = pages[0].state["version"]  # type: ignore[index]
    await table.click(presser, custom_id=table.game.buttons[0].custom_id)  # a step, or Roll
    pressed = time.monotonic()
    for page in pages:
        await page.state_where(lambda state: state["version"] > before, timeout=2)
    assert time.monotonic() - pressed < 0.2
    # the match ends from the pages: a resignation offered and accepted
    await play_one_turn(pages[:2])
    await in_step(pages[:2])
    offering = mover(pages[:2], pages[0].state or {})
    await offering.act("resign")
    answering = next(page for page in pages[:2] if page is not offering)
    await answering.state_where(lambda state: "raccept" in state["actions"])
    await answering.act("raccept")
    final = await watcher.state_where(lambda state: state["status"] == "finished")
    assert final["winner"] is not None and final["actions"] == []
    await standin.eventually(lambda: live_board(table.channel, match_id) == [], timeout=5, what="no live board")
    assert not standin.take_violations()


def live_board_of(message: Any, match_id: int) -> bool:
    return any(
        (found := GAME_TEMPLATE.fullmatch(button.custom_id or "")) is not None and int(found["match"]) == match_id
        for button in message.buttons
    )


async def test_refusals_change_nothing(
    standin: DiscordStandin, bot: BotProcess, web: WebProcess, http: aiohttp.ClientSession
) -> None:
    alice, bob, carol = standin.add_user("Alice"), standin.add_user("Bob"), standin.add_user("Carol")
    table = await start_match(standin, alice, bob, length=3)
    other_table = await start_match(standin, standin.add_user("Dan"), standin.add_user("Eve"), length=1)
    pages = await pages_for(standin, web, http, table, alice, bob, carol)
    assert pages[0].state is not None
    version = pages[0].state["version"]
    waiting = next(page for page in pages[:2] if page.state is not None and page.state["to_act"] == 1)
    acting = next(page for page in pages[:2] if page is not waiting)

    async def refused(page: Page, **message: Any) -> str:
        await page.send({"type": "act", "match": pages[0].state["match"], "version": version} | message)  # type: ignore[index]
        return str((await page.next("refused"))["message"])

    assert "turn" in await refused(waiting, action="roll")  # out of turn
    assert "between" in await refused(pages[2], action="roll")  # a member who does not play it
    other_id = int(GAME_TEMPLATE.fullmatch(other_table.game.buttons[0].custom_id or "")["match"])  # type: ignore[index]
    await acting.send({"type": "act", "match": other_id, "version": 1, "action": "roll"})
    assert (await acting.next("refused"))["message"] == "This live board shows another match."
    if "roll" in acting.state["actions"]:  # type: ignore[index]
        await acting.act("roll")
        await acting.state_where(lambda state: state["version"] == version + 1)
        version += 1
    assert acting.state is not None
    empty = next(point for point in range(1, 25) if acting.state["points"][point - 1] <= 0)
    assert "No checker can move" in await refused(acting, action="step", start=empty, die=acting.state["dice"][0])
    await acting.send({"type": "act", "match": acting.state["match"], "version": version - 1, "action": "done"})
    await acting.next("refused")  # an older version: out of date
    assert acting.state["version"] == version and live_board(table.channel, acting.state["match"]) == [version]

    # a member who does not play it may watch it only from its channel: elsewhere it is as unknown as any number
    stranger = Page(web, http)
    await stranger.sign_in(standin, carol.user)
    await stranger.open(None)
    await stranger.next("matches")
    await stranger.send({"type": "watch", "match": acting.state["match"]})
    assert (await stranger.next("refused"))["message"] == f"There is no match #{acting.state['match']}."
    assert stranger.state is None
    await sign_ins_are_refused(standin, web, http, table.channel.id, acting.session, alice, carol)
    # the dice's server seed never reaches a page while the match runs
    with sqlite3.connect(f"file:{bot.database_path}?mode=ro", uri=True) as db:
        seed = db.execute("SELECT server_seed FROM matches WHERE id = ?", (acting.state["match"],)).fetchone()[0]
    assert seed and all(seed not in str(message) for page in pages for message in page.received)
    assert not standin.take_violations()


async def sign_ins_are_refused(
    standin: DiscordStandin,
    web: WebProcess,
    http: aiohttp.ClientSession,
    channel_id: int,
    session: str,
    alice: ScenarioUser,
    carol: ScenarioUser,
) -> None:
    """A forged, an expired and another secret's session each end the page at its sign-in; a code used twice is
    refused by Discord, and so the sign-in. `session` is a page's own, forged here by its last characters."""
    for forged in (
        session[:-2] + ("AA" if not session.endswith("AA") else "BB"),
        sessions.issue(SECRET, alice.id, time.time() - 2 * sessions.SESSION_SECONDS),
        sessions.issue("another secret of more than thirty-two chars", alice.id, time.time()),
    ):
        page = Page(web, http)
        await page.open(channel_id, forged)
        assert (await page.next("signin"))["type"] == "signin"
        assert (await page.next("closed"))["type"] == "closed"
    code = standin.oauth.code_for(carol.user)
    async with http.post(f"{web.url}/activity/api/token", json={"code": code}) as first:
        assert first.status == 200
    async with http.post(f"{web.url}/activity/api/token", json={"code": code}) as second:
        assert second.status == 403


async def test_the_boards_button_and_bg_live_open_the_activity_which_finds_the_match(
    standin: DiscordStandin, bot: BotProcess, web: WebProcess, http: aiohttp.ClientSession
) -> None:
    standin.activities = True
    alice, bob = standin.add_user("Alice"), standin.add_user("Bob")
    table = await start_match(standin, alice, bob, length=1)
    assert "Live board" in labels(table.game, extras=True)
    pressed = await bob.click(table.game, "Live board")  # anyone may open it; only the players act in it
    assert pressed.type == 12 and not pressed.rejections
    typed = await alice.slash("bg live")
    assert typed.type == 12 and not typed.rejections
    match_id = int(GAME_TEMPLATE.fullmatch(table.game.buttons[0].custom_id or "")["match"])  # type: ignore[index]
    page = Page(web, http)
    await page.sign_in(standin, alice.user)
    await page.open(None)  # launched outside the match's channel: the member's matches are listed
    listed = await page.next("matches")
    assert match_id in [one["id"] for one in listed["matches"]]
    await page.send({"type": "watch", "match": match_id})
    assert (await page.next("state"))["state"]["match"] == match_id
    assert not standin.take_violations()


async def test_the_cube_from_the_pages_double_take_redouble_drop(
    standin: DiscordStandin, bot: BotProcess, web: WebProcess, http: aiohttp.ClientSession
) -> None:
    alice, bob = standin.add_user("Alice"), standin.add_user("Bob")
    table = await start_match(standin, alice, bob, length=5, clock="blitz")
    pages = await pages_for(standin, web, http, table, alice, bob)
    assert pages[0].state is not None and pages[0].state["clock"] is not None
    first_clock = pages[0].state["clock"]
    await play_one_turn(pages, undo=True)  # the opening roll's play, its first step taken back once
    await in_step(pages)
    doubler = mover(pages, pages[0].state or {})
    taker = next(page for page in pages if page is not doubler)
    assert doubler.state is not None and doubler.state["actions"][:2] == ["roll", "double"]
    assert pages[0].state is not None and first_clock == [150.0, 150.0]  # blitz: 2:30 each (within each move's delay)
    assert all(0 < left <= first for left, first in zip(pages[0].state["clock"], first_clock, strict=True))
    await doubler.act("double")
    offered = await taker.state_where(lambda state: "take" in state["actions"])
    assert offered["actions"][:2] == ["take", "drop"] and offered["to_act"] == 0
    await taker.act("take")
    taken = await doubler.state_where(lambda state: state["cube"] == 2)
    assert taken["cube_owner"] == 1  # the taker's, seen from the doubler's side (R6.2)
    await play_one_turn(pages)  # the doubler rolls and plays
    await in_step(pages)
    assert taker.state is not None and taker.state["to_act"] == 0 and "double" in taker.state["actions"]
    await taker.act("double")  # the owner redoubles to 4
    await doubler.state_where(lambda state: "drop" in state["actions"])
    await doubler.act("drop")
    scored = await taker.state_where(lambda state: state["score"][0] == 2)  # the game at the cube before it, 2
    assert scored["cube"] == 1 and scored["status"] == "active"  # the next game begins
    await standin.eventually(
        lambda: live_board(table.channel, scored["match"]) == [scored["version"]], timeout=5, what="the board"
    )
    assert not standin.take_violations()


async def test_a_match_against_the_computer_is_played_from_the_page_and_the_computer_answers(
    standin: DiscordStandin, bot: BotProcess, web: WebProcess, http: aiohttp.ClientSession
) -> None:
    alice = standin.add_user("Alice")
    await alice.slash("bg computer", level="beginner", length=3)
    table = Table(standin, alice.channel, (alice, alice))
    await table.next_board(timeout=20)
    [page] = await pages_for(standin, web, http, table, alice)
    for _ in range(2):  # two turns of Alice's from the page, the computer's turn after each
        mine = await page.state_where(lambda state: state["to_act"] == 0, timeout=20)
        if "take" in mine["actions"]:  # the computer doubled: taken, and Alice's turn comes after the computer's
            await page.act("take")
            mine = await page.state_where(
                lambda state, mine=mine: state["version"] > mine["version"] + 1 and state["to_act"] == 0, timeout=20
            )
        after = await play_one_turn([page])
        assert after["version"] > mine["version"]
        # Alice's turn again at a later version: the computer's turn was stored meanwhile (its roll and play)
        await page.state_where(
            lambda state, after=after: state["version"] > after["version"] and state["to_act"] == 0, timeout=20
        )
    assert not standin.take_violations()
