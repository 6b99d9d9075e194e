"""The live board in real browsers: Debian's headless Chromium (as tests/web/test_browser.py starts it) opens the
Activity inside a stand-in of Discord's client (tests/support/activity_client: the parent page answering the SDK's
handshake, AUTHORIZE and AUTHENTICATE messages), which signs in through the web server and the Discord stand-in's
token exchange. Two players play a 1-point match to its end while a third member watches, the channel's board
checked after every turn: one drags checkers to the highlighted points with the mouse, the other, on a phone's
400 px, taps a checker and then its point with a finger (touch events); the web server restarts on the way and
every page comes back by itself.
Screenshots at a phone's 400 px and at a desktop's width go to the test's folder (to docs/ too with
GAMMON_DOCS_SCREENSHOTS=1, for docs/activity.md).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest
import pytest_asyncio
from aiohttp import web
from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from cogs.ui.custom_ids import GAME_TEMPLATE
from tests.e2e.conftest import one_bot_per_module, seeded_env
from tests.e2e.table import start_match
from tests.e2e.test_activity import live_board
from tests.support.activity_pages import (
    LIVE_BOARD_BOT,
    WebProcess,
    activity_env,
    free_port,
    start_web,
    stop_web,
    web_process,
)
from tests.support.discord_standin import BotProcess, DiscordStandin, ScenarioUser
from tests.web.test_browser import browser

pytestmark = [pytest.mark.asyncio(loop_scope="module"), pytest.mark.slow]
bot, standin = one_bot_per_module(seeded_env() | LIVE_BOARD_BOT)

#: Where the stand-in of Discord's client is served: an origin the SDK takes messages from (its local one).
CLIENT = ("localhost", 3333)
CLIENT_FILES = Path(__file__).resolve().parents[1] / "support" / "activity_client"
DOCS = Path(__file__).resolve().parents[2] / "docs"
#: The turn before which the pictures are taken and the web server restarted, and the most a 1-point match may
#: take here (it ends in 40 to 60 turns).
PICTURED_TURN = 6
#: Milliseconds each move of the pointer takes (Selenium's default, 250, would make the match's 100 drags last 50 s).
DRAG_MS = 20
MOST_TURNS = 150


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def client() -> AsyncIterator[str]:
    app = web.Application()
    app.router.add_static("/", CLIENT_FILES)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    try:
        await web.TCPSite(runner, *CLIENT).start()
    except OSError as error:
        pytest.fail(f"the Discord client stand-in needs {CLIENT[0]}:{CLIENT[1]} free: {error}")
    try:
        yield f"http://{CLIENT[0]}:{CLIENT[1]}"
    finally:
        await runner.cleanup()


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def web_server(
    module_standin: DiscordStandin, bot: BotProcess, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[WebProcess]:
    port = free_port()
    env = activity_env(
        module_standin, bot.database_path, port, ACTIVITY_FRAME_ANCESTORS=f"http://{CLIENT[0]}:{CLIENT[1]}"
    )
    async with web_process(env, tmp_path_factory.mktemp("web")) as process:
        yield process


@pytest.fixture(scope="module")
def drivers() -> Iterator[list[webdriver.Chrome]]:
    started = [browser(1000, 700), browser(400, 760), browser(1000, 700)]
    phone = {"width": 400, "height": 760, "deviceScaleFactor": 1, "mobile": True}
    started[1].execute_cdp_cmd("Emulation.setDeviceMetricsOverride", phone)  # a phone's width: touch, 400 px
    try:
        yield started
    finally:
        for driver in started:
            driver.quit()


def open_activity(
    driver: webdriver.Chrome, standin: DiscordStandin, client: str, web: WebProcess, user: ScenarioUser, channel: int
) -> str:
    """Open the Activity in the client stand-in as `user`; the access token the page authenticated with."""
    activity = f"{web.url}/activity/?" + urlencode(
        {"frame_id": "frame-1", "instance_id": "i-1", "platform": "desktop", "channel_id": channel}
    )
    query = {
        "src": activity,
        "code": standin.oauth.code_for(user.user),
        "client_id": str(standin.application_id),
        "frame_id": "frame-1",
        "user_id": str(user.id),
        "username": user.name,
    }
    driver.get(f"{client}/client.html?" + urlencode(query))
    WebDriverWait(driver, 10, poll_frequency=0.05).until(lambda d: d.execute_script("return window.authenticated"))
    token = str(driver.execute_script("return window.authenticated"))
    driver.switch_to.frame("activity")
    return token


def shown(driver: webdriver.Chrome) -> dict[str, str]:
    return driver.execute_script(  # type: ignore[no-any-return]
        "const b = document.getElementById('board'); return {version: b.dataset.version || '', "
        "status: b.dataset.status || '', toAct: b.dataset.toAct || ''};"
    )


def wait_version(driver: webdriver.Chrome, version: int) -> None:
    WebDriverWait(driver, 5, poll_frequency=0.02).until(lambda d: int(shown(d)["version"] or -1) >= version)


def drag_one(driver: webdriver.Chrome, touch: bool) -> bool:
    """Move a movable checker to the first highlighted point: dragged with the mouse, or with a finger tapped, then
    its target tapped (a touch's press and release are one action each); False when none may move."""
    checkers = driver.find_elements(By.CSS_SELECTOR, "circle.movable")
    if not checkers:
        return False
    version = int(shown(driver)["version"])
    if touch:
        finger = [PointerInput(interaction.POINTER_TOUCH, "finger")]
        ActionChains(driver, duration=DRAG_MS, devices=finger).click(checkers[0]).perform()
    else:
        ActionChains(driver, duration=DRAG_MS).click_and_hold(checkers[0]).perform()
    targets = driver.find_elements(By.CSS_SELECTOR, "rect.target")
    assert targets, "a movable checker shows where it may go"
    if touch:
        ActionChains(driver, duration=DRAG_MS, devices=finger).click(targets[0]).perform()
    else:
        ActionChains(driver, duration=DRAG_MS).move_to_element(targets[0]).release().perform()
    wait_version(driver, version + 1)
    kind = driver.execute_script("return document.getElementById('board').dataset.pointer")
    assert kind == ("touch" if touch else "mouse")
    return True


def drag_all(driver: webdriver.Chrome, touch: bool) -> None:
    while drag_one(driver, touch):
        pass


def press(driver: webdriver.Chrome, action: str) -> None:
    version = int(shown(driver)["version"])
    driver.find_element(By.CSS_SELECTOR, f"#controls button[data-action='{action}']").click()
    if action != "resign":
        wait_version(driver, version + 1)


def screenshot(driver: webdriver.Chrome, folder: Path, name: str) -> None:
    time.sleep(0.4)  # the dice have fallen (activity.css: 0.35 s)
    driver.switch_to.default_content()
    path = folder / name
    driver.save_screenshot(str(path))
    if os.environ.get("GAMMON_DOCS_SCREENSHOTS") == "1":
        shutil.copy(path, DOCS / name)
    driver.switch_to.frame("activity")


async def pictures_and_a_restart(drivers: list[webdriver.Chrome], web: WebProcess, folder: Path) -> None:
    """The phone's and the desktop's pictures; then the web server restarts, and every page opens its socket again
    by itself and shows the match as stored (what it showed is cleared first, so that only a state sent after the
    restart fills it again)."""
    wide = drivers[1].execute_script("return document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"the live board scrolls sideways by {wide} px at 400 px"
    await asyncio.to_thread(screenshot, drivers[1], folder, "activity-phone.png")
    await asyncio.to_thread(screenshot, drivers[0], folder, "activity-desktop.png")
    version = int(shown(drivers[2])["version"])
    for driver in drivers:
        await asyncio.to_thread(driver.execute_script, "document.getElementById('board').dataset.version = ''")
    await stop_web(web)
    await start_web(web)
    for driver in drivers:
        await asyncio.to_thread(wait_version, driver, version)


async def test_two_players_drag_their_checkers_to_the_end_while_a_member_watches(
    standin: DiscordStandin,
    bot: BotProcess,
    web_server: WebProcess,
    client: str,
    drivers: list[webdriver.Chrome],
    tmp_path: Path,
) -> None:
    alice, bob, carol = standin.add_user("Alice"), standin.add_user("Bob"), standin.add_user("Carol")
    table = await start_match(standin, alice, bob, length=1)
    match_id = int(GAME_TEMPLATE.fullmatch(table.game.buttons[0].custom_id or "")["match"])  # type: ignore[index]
    for driver, user in zip(drivers, (alice, bob, carol), strict=True):
        token = await asyncio.to_thread(open_activity, driver, standin, client, web_server, user, table.channel.id)
        assert standin.oauth.tokens[token] is user.user  # authenticated with the token its own code gave
    players, watcher = drivers[:2], drivers[2]
    for turn in range(MOST_TURNS):
        if turn == PICTURED_TURN:
            await pictures_and_a_restart(drivers, web_server, tmp_path)
        newest = int(shown(watcher)["version"])
        await asyncio.to_thread(lambda newest=newest: [wait_version(d, newest) for d in players])
        movers = [d for d in players if shown(d)["toAct"] == "0"]
        if not movers:
            break
        await asyncio.to_thread(drag_all, movers[0], movers[0] is drivers[1])  # the phone's player taps
        if movers[0].find_elements(By.CSS_SELECTOR, "#controls button[data-action='done']"):
            await asyncio.to_thread(press, movers[0], "done")
        version = int(shown(movers[0])["version"])
        await asyncio.to_thread(wait_version, watcher, version)
        live = [] if shown(watcher)["status"] == "finished" else [version]
        await standin.eventually(
            lambda live=live: live_board(table.channel, match_id) == live, timeout=5, what="the channel's board"
        )
    assert [shown(d)["status"] for d in drivers] == ["finished"] * 3, f"not over after {MOST_TURNS} turns"
    assert not any(d.find_elements(By.CSS_SELECTOR, "#controls button") for d in drivers)
    assert not standin.take_violations()
