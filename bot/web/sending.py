"""Answers sent gzip-compressed to a client that accepts it: the pages, the style sheet, the script and the steps'
data (text, which gzip shrinks four to eight times); never the board pictures, PNGs already compressed. What is kept
(a built page, a static file) is compressed once, when it is kept; a page built for each request, at each request.
Each answer says it varies with Accept-Encoding, so that a cache never hands the compressed one to a client that
did not ask for it.
"""

from __future__ import annotations

import gzip
from dataclasses import dataclass

from aiohttp import web

#: gzip's level for what is kept (compressed once: the smallest) and for what is compressed at each request.
KEPT_LEVEL = 9
EACH_TIME_LEVEL = 6


@dataclass(frozen=True, slots=True)
class Body:
    """One answer's bytes, as they are and gzip-compressed."""

    plain: bytes
    gzipped: bytes

    @classmethod
    def of(cls, plain: bytes, level: int = KEPT_LEVEL) -> Body:
        return cls(plain, gzip.compress(plain, compresslevel=level, mtime=0))


def _weight(parameters: str) -> float:
    for parameter in parameters.split(";"):
        name, _, value = parameter.partition("=")
        if name.strip().lower() == "q":
            try:
                return float(value.strip())
            except ValueError:
                return 0.0
    return 1.0


def accepts_gzip(header: str) -> bool:
    """Whether an Accept-Encoding header accepts gzip: named (or `x-gzip`) with a weight above 0, or else `*` with
    a weight above 0 (RFC 9110, 12.5.3)."""
    named: float | None = None
    anything: float | None = None
    for part in header.split(","):
        coding, _, parameters = part.partition(";")
        coding = coding.strip().lower()
        if coding in ("gzip", "x-gzip"):
            named = max(named or 0.0, _weight(parameters))
        elif coding == "*":
            anything = _weight(parameters)
    weight = named if named is not None else anything
    return weight is not None and weight > 0


def text_response(
    request: web.Request, body: Body, content_type: str, headers: dict[str, str] | None = None
) -> web.Response:
    """`body` as a UTF-8 text answer of `content_type`: gzip-compressed when the client accepts it."""
    sent = {**(headers or {}), "Vary": "Accept-Encoding"}
    data = body.plain
    if accepts_gzip(request.headers.get("Accept-Encoding", "")):
        sent["Content-Encoding"] = "gzip"
        data = body.gzipped
    return web.Response(body=data, content_type=content_type, charset="utf-8", headers=sent)
