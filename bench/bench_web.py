"""How light and quick a match page is, side by side with a reference version of the code: the real web server
(`python -m bot.web`, its own process) of each version, one after the other over the same SQLite database of
finished 5-point matches, played to the end by the random legal player on fixed dice (the same matches every run)
and analysed at bgsage's quick level, as the bot stores them. The reference is a git revision (`--reference`,
main by default), extracted to a temporary folder.

For each match and version: the bytes a first visit takes as Chromium receives them (headless, nothing cached,
compressed when the server compresses; its network log, headers included), until the page, its first board and
whatever the page fetched at once are loaded; which requests they were; the page's HTML uncompressed; the time to
the first byte of the first request (the page built) and the median of the following ones (kept), and one board.
Target: a first visit under 200 KB; median time to first byte < 50 ms.
Prints a table and writes bench/results/web.json. Run: .venv/bin/python bench/bench_web.py [--reference REV]
(`--length 1 --seeds 13`: one short match, as the tests run it).
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import platform
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from selenium import webdriver  # noqa: E402

import bot  # noqa: E402
from bot.store import open_database  # noqa: E402
from bot.web import signing  # noqa: E402
from tests.web.helpers import SECRET, finished_match  # noqa: E402
from tests.web.test_browser import LOADED, browser, network  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "web.json"
#: The project's checkout whose code is measured and whose git history holds the reference (this script's own
#: folder's parent, unless the script was copied elsewhere to run, as the tests do).
CODE = Path(bot.__file__).resolve().parent.parent
TARGET_BYTES = 200_000
TARGET_FIRST_BYTE_MS = 50.0
WARM_REQUESTS = 40
#: The random player's seeds of the matches measured, on the dice of SERVER_SEED: 219, 246 and 398 steps.
SEEDS = (3, 8, 77)
SERVER_SEED = bytes(32)


async def make_matches(path: Path, length: int, seeds: list[int]) -> list[int]:
    """The id of each match, analysed."""
    async with open_database(path) as db:
        return [
            (await finished_match(db, length=length, seed=seed, analysed=True, server_seed=SERVER_SEED)).id
            for seed in seeds
        ]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def fetch(port: int, path: str) -> tuple[float, bytes]:
    """(milliseconds to the status line and headers, the body), asking for no compression."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        start = time.perf_counter()
        connection.request("GET", path)
        response = connection.getresponse()
        first = (time.perf_counter() - start) * 1000
        body = response.read()
        assert response.status == 200, (path, response.status)
        return first, body
    finally:
        connection.close()


def start_server(code: Path, database: Path, port: int) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "DATABASE_PATH": str(database),
        "DATABASE_URL": "",
        "WEB_BASE_URL": f"http://127.0.0.1:{port}",
        "WEB_SECRET": SECRET,
        "WEB_PORT": str(port),
        "WEB_RATE_LIMIT": "100000",
        "LOG_LEVEL": "WARNING",
        "PYTHONPATH": str(code),
    }
    server = subprocess.Popen([sys.executable, "-m", "bot.web"], env=env, cwd=tempfile.gettempdir())
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            return server
        except OSError:
            time.sleep(0.05)
    server.kill()
    raise RuntimeError("the web server did not start")


def first_visit(driver: webdriver.Chrome, url: str) -> list[tuple[str, int, int]]:
    """The requests of a first visit: until the page and its board are loaded and nothing more came for 0.5 s
    (what the page's script fetched at once included)."""
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.get(url)
    while not driver.execute_script(LOADED):
        time.sleep(0.05)
    seen = network(driver)
    while True:
        time.sleep(0.5)
        more = network(driver)
        if not more:
            return seen
        seen += more


def kind(path: str) -> str:
    if path.endswith(".png"):
        return "boards"
    if path.startswith("/static/") or path == "/favicon.ico":
        return path.rsplit("/", 1)[-1]
    return "page" if path.startswith("/m/") and path.count("/") == 2 else path


def measure(port: int, matches: list[int], driver: webdriver.Chrome) -> list[dict[str, Any]]:
    rows = []
    for match_id in matches:
        path = signing.match_path(SECRET, match_id)
        cold, page = fetch(port, path)
        steps = page.count(b'<li data-i="')  # the move list: one line per step, in both versions
        warm = [fetch(port, path)[0] for _ in range(WARM_REQUESTS)]
        requests = first_visit(driver, f"http://127.0.0.1:{port}{path}")
        first_board = re.search(rb'<img id="board" src="([^"]+)0\.png"', page)
        assert first_board is not None, "no board in the page"
        board_ms, board = fetch(port, f"{first_board[1].decode()}{steps - 1}.png")  # the boards' address, as named
        by_kind: dict[str, int] = {}
        for one, _, size in requests:
            by_kind[kind(one)] = by_kind.get(kind(one), 0) + size
        rows.append(
            {
                "match": match_id,
                "steps": steps,
                "first_visit_bytes": sum(size for _, _, size in requests),
                "first_visit_by_kind": by_kind,
                "first_visit_requests": len(requests),
                "errors": [(one, status) for one, status, _ in requests if status >= 400],
                "html_bytes": len(page),
                "first_byte_cold_ms": round(cold, 2),
                "first_byte_median_ms": round(statistics.median(warm), 2),
                "board_ms": round(board_ms, 2),
                "board_bytes": len(board),
            }
        )
    return rows


def extract(revision: str, folder: Path) -> str:
    """The code of `revision` in `folder`; its commit."""
    commit = subprocess.run(
        ["git", "rev-parse", "--short", revision], cwd=CODE, check=True, capture_output=True, text=True
    ).stdout.strip()
    archive = subprocess.run(["git", "archive", commit], cwd=CODE, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return commit


def run_version(code: Path, database: Path, matches: list[int], driver: webdriver.Chrome) -> list[dict[str, Any]]:
    port = free_port()
    server = start_server(code, database, port)
    try:
        return measure(port, matches, driver)
    finally:
        server.terminate()
        server.wait(10)


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    largest = max(row["first_visit_bytes"] for row in rows)
    median_first_byte = statistics.median(row["first_byte_median_ms"] for row in rows)
    return {
        "max_first_visit_bytes": largest,
        "max_html_bytes": max(row["html_bytes"] for row in rows),
        "median_first_byte_ms": median_first_byte,
        "first_byte_cold_ms": [row["first_byte_cold_ms"] for row in rows],
        "met": largest < TARGET_BYTES and median_first_byte < TARGET_FIRST_BYTE_MS,
    }


def print_rows(name: str, rows: list[dict[str, Any]]) -> None:
    for row in rows:
        kinds = ", ".join(f"{key} {size / 1000:.1f}" for key, size in row["first_visit_by_kind"].items())
        print(
            f"{name} match {row['match']} ({row['steps']} steps): first visit {row['first_visit_bytes'] / 1000:.0f}"
            f" KB in {row['first_visit_requests']} requests ({kinds} KB), errors {row['errors']}; HTML"
            f" {row['html_bytes'] / 1000:.0f} KB uncompressed; first byte {row['first_byte_cold_ms']} ms built,"
            f" {row['first_byte_median_ms']} ms after"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", default="main", help="the git revision to compare with (main)")
    parser.add_argument("--length", type=int, default=5, help="the matches' length in points (5)")
    parser.add_argument("--seeds", type=int, nargs="+", default=list(SEEDS), help="the random player's seeds")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        reference_code = Path(folder) / "reference"
        reference_code.mkdir()
        reference = extract(arguments.reference, reference_code)
        database = Path(folder) / "gammon.db"
        matches = asyncio.run(make_matches(database, arguments.length, arguments.seeds))
        driver = browser(1000, 1400)
        try:
            measured = {
                "reference": run_version(reference_code, database, matches, driver),
                "this": run_version(CODE, database, matches, driver),
            }
        finally:
            driver.quit()
    for name, rows in measured.items():
        print_rows(name, rows)
    result = {
        "reference_revision": reference,
        "matches": len(matches),
        "length": arguments.length,
        "cpu_count": os.cpu_count(),
        "python": platform.python_version(),
        "target_bytes": TARGET_BYTES,
        "target_first_byte_ms": TARGET_FIRST_BYTE_MS,
        "summary": {name: summary(rows) for name, rows in measured.items()},
        **measured,
    }
    print(json.dumps(result["summary"], indent=1))
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
