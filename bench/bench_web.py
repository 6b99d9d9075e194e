"""How light and quick a match page is (issue 34): the real web server (`python -m bot.web`, its own process) over a
SQLite database of finished 5-point matches, played to the end by the random legal player and analysed at
bgsage's quick level, as the bot stores them.

For each match: the bytes of the page with its style sheet and script (what a browser fetches before the images;
as sent, and gzip-compressed for reference), the time to the first byte of the first request (the page built:
the log replayed, the analysis read, the template filled) and of the following requests (kept), and one board image.
Targets: page + style + script < 200 KB as sent; median time to first byte < 50 ms.
Prints a table and writes bench/results/web.json. Run: .venv/bin/python bench/bench_web.py [--matches N] [--length N]
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import http.client
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.store import open_database  # noqa: E402
from bot.web import signing  # noqa: E402
from tests.web.helpers import SECRET, finished_match  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "web.json"
TARGET_BYTES = 200_000
TARGET_FIRST_BYTE_MS = 50.0
WARM_REQUESTS = 40


async def make_matches(path: Path, count: int, length: int, first_seed: int = 1) -> list[int]:
    seeds = range(first_seed, first_seed + count)
    async with open_database(path) as db:
        return [(await finished_match(db, length=length, seed=seed, analysed=True)).id for seed in seeds]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def fetch(port: int, path: str) -> tuple[float, bytes]:
    """(milliseconds to the status line and headers, the body)."""
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


def start_server(database: Path, port: int) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "DATABASE_PATH": str(database),
        "DATABASE_URL": "",
        "WEB_BASE_URL": f"http://127.0.0.1:{port}",
        "WEB_SECRET": SECRET,
        "WEB_PORT": str(port),
        "WEB_RATE_LIMIT": "100000",
        "LOG_LEVEL": "WARNING",
        "PYTHONPATH": str(ROOT),
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


def measure(port: int, match_ids: list[int]) -> dict[str, object]:
    style = len(fetch(port, "/static/style.css")[1])
    script = len(fetch(port, "/static/match.js")[1])
    rows = []
    for match_id in match_ids:
        path = signing.match_path(SECRET, match_id)
        cold, page = fetch(port, path)
        warm = [fetch(port, path)[0] for _ in range(WARM_REQUESTS)]
        board_ms, board = fetch(port, f"{path}/1.png")
        rows.append(
            {
                "match": match_id,
                "html_bytes": len(page),
                "total_bytes": len(page) + style + script,
                "total_gzip_bytes": len(gzip.compress(page)) + style + script,
                "first_byte_cold_ms": round(cold, 2),
                "first_byte_median_ms": round(statistics.median(warm), 2),
                "board_ms": round(board_ms, 2),
                "board_bytes": len(board),
            }
        )
    return {"style_bytes": style, "script_bytes": script, "matches": rows}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--length", type=int, default=5)
    parser.add_argument("--first-seed", type=int, default=1, help="the dice seed of the first match (1)")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "gammon.db"
        match_ids = asyncio.run(make_matches(database, arguments.matches, arguments.length, arguments.first_seed))
        port = free_port()
        server = start_server(database, port)
        try:
            measured = measure(port, match_ids)
        finally:
            server.terminate()
            server.wait(10)
    rows = measured["matches"]
    assert isinstance(rows, list)
    summary = {
        "matches": len(rows),
        "length": arguments.length,
        "cpu_count": os.cpu_count(),
        "python": platform.python_version(),
        "max_total_bytes": max(row["total_bytes"] for row in rows),
        "max_total_gzip_bytes": max(row["total_gzip_bytes"] for row in rows),
        "median_first_byte_ms": statistics.median(row["first_byte_median_ms"] for row in rows),
        "median_first_byte_cold_ms": statistics.median(row["first_byte_cold_ms"] for row in rows),
        "target_bytes": TARGET_BYTES,
        "target_first_byte_ms": TARGET_FIRST_BYTE_MS,
    }
    summary["met"] = (
        summary["max_total_bytes"] < TARGET_BYTES and summary["median_first_byte_ms"] < TARGET_FIRST_BYTE_MS
    )
    for row in rows:
        print(
            f"match {row['match']}: {row['total_bytes'] / 1000:.0f} KB ({row['total_gzip_bytes'] / 1000:.0f} KB "
            f"gzip), first byte {row['first_byte_cold_ms']:.1f} ms built, {row['first_byte_median_ms']:.1f} ms "
            f"median after; board {row['board_ms']:.0f} ms, {row['board_bytes'] / 1000:.0f} KB"
        )
    print(json.dumps(summary, indent=1))
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({"summary": summary, **measured}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
