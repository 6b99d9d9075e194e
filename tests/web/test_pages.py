"""The web server (issue 34) on both databases: a finished match's page, boards and file; the same plain 404 for a
forged link, an unknown match, a running match and a server page that is off; names escaped everywhere; only GET;
the rate limit; nothing internal in an answer."""

from __future__ import annotations

import random

from aiohttp.test_utils import TestClient, TestServer
from markupsafe import escape

from bot.service import GameService, PlayerRef
from bot.store import Database
from bot.tournaments import TournamentService
from bot.web import signing
from tests.service.helpers import ALICE, BOB, GUILD, start_match
from tests.tournaments.helpers import ORGANISER, lose, open_tournament, player, start_pairing
from tests.web.helpers import SECRET, app_for, finished_match

EVIL = PlayerRef(666, '<script>alert("x")</script>&<img src=x onerror=alert(1)>')


async def test_a_finished_match_has_its_page_boards_and_file(db: Database) -> None:
    record = await finished_match(db)
    path = signing.match_path(SECRET, record.id)
    async with TestClient(TestServer(app_for(db))) as client:
        page = await client.get(path)
        text = await page.text()
        assert page.status == 200 and page.content_type == "text/html"
        assert "Alice vs Bob" in text and record.match.position_id() not in ("",)
        assert record.fairness is not None and record.fairness.server_seed in text
        assert 'id="check-dice"' in text and 'id="pid"' in text
        board = await client.get(f"{path}/0.png")
        assert board.status == 200 and (await board.read()).startswith(b"\x89PNG")
        mat = await client.get(f"{path}/match.mat")
        assert mat.status == 200 and "attachment" in mat.headers["Content-Disposition"]
        assert "Server seed" in await mat.text()
        for response in (page, board, mat):
            assert "Server" not in response.headers
            assert "default-src 'none'" in response.headers["Content-Security-Policy"]
            assert response.headers["Referrer-Policy"] == "no-referrer"


async def test_refusals_are_the_same_plain_404(db: Database) -> None:
    record = await finished_match(db)
    running = (await start_match(GameService(db), channel_id=77)).record
    good = signing.token(SECRET, "m", record.id)
    ids, signature = good.split("-")
    forged = f"{ids}-{'A' if signature[0] != 'A' else 'B'}{signature[1:]}"
    paths = [
        f"/m/{forged}",
        f"/m/{record.id}",
        f"/m/{signing.token('another secret of at least 32 characters', 'm', record.id)}",
        signing.match_path(SECRET, running.id),  # no page of a running match
        signing.match_path(SECRET, running.id) + "/0.png",
        signing.match_path(SECRET, 999_999),
        f"{signing.match_path(SECRET, record.id)}/100000.png",
        signing.server_path(SECRET, GUILD),  # the server page is off
        signing.player_path(SECRET, GUILD, ALICE.user_id),
        "/",
        "/static/secret.txt",
        "/static/charts.js",  # no such file: a 404 like any other name, never a 500
        "/static/../app.py",
    ]
    async with TestClient(TestServer(app_for(db))) as client:
        for path in paths:
            response = await client.get(path)
            assert (response.status, await response.text()) == (404, "Not found\n"), path
        posted = await client.post(signing.match_path(SECRET, record.id), data=b"x")
        assert posted.status == 404  # read-only: nothing but GET and HEAD


async def test_names_are_escaped_on_every_page(db: Database) -> None:
    record = await finished_match(db, players=(EVIL, BOB))
    await GameService(db).settings.set_web_page(GUILD, True)
    async with TestClient(TestServer(app_for(db))) as client:
        for path in (
            signing.match_path(SECRET, record.id),
            signing.server_path(SECRET, GUILD),
            signing.player_path(SECRET, GUILD, EVIL.user_id),
            signing.player_path(SECRET, GUILD, BOB.user_id),
        ):
            response = await client.get(path)
            text = await response.text()
            assert response.status == 200, path
            assert "<script>alert" not in text and "<img src=x" not in text, path
            assert str(escape(EVIL.name)) in text, path  # shown, as text


async def test_the_server_page_when_on_lists_the_ladder_and_links_its_matches(db: Database) -> None:
    record = await finished_match(db, length=1)
    service = GameService(db)
    await service.settings.set_web_page(GUILD, True)
    async with TestClient(TestServer(app_for(db))) as client:
        text = await (await client.get(signing.server_path(SECRET, GUILD))).text()
        assert signing.match_path(SECRET, record.id) in text
        assert signing.player_path(SECRET, GUILD, ALICE.user_id) in text
        player = await (await client.get(signing.player_path(SECRET, GUILD, ALICE.user_id))).text()
        assert "Alice" in player and signing.match_path(SECRET, record.id) in player
        await service.settings.set_web_page(GUILD, False)
        assert (await client.get(signing.server_path(SECRET, GUILD))).status == 404


async def test_the_rate_limit_answers_429_per_address(db: Database) -> None:
    record = await finished_match(db, length=1)
    path = signing.match_path(SECRET, record.id)
    async with TestClient(TestServer(app_for(db, rate_limit=5))) as client:
        statuses = [(await client.get(path)).status for _ in range(7)]
        assert statuses == [200] * 5 + [429, 429]
        assert await (await client.get(path)).text() == "Too many requests: wait a minute\n"


async def test_a_failure_says_nothing_internal(db: Database, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    record = await finished_match(db, length=1)

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError(f"secret path /srv/data {SECRET}")

    monkeypatch.setattr("bot.web.pages.match_page", broken)
    async with TestClient(TestServer(app_for(db))) as client:
        response = await client.get(signing.match_path(SECRET, record.id))
        assert (response.status, await response.text()) == (500, "Something went wrong\n")


async def test_the_server_page_shows_a_tournaments_bracket_with_its_played_match(db: Database) -> None:
    games = GameService(db)
    tournaments = TournamentService(db, games, rng=random.Random(3))
    entrants = [player(n) for n in range(3)]
    tournament = await open_tournament(tournaments, entrants, name="<b>Club</b> Cup")
    await tournaments.start(tournament.id, ORGANISER.user_id)
    [pairing] = await tournaments.pairings()  # three players: one bye, one match in round 1
    record = await start_pairing(tournaments, pairing)
    finished = await lose(games, record, record.players[1].user_id)
    await games.settings.set_web_page(GUILD, True)
    async with TestClient(TestServer(app_for(db))) as client:
        response = await client.get(signing.server_path(SECRET, GUILD))
        text = await response.text()
    assert response.status == 200
    assert "&lt;b&gt;Club&lt;/b&gt; Cup" in text and "(bye)" in text
    assert signing.match_path(SECRET, finished.id) in text
    assert f"<b>{finished.players[0].name}</b>" in text  # the winner, in bold
