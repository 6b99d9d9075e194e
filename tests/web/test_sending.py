"""What goes over the wire: every text answer (a match page, the steps' data, the .mat file, the server and player
pages, the style sheet, the script, the icon) gzip-compressed for a client that accepts gzip (GET and HEAD alike)
and as it is for one that does not, each saying it varies with Accept-Encoding and keeping its caching header; the
board pictures never compressed; the icon answered where a browser looks for it unasked."""

from __future__ import annotations

import gzip
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestServer

from bot.service import GameService
from bot.store import Database, open_database
from bot.web import signing
from bot.web.sending import accepts_gzip
from tests.service.helpers import ALICE, GUILD
from tests.web.helpers import SECRET, app_for, finished_match


@pytest.mark.parametrize(
    ("header", "accepted"),
    [
        ("gzip, deflate, br, zstd", True),
        ("GZIP", True),
        ("x-gzip", True),
        ("deflate;q=1.0, gzip;q=0.5", True),
        ("*", True),
        ("gzip;q=0", False),
        ("gzip; q=0.000, *", False),
        ("*;q=0", False),
        ("deflate, br", False),
        ("identity", False),
        ("", False),
        ("gzip;q=nonsense", False),
    ],
)
def test_accept_encoding_is_read_with_its_weights(header: str, accepted: bool) -> None:
    assert accepts_gzip(header) is accepted


async def _raw(server: TestServer, path: str, encoding: str | None) -> tuple[int, dict[str, str], bytes]:
    """(status, headers, body as sent): nothing decompressed by the client."""
    headers = {"Accept-Encoding": encoding} if encoding is not None else {"Accept-Encoding": "identity"}
    async with (
        aiohttp.ClientSession(auto_decompress=False) as session,
        session.get(server.make_url(path), headers=headers) as response,
    ):
        return response.status, dict(response.headers), await response.read()


async def test_text_is_sent_compressed_when_accepted_and_pictures_never(tmp_path: Path) -> None:
    async with open_database(tmp_path / "gammon.db") as db:
        await _check_every_answer(db)


async def _check_every_answer(db: Database) -> None:
    record = await finished_match(db)
    await GameService(db).settings.set_web_page(GUILD, True)
    path = signing.match_path(SECRET, record.id)
    texts = {
        path: ("text/html", "private, max-age=60"),
        f"{path}/steps.json": ("application/json", "private, max-age=60"),
        f"{path}/match.mat": ("text/plain", None),
        signing.server_path(SECRET, GUILD): ("text/html", "private, max-age=60"),
        signing.player_path(SECRET, GUILD, ALICE.user_id): ("text/html", "private, max-age=60"),
        "/static/style.css": ("text/css", "public, max-age=3600"),
        "/static/match.js": ("text/javascript", "public, max-age=3600"),
        "/static/icon.svg": ("image/svg+xml", "public, max-age=3600"),
        "/favicon.ico": ("image/svg+xml", "public, max-age=3600"),
    }
    async with TestServer(app_for(db), host="127.0.0.1") as server:
        for target, (kind, cache) in texts.items():
            status, zipped_headers, zipped = await _raw(server, target, "gzip, deflate, br")
            assert status == 200, target
            assert zipped_headers["Content-Encoding"] == "gzip", target
            assert zipped_headers["Content-Type"].startswith(kind), target
            assert zipped_headers.get("Cache-Control") == cache, target
            assert zipped_headers["Vary"] == "Accept-Encoding", target
            assert int(zipped_headers["Content-Length"]) == len(zipped)
            status, plain_headers, plain = await _raw(server, target, None)
            assert status == 200 and "Content-Encoding" not in plain_headers, target
            assert plain_headers["Vary"] == "Accept-Encoding", target
            assert gzip.decompress(zipped) == plain, target
            if len(plain) > 2000:
                assert len(zipped) < len(plain) / 2, (target, len(zipped), len(plain))
        async with (
            aiohttp.ClientSession(auto_decompress=False) as session,
            session.head(server.make_url(path), headers={"Accept-Encoding": "gzip"}) as head,
        ):
            _, zipped_headers, zipped = await _raw(server, path, "gzip")
            assert head.status == 200 and head.headers["Content-Encoding"] == "gzip" and not await head.read()
            assert int(head.headers["Content-Length"]) == len(zipped)  # HEAD: the headers GET sends, no body
        status, headers, png = await _raw(server, f"{path}/steps/0.png", "gzip, deflate, br")
        assert status == 200 and png.startswith(b"\x89PNG") and "Content-Encoding" not in headers
        assert headers["Cache-Control"] == "private, max-age=86400, immutable"
