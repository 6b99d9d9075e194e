"""The pages as bytes: each built from the reads and a template, a finished match's kept in memory (it never
changes, but for its analysis, which may arrive later: a page without one is built again after a minute).

Every refusal is `None`, which the server turns into the same plain 404 (bad link, unknown match, running match,
server page off), so that a response never tells which it was.
"""

from __future__ import annotations

import dataclasses
import datetime
import functools
import json
import time
from collections import OrderedDict
from dataclasses import dataclass
from importlib import resources

import jinja2

from bot.engine.match_log import MatchLog
from bot.records.advice import advice_line, advice_lines
from bot.records.mat import export_mat
from bot.web import signing
from bot.web.frames import Frame
from bot.web.match_page import match_page
from bot.web.reads import WebReads
from bot.web.sending import EACH_TIME_LEVEL, Body

#: Match pages kept built.
CACHE_SIZE = 256
#: Seconds a page built without an analysis is kept before it is built again (the analysis may have arrived).
UNANALYSED_SECONDS = 60.0


@dataclass(frozen=True, slots=True)
class BuiltMatch:
    html: Body
    steps: Body  # every frame's data for the page's script, JSON, fetched when the viewer first steps
    frames: list[Frame]
    mat: Body
    analysed: bool
    built_at: float


def environment() -> jinja2.Environment:
    """Templates from the package, every value escaped unless a template says otherwise (none does)."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("bot.web", "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["date"] = lambda at: datetime.datetime.fromtimestamp(at, datetime.UTC).strftime("%Y-%m-%d")
    return env


#: The pages' static files with their content types: the script, the style sheet and the icon.
STATIC_FILES = {
    "match.js": "text/javascript",
    "style.css": "text/css",
    "icon.svg": "image/svg+xml",
    "discordsdk.js": "text/javascript",  # built at set-up (tasks.py bundle), not kept in git
    "activity.js": "text/javascript",
    "activity.css": "text/css",
}


@functools.cache
def static_file(name: str) -> Body | None:
    """A file of the pages' static folder, kept compressed; None for any other name. The charts are inline SVG
    drawn by the templates: no script of their own."""
    if name not in STATIC_FILES:
        return None
    return Body.of(resources.files("bot.web").joinpath("static", name).read_bytes())


class Pages:
    def __init__(self, reads: WebReads, secret: str) -> None:
        self.reads = reads
        self._secret = secret
        self._env = environment()
        self._matches: OrderedDict[int, BuiltMatch] = OrderedDict()

    def _path(self, kind: str, *ids: int) -> str:
        return f"/{kind}/{signing.token(self._secret, kind, *ids)}"

    async def match(self, match_id: int) -> BuiltMatch | None:
        built = self._matches.get(match_id)
        if built is not None and (built.analysed or time.monotonic() - built.built_at < UNANALYSED_SECONDS):
            self._matches.move_to_end(match_id)
            return built
        record = await self.reads.finished_match(match_id)
        if record is None:
            return None
        analysis = await self.reads.analysis(match_id)
        log: MatchLog = record.match.log
        page, frames = match_page(
            match_id, log, record.match.score_tuple, record.match.winner, analysis, record.fairness
        )
        notes = await self.reads.advice(match_id)
        page = dataclasses.replace(page, advice=[advice_line(note) for note in notes])
        finished = datetime.datetime.fromtimestamp(record.finished_at or record.last_action_at, datetime.UTC)
        mat = Body.of(
            export_mat(log, date=finished.date(), fairness=record.fairness, advice=advice_lines(notes)).text.encode()
        )
        path = self._path("m", match_id)
        html = self._env.get_template("match.html").render(page=page, path=path, finished=finished.date().isoformat())
        steps = Body.of(json.dumps(page.frames, separators=(",", ":")).encode())
        built = BuiltMatch(Body.of(html.encode()), steps, frames, mat, analysis is not None, time.monotonic())
        self._matches[match_id] = built
        while len(self._matches) > CACHE_SIZE:
            self._matches.popitem(last=False)
        return built

    async def server(self, guild_id: int) -> Body | None:
        if not await self.reads.server_on(guild_id):
            return None
        data = await self.reads.server(guild_id)
        html = self._env.get_template("server.html").render(
            data=data,
            match_path=lambda match_id: self._path("m", match_id),
            player_path=lambda user_id: self._path("p", guild_id, user_id),
        )
        return Body.of(html.encode(), EACH_TIME_LEVEL)

    async def player(self, guild_id: int, user_id: int) -> Body | None:
        if not await self.reads.server_on(guild_id):
            return None
        data = await self.reads.player(guild_id, user_id)
        if data is None:
            return None
        html = self._env.get_template("player.html").render(
            data=data,
            server_path=self._path("s", guild_id),
            match_path=lambda match_id: self._path("m", match_id),
            chart=rating_chart(data.stats.ratings),
        )
        return Body.of(html.encode(), EACH_TIME_LEVEL)


def rating_chart(ratings: list[float], width: int = 600, height: int = 160) -> dict[str, object]:
    """The rating after each rated match as an SVG path, with the lowest and highest rating for the axis."""
    if len(ratings) < 2:
        return {"path": "", "low": ratings[0] if ratings else 0.0, "high": ratings[0] if ratings else 0.0}
    low, high = min(ratings), max(ratings)
    span = max(high - low, 1.0)
    step = width / (len(ratings) - 1)
    points = [
        (round(i * step, 1), round(height - 8 - (height - 16) * (r - low) / span, 1)) for i, r in enumerate(ratings)
    ]
    path = " ".join(f"{'M' if i == 0 else 'L'}{x},{y}" for i, (x, y) in enumerate(points))
    return {"path": path, "low": low, "high": high}
