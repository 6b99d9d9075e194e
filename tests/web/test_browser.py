"""The match page in a real browser (issue 34): Debian's headless Chromium, driven through its chromedriver by
Selenium, opens an analysed match's page, steps through every position with the arrow keys and checks the
Position ID shown against the engine's after the same actions, steps with the buttons (the board's image following),
shows a roll's luck and a move's analysis, runs the dice check (every roll matches; a roll
changed in the page is caught), fits a phone's 400 px without scrolling sideways, and saves screenshots.

Chromium's own network log says what the page fetched: on a first visit the page, its style sheet, script and icon
and the first board only (the steps' data and the other boards when the viewer steps), no request of the page
answered with an error, and a long 5-point match's first visit under 200 KB as received, compressed. When the
steps' data fails to load, the page says so and the next step loads it.

The screenshots go to the test's folder; with GAMMON_DOCS_SCREENSHOTS=1 to docs/ too, for docs/web.md.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import BaseTestServer, TestServer
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from bot.analysis.decisions import match_points
from bot.store import open_database
from bot.web import signing
from bot.web.app import Handler
from bot.web.frames import match_frames
from bot.web.reads import WebReads
from tests.support.system_programs import installed
from tests.web.helpers import SECRET, analysis_of, app_for, finished_match, store_analysis
from tests.web.test_frames import expected_position_id

DOCS = Path(__file__).resolve().parents[2] / "docs"

pytestmark = pytest.mark.slow


def browser(width: int, height: int) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = installed("chromium", "chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(argument)
    options.add_argument(f"--window-size={width},{height}")
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    service = Service(executable_path=installed("chromedriver", "chromium-driver"))
    return webdriver.Chrome(service=service, options=options)


#: The dice and the random player's choices of a 5-point match of 398 steps (a long one: most are 100 to 250).
LONG_MATCH_SEED = 77
LONG_MATCH_SERVER_SEED = bytes(32)
#: The most a first visit of a match page may take, as received: the page, its style sheet, script and icon, and
#: its first board.
FIRST_VISIT_BYTES = 200_000
STATIC = {"/static/style.css", "/static/match.js", "/static/icon.svg"}


def network(driver: webdriver.Chrome) -> list[tuple[str, int, int]]:
    """The requests the browser finished since the last call: (path, status, bytes received, headers and body as
    sent), from Chromium's performance log."""
    responses: dict[str, tuple[str, int]] = {}
    finished: dict[str, int] = {}
    for entry in driver.get_log("performance"):  # type: ignore[no-untyped-call]
        message = json.loads(entry["message"])["message"]
        params = message.get("params", {})
        if message["method"] == "Network.responseReceived":
            responses[params["requestId"]] = (params["response"]["url"], params["response"]["status"])
        elif message["method"] == "Network.loadingFinished":
            finished[params["requestId"]] = int(params["encodedDataLength"])
    return [
        (urlsplit(url).path, status, finished[key])
        for key, (url, status) in responses.items()
        if key in finished and url.startswith("http")  # not chromedriver's first blank page, data:,
    ]


#: True once the page and its board picture are loaded.
LOADED = """const board = document.getElementById('board');
return document.readyState === 'complete' && board.complete && board.naturalWidth > 0;"""


def first_visit(driver: webdriver.Chrome, url: str) -> list[tuple[str, int, int]]:
    """Open `url` with nothing cached and return the requests made until the page and its board are loaded (the
    icon with them when Chromium asked for it by then), once the log has them all (it comes a little later)."""
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.get(url)
    WebDriverWait(driver, 10, poll_frequency=0.05).until(lambda _: driver.execute_script(LOADED))
    page = urlsplit(url).path
    needed = {page, f"{page}/steps/0.png", "/static/style.css", "/static/match.js"}
    seen: list[tuple[str, int, int]] = []

    def logged(_: object) -> bool:
        seen.extend(network(driver))
        return needed <= {path for path, _, _ in seen}

    WebDriverWait(driver, 5, poll_frequency=0.05).until(logged)
    return seen


def check_first_visit(requests: list[tuple[str, int, int]], page: str) -> None:
    """The page, its style sheet, script and first board; its icon (where it names it, or where browsers look for
    it unasked) or not yet; nothing else."""
    paths = sorted(path for path, _, _ in requests)
    assert {page, f"{page}/steps/0.png", "/static/style.css", "/static/match.js"} <= set(paths), paths
    assert set(paths) <= {page, f"{page}/steps/0.png", *STATIC, "/favicon.ico"}, paths


#: What the page shows now, read in one round trip to the browser (a few per frame cost chromedriver and Chromium
#: most of this test's CPU): the viewer's frame and log entries applied, the Position ID, the caption.
READ_SHOWN = """const v = document.getElementById('viewer');
return [v.dataset.frame, v.dataset.actions, v.dataset.pending, document.getElementById('pid').innerText,
        document.getElementById('what').innerText];"""


def shown(driver: webdriver.Chrome) -> tuple[int, int, int, str, str]:
    """(frame, log entries applied, automatic plays of the entry still to come, Position ID, caption) as the page
    shows them now."""
    frame, actions, pending, position_id, caption = driver.execute_script(READ_SHOWN)
    return int(frame), int(actions), int(pending), position_id, caption


def shown_at(driver: webdriver.Chrome, index: int) -> tuple[int, int, int, str, str]:
    """What the page shows once it shows frame `index` (the first step waits for the steps' data)."""
    read = shown(driver)
    if read[0] != index:
        WebDriverWait(driver, 10, poll_frequency=0.02).until(lambda _: shown(driver)[0] == index)
        read = shown(driver)
    return read


def step_through(driver: webdriver.Chrome, log: object, count: int) -> int:
    """Press → through every frame; each Position ID checked against the engine. Returns the frames seen."""
    body = driver.find_element(By.TAG_NAME, "body")
    seen = forced = 0
    for index in range(count):
        _, actions, pending, position_id, caption = shown_at(driver, index)
        game_over = "wins game" in caption or index == count - 1
        expected = expected_position_id(log, actions, game_over, pending)  # type: ignore[arg-type]
        assert position_id == expected, (index, actions, pending)
        seen += 1
        forced += pending > 0
        body.send_keys(Keys.ARROW_RIGHT)
    assert forced > 0, "the match has positions an automatic play was made from, each a step"
    assert shown(driver)[0] == count - 1  # → at the last frame stays there
    body.send_keys(Keys.HOME)
    assert shown(driver)[0] == 0
    return seen


def click_through(driver: webdriver.Chrome, count: int) -> None:
    """The buttons step too, and the board shown is the step's: its image's address ends with the step."""
    board = driver.find_element(By.ID, "board")
    for button, frame in (("next", 1), ("next", 2), ("prev", 1), ("last", count - 1), ("first", 0), ("prev", 0)):
        driver.find_element(By.ID, button).click()
        assert shown(driver)[0] == frame, button
        assert (board.get_attribute("src") or "").endswith(f"/steps/{frame}.png"), (button, board.get_attribute("src"))
    assert driver.find_element(By.ID, "counter").text == f"1 / {count}"
    assert "'s roll " in driver.find_element(By.ID, "judged").text  # the opening roll's luck, on the first step


def check_dice(driver: webdriver.Chrome, rolls: int) -> None:
    driver.find_element(By.ID, "check-dice").click()
    result = driver.find_element(By.ID, "dice-result")
    WebDriverWait(driver, 60).until(lambda _: "rolls match" in result.text)
    assert result.text == f"Commitment ✓; {rolls} of {rolls} rolls match."
    assert len(driver.find_elements(By.CSS_SELECTOR, "#rolls li.match")) == rolls


def drive(url: str, log: object, frames: int, rolls: int, shots: Path) -> None:
    driver = browser(1000, 1400)
    try:
        page = urlsplit(url).path
        requests = first_visit(driver, url)
        check_first_visit(requests, page)
        assert step_through(driver, log, frames) == frames
        click_through(driver, frames)
        marked = driver.find_elements(By.CSS_SELECTOR, "#moves li.blunder, #moves li.error")
        assert marked, "a randomly played match has errors, marked in the move list"
        marked[0].click()  # a click on a move shows it, with its analysis
        assert shown(driver)[0] == int(marked[0].get_attribute("data-i") or -1)
        assert "best" in driver.find_element(By.ID, "judged").text
        driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(str(shots / "web-match.png"))
        check_dice(driver, rolls)
        section = driver.find_element(By.ID, "dice")
        driver.execute_script("arguments[0].scrollIntoView()", section)
        driver.save_screenshot(str(shots / "web-dice.png"))
        # A roll changed in the page is caught: the check recomputes, it does not trust what it is shown.
        driver.execute_script(
            "const d = document.getElementById('roll-data'); const r = JSON.parse(d.textContent);"
            "r[3] = [r[3][0] % 6 + 1, r[3][1]]; d.textContent = JSON.stringify(r);"
        )
        driver.find_element(By.ID, "check-dice").click()
        result = driver.find_element(By.ID, "dice-result")
        WebDriverWait(driver, 60).until(lambda _: f"{rolls - 1} of {rolls}" in result.text)
        assert "mismatch" in (driver.find_elements(By.CSS_SELECTOR, "#rolls li")[3].get_attribute("class") or "")
        driver.set_window_size(400, 800)  # a phone's width, in the same browser (one Chromium started, not two)
        driver.get(url)
        wide = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        assert wide <= 0, f"the page scrolls sideways by {wide} px at 400 px"
        driver.save_screenshot(str(shots / "web-phone.png"))
        requests += network(driver)
    finally:
        driver.quit()
    assert [(path, status) for path, status, _ in requests if status != 200] == []
    assert {f"{page}/steps.json", f"{page}/steps/{frames - 1}.png"} <= {path for path, _, _ in requests}


async def test_the_match_page_in_chromium(tmp_path: Path) -> None:
    async with open_database(tmp_path / "gammon.db") as db:
        record = await finished_match(db, length=3, seed=4, analysed=True, server_seed=bytes(32))
        log = record.match.log
        rolls = (len(log.start_dice) + sum(len(entry.dice) for entry in log.entries)) // 2
        app = app_for(db)
        answered: list[tuple[str, int]] = []

        async def record_answer(request: web.Request, response: web.StreamResponse) -> None:
            answered.append((request.path, response.status))

        app.on_response_prepare.append(record_answer)
        async with TestServer(app, host="127.0.0.1") as server:
            page = await _get(server, signing.match_path(SECRET, record.id))
            frames = page.count('<li data-i="')
            analysis = await WebReads(db).analysis(record.id)
            assert analysis is not None and page.count('<span class="luck"') == len(analysis.rolls) > 0  # every roll
            url = str(server.make_url(signing.match_path(SECRET, record.id)))
            await asyncio.to_thread(drive, url, log, frames, rolls, tmp_path)
    assert [(path, status) for path, status in answered if status != 200] == []  # the server's side: no 404
    assert len(answered) > frames  # every board, and the rest
    for name in ("web-match.png", "web-dice.png", "web-phone.png"):
        assert (tmp_path / name).stat().st_size > 10_000
        if os.environ.get("GAMMON_DOCS_SCREENSHOTS"):
            shutil.copy(tmp_path / name, DOCS / name)


async def _get(server: BaseTestServer, path: str) -> str:
    async with aiohttp.ClientSession() as session, session.get(server.make_url(path)) as response:
        assert response.status == 200
        return await response.text()


def first_visit_bytes(url: str) -> dict[str, int]:
    driver = browser(1000, 1400)
    try:
        requests = first_visit(driver, url)
    finally:
        driver.quit()
    check_first_visit(requests, urlsplit(url).path)
    assert [status for _, status, _ in requests] == [200] * len(requests)
    return {path: size for path, _, size in requests}


async def test_a_long_matchs_first_visit_is_under_200_kb_as_received(tmp_path: Path) -> None:
    async with open_database(tmp_path / "gammon.db") as db:
        record = await finished_match(db, length=5, seed=LONG_MATCH_SEED, server_seed=LONG_MATCH_SERVER_SEED)
        log = record.match.log
        errors = {decision.index: 0.1 for decision in match_points(log).decisions[::9]}  # marks on the page
        await store_analysis(db, record, analysis_of(log, errors, set()))
        async with TestServer(app_for(db), host="127.0.0.1") as server:
            path = signing.match_path(SECRET, record.id)
            received = await asyncio.to_thread(first_visit_bytes, str(server.make_url(path)))
            html = await _get(server, path)
    assert 380 <= len(match_frames(log)) <= 420
    assert received[path] < len(html.encode()) / 3  # the page came compressed
    assert sum(received.values()) < FIRST_VISIT_BYTES, received


def step_twice(url: str) -> tuple[tuple[int, str], tuple[int, str]]:
    """Open `url`, press → (the steps' data fails to load), then → again: (frame, caption) after each."""
    driver = browser(1000, 1400)
    try:
        driver.get(url)
        body = driver.find_element(By.TAG_NAME, "body")
        body.send_keys(Keys.ARROW_RIGHT)
        WebDriverWait(driver, 10, poll_frequency=0.05).until(lambda _: "could not" in shown(driver)[4])
        failed = shown(driver)
        body.send_keys(Keys.ARROW_RIGHT)
        loaded = shown_at(driver, 1)
    finally:
        driver.quit()
    return (failed[0], failed[4]), (loaded[0], loaded[4])


async def test_a_step_after_the_steps_data_failed_to_load_loads_it_again(tmp_path: Path) -> None:
    async with open_database(tmp_path / "gammon.db") as db:
        record = await finished_match(db, length=1, seed=2, server_seed=bytes(32))
        app = app_for(db)
        asked: list[str] = []

        @web.middleware
        async def first_steps_fail(request: web.Request, handler: Handler) -> web.StreamResponse:
            if request.path.endswith("/steps.json"):
                asked.append(request.path)
                if len(asked) == 1:
                    return web.Response(status=503, text="busy")
            return await handler(request)

        app.middlewares.append(first_steps_fail)
        async with TestServer(app, host="127.0.0.1") as server:
            url = str(server.make_url(signing.match_path(SECRET, record.id)))
            failed, loaded = await asyncio.to_thread(step_twice, url)
    assert failed == (0, "The steps could not be loaded: step again, or reload the page.")
    assert loaded[0] == 1 and "could not" not in loaded[1] and len(asked) == 2
