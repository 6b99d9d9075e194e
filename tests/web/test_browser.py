"""The match page in a real browser (issue 34): Debian's headless Chromium, driven through its chromedriver by
Selenium, opens an analysed match's page, steps through every position with the arrow keys and checks the
Position ID shown against the engine's after the same actions, steps with the buttons (the board's image following),
shows a roll's luck and a move's analysis, runs the dice check (every roll matches; a roll
changed in the page is caught), fits a phone's 400 px without scrolling sideways, and saves screenshots.

The screenshots go to the test's folder; with GAMMON_DOCS_SCREENSHOTS=1 to docs/ too, for docs/web.md.
"""

from __future__ import annotations

import asyncio
import os
import shutil
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestServer
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from bot.store import open_database
from bot.web import signing
from bot.web.reads import WebReads
from tests.support.system_programs import installed
from tests.web.helpers import SECRET, app_for, finished_match
from tests.web.test_frames import expected_position_id

DOCS = Path(__file__).resolve().parents[2] / "docs"

pytestmark = pytest.mark.slow


def browser(width: int, height: int) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = installed("chromium", "chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(argument)
    options.add_argument(f"--window-size={width},{height}")
    service = Service(executable_path=installed("chromedriver", "chromium-driver"))
    return webdriver.Chrome(service=service, options=options)


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


def step_through(driver: webdriver.Chrome, log: object, count: int) -> int:
    """Press → through every frame; each Position ID checked against the engine. Returns the frames seen."""
    body = driver.find_element(By.TAG_NAME, "body")
    seen = forced = 0
    for index in range(count):
        frame, actions, pending, position_id, caption = shown(driver)
        assert frame == index
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
        assert (board.get_attribute("src") or "").endswith(f"/{frame}.png"), (button, board.get_attribute("src"))
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
        driver.get(url)
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
    finally:
        driver.quit()


async def test_the_match_page_in_chromium(tmp_path: Path) -> None:
    async with open_database(tmp_path / "gammon.db") as db:
        record = await finished_match(db, length=3, seed=4, analysed=True)
        log = record.match.log
        rolls = (len(log.start_dice) + sum(len(entry.dice) for entry in log.entries)) // 2
        async with TestServer(app_for(db), host="127.0.0.1") as server:
            page = await _get(server, signing.match_path(SECRET, record.id))
            frames = page.count('<li data-i="')
            analysis = await WebReads(db).analysis(record.id)
            assert analysis is not None and page.count('<span class="luck"') == len(analysis.rolls) > 0  # every roll
            url = str(server.make_url(signing.match_path(SECRET, record.id)))
            await asyncio.to_thread(drive, url, log, frames, rolls, tmp_path)
    for name in ("web-match.png", "web-dice.png", "web-phone.png"):
        assert (tmp_path / name).stat().st_size > 10_000
        if os.environ.get("GAMMON_DOCS_SCREENSHOTS"):
            shutil.copy(tmp_path / name, DOCS / name)


async def _get(server: TestServer, path: str) -> str:
    async with aiohttp.ClientSession() as session, session.get(server.make_url(path)) as response:
        assert response.status == 200
        return await response.text()
