"""The web server (issue 34) on both databases: a finished match's page, boards and file; the same plain 404 for a
forged link, an unknown match, a running match and a server page that is off; names escaped everywhere; only GET,
and no request changes the database; the rate limit; nothing internal in an answer."""

from __future__ import annotations

import json
import random
import re

from aiohttp.test_utils import TestClient, TestServer
from markupsafe import escape

from bot.analysis import player_figures
from bot.analysis.decisions import match_points
from bot.ratings.service import RecordsService
from bot.service import GameService, PlayerRef
from bot.store import Database
from bot.store.backend import Work
from bot.tournaments import TournamentService
from bot.web import signing
from bot.web.app import make_app
from bot.web.frames import match_frames
from bot.web.pages import rating_chart
from bot.web.reads import WebReads
from tests.service.helpers import ALICE, BOB, GUILD, start_match
from tests.tournaments.helpers import ORGANISER, lose, open_tournament, player, start_pairing
from tests.web.helpers import SECRET, analysis_of, app_for, finished_match, store_analysis

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
        board = await client.get(f"{path}/steps/0.png")
        assert board.status == 200 and (await board.read()).startswith(b"\x89PNG")
        mat = await client.get(f"{path}/match.mat")
        assert mat.status == 200 and "attachment" in mat.headers["Content-Disposition"]
        assert "Server seed" in await mat.text()
        for response in (page, board, mat):
            assert "Server" not in response.headers
            assert "default-src 'none'" in response.headers["Content-Security-Policy"]
            assert response.headers["Referrer-Policy"] == "no-referrer"


async def test_an_analysed_matchs_page_shows_the_figures_the_marks_the_chart_and_each_rolls_luck(
    db: Database,
) -> None:
    record = await finished_match(db)
    log = record.match.log
    path = signing.match_path(SECRET, record.id)
    async with TestClient(TestServer(app_for(db))) as client:
        text = await (await client.get(path)).text()
    assert f"/bg analyze match:{record.id}" in text and 'class="luck"' not in text  # not analysed yet
    checker = [d.index for d in match_points(log).decisions if d.kind.value == "checker"]
    grades = {checker[0]: "blunder", checker[2]: "error", checker[4]: "doubtful"}
    analysis = analysis_of(log, {checker[0]: 0.2, checker[2]: 0.05, checker[4]: 0.025}, set())
    await store_analysis(db, record, analysis)
    async with TestClient(TestServer(app_for(db))) as client:
        text = await (await client.get(path)).text()
        steps = await client.get(f"{path}/steps.json")
        assert steps.status == 200 and steps.content_type == "application/json"
        frames = await steps.json()
    for side in (0, 1):
        figures = player_figures(analysis, side)
        assert f"<td>{figures.summary()}</td>" in text
        assert f"<td>{figures.checker_rate:.1f} ({figures.checker_decisions})</td>" in text
        assert f"<td>{figures.doubtful} / {figures.errors} / {figures.blunders}</td>" in text
        assert f"<td>{figures.luck:+.3f} ({figures.luck_rate:+.1f} per roll)</td>" in text
    step = {index: frame.index for frame in match_frames(log) for index in frame.decisions}
    marked = re.findall(r'<li data-i="(\d+)" class="(\w+)">', text)
    assert sorted((int(i), mark) for i, mark in marked) == sorted((step[d], grade) for d, grade in grades.items())
    dots = re.findall(r'<circle [^>]*class="(\w+)" data-i="(\d+)"', text)
    assert sorted((int(i), mark) for mark, i in dots) == sorted((step[d], grade) for d, grade in grades.items())
    assert text.count('<span class="luck"') == len(analysis.rolls) > 0
    # The page carries the first step's data only; the script fetches every step's when the viewer steps.
    assert json.loads(re.findall(r'<script type="application/json" id="step0">(.*?)</script>', text)[0]) == frames[0]
    assert len(frames) == len(match_frames(log)) and f'data-count="{len(frames)}"' in text
    assert text.count('"pid": ') == 1
    assert [roll["luck"] for frame in frames for roll in frame["lk"]] == [round(r.luck, 3) for r in analysis.rolls]
    assert frames[step[checker[0]]]["an"][0] | {"who": 0} == {
        "who": 0, "kind": "checker", "chosen": f"made {checker[0]}", "best": f"best {checker[0]}", "loss": 0.2,
        "grade": "blunder", "counted": True,
    }  # fmt: skip


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
        signing.match_path(SECRET, running.id) + "/steps/0.png",
        signing.match_path(SECRET, running.id) + "/steps.json",
        f"/m/{forged}/steps.json",
        signing.match_path(SECRET, 999_999),
        signing.match_path(SECRET, 10**20 - 1),  # signed, but no id the database can hold
        signing.match_path(SECRET, 2**63) + "/match.mat",
        f"/m/{signing.token(SECRET, 'm', record.id, record.id)}",  # signed, but a match link names one id
        f"/m/{signing.token(SECRET, 'm', record.id, record.id)}/steps/0.png",
        f"/s/{signing.token(SECRET, 's', GUILD, 1)}",
        f"/s/{signing.token(SECRET, 's', 10**20 - 1)}",
        f"/p/{signing.token(SECRET, 'p', GUILD)}",
        f"/p/{signing.token(SECRET, 'p', GUILD, 10**20 - 1)}",
        f"{signing.match_path(SECRET, record.id)}/steps/100000.png",
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


class Watched:
    """The database as the pages get it, every write asked of it noted (and done, so that a test sees it)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.writes: list[object] = []

    def __getattr__(self, name: str) -> object:
        return getattr(self.db, name)

    async def write(self, work: Work[object]) -> object:
        self.writes.append(work)
        return await self.db.write(work)

    async def execute(self, sql: str, parameters: tuple[object, ...] = ()) -> int:
        self.writes.append(sql)
        return await self.db.execute(sql, parameters)

    async def executemany(self, sql: str, rows: object) -> None:
        self.writes.append(sql)
        await self.db.executemany(sql, rows)  # type: ignore[arg-type]


async def every_row(db: Database) -> dict[str, list[str]]:
    """Each table's rows, sorted."""
    if db.dialect == "sqlite":
        tables = await db.fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")
    else:
        tables = await db.fetchall(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
        )
    names = sorted(str(row[0]) for row in tables)
    return {name: sorted(repr(tuple(row)) for row in await db.fetchall(f"SELECT * FROM {name}")) for name in names}


async def test_no_request_changes_the_database(db: Database) -> None:
    record = await finished_match(db, players=(EVIL, BOB))
    await GameService(db).settings.set_web_page(GUILD, True)
    running = (await start_match(GameService(db), channel_id=77)).record
    match = signing.match_path(SECRET, record.id)
    paths = [
        *(
            f"{match}{tail}"
            for tail in ("", "/steps/0.png", "/steps/1.png", "/match.mat", "/steps/99999.png", "/steps.json")
        ),
        signing.match_path(SECRET, running.id),
        signing.match_path(SECRET, 424_242),
        signing.server_path(SECRET, GUILD),
        signing.server_path(SECRET, GUILD + 1),
        signing.player_path(SECRET, GUILD, EVIL.user_id),
        signing.player_path(SECRET, GUILD, 31_337),
        "/static/match.js",
        "/nowhere",
    ]
    before = await every_row(db)
    watched = Watched(db)
    app = make_app(WebReads(watched), SECRET, rate_limit=len(paths) + 3)  # type: ignore[arg-type]
    async with TestClient(TestServer(app)) as client:
        statuses = {(await client.get(path)).status for path in paths}
        for method in ("POST", "PUT", "DELETE", "PATCH"):
            statuses.add((await client.request(method, match, data=b"status=finished")).status)
        statuses |= {(await client.get(match)).status for _ in range(5)}
    assert statuses == {200, 404, 429}
    assert watched.writes == []
    assert await every_row(db) == before


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


def test_the_rating_chart_puts_the_oldest_rating_left_and_the_highest_at_the_top() -> None:
    assert rating_chart([]) == {"path": "", "low": 0.0, "high": 0.0}
    assert rating_chart([1500.0]) == {"path": "", "low": 1500.0, "high": 1500.0}  # one point: no line
    assert rating_chart([1500.0, 1510.0, 1490.0]) == {
        "path": "M0.0,80.0 L300.0,8.0 L600.0,152.0",  # 8 px margins in a 160 px high chart
        "low": 1490.0,
        "high": 1510.0,
    }
    assert rating_chart([1500.0, 1500.0])["path"] == "M0.0,152.0 L600.0,152.0"  # flat: no division by zero


async def test_a_players_page_shows_the_rating_chart_the_pr_trend_and_the_matches(db: Database) -> None:
    records = [await finished_match(db, length=1, seed=seed) for seed in (1, 2)]
    prs = []
    for step, record in zip((0.01, 0.03), records, strict=True):
        made = analysis_of(record.match.log, {index: step * index for index in range(0, 40, 3)}, set())
        await store_analysis(db, record, made)
        assert record.players[0] == ALICE
        prs.append(player_figures(made, 0).pr)
    assert prs[0] != prs[1]
    await GameService(db).settings.set_web_page(GUILD, True)
    stats = await RecordsService(db).player_stats(GUILD, ALICE.user_id, viewer_id=ALICE.user_id, name="Alice")
    assert len(stats.ratings) == 3  # the starting rating and one after each match
    async with TestClient(TestServer(app_for(db))) as client:
        text = await (await client.get(signing.player_path(SECRET, GUILD, ALICE.user_id))).text()
    chart = rating_chart(stats.ratings)
    assert "<h2>Rating over time</h2>" in text and f'<path d="{chart["path"]}" class="line"/>' in text
    assert f"From {chart['low']:.1f} to {chart['high']:.1f}, one point per rated match" in text
    assert f"Newest first: {round(prs[1], 1)}, {round(prs[0], 1)} (lower is better)" in text
    assert all(signing.match_path(SECRET, record.id) in text for record in records)


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
