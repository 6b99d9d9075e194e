"""What the REST routes share: reading discord.py's request bodies (JSON, or multipart with files) and answering
in Discord's shapes (JSON with its bare content type, its error bodies)."""

from __future__ import annotations

import email.policy
import json
from email.parser import BytesParser
from typing import Any

from aiohttp import BodyPartReader, web

from . import limits

Files = list[tuple[str, bytes, str]]


def json_response(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """JSON exactly as Discord labels it: discord.py only parses a body whose content type is bare JSON."""
    return web.Response(body=json.dumps(body).encode(), status=status, headers=headers, content_type="application/json")


def discord_error(status: int, code: int, message: str, problems: list[limits.Problem] | None = None) -> web.Response:
    body: dict[str, Any] = {"code": code, "message": message}
    if problems:
        errors: dict[str, Any] = {}
        for problem in problems:
            node = errors
            for part in problem.path.split("."):
                node = node.setdefault(part, {})
            node.setdefault("_errors", []).append({"code": "BASE_TYPE_BAD_LENGTH", "message": problem.message})
        body["errors"] = errors
    return json_response(body, status=status)


def invalid_form(problems: list[limits.Problem]) -> web.Response:
    return discord_error(400, 50035, "Invalid Form Body", problems)


def unknown(what: str, code: int) -> web.Response:
    return discord_error(404, code, f"Unknown {what}")


async def read_body(request: web.Request) -> tuple[Any, Files]:
    """A JSON body, or a multipart body with payload_json and files[n] parts, as discord.py sends them."""
    if not is_multipart(request):
        raw = await request.read()
        return (json.loads(raw) if raw else {}), []
    if HELD_BODY in request:  # read in full while the request was held (the bot may have died since)
        return _parsed_multipart(request.headers["Content-Type"], request[HELD_BODY])
    body: dict[str, Any] = {}
    files: Files = []
    reader = await request.multipart()
    while (part := await reader.next()) is not None:
        if not isinstance(part, BodyPartReader):
            continue
        if part.name == "payload_json":
            body = json.loads(await part.read())  # UTF-8, as JSON is: no charset to look up
        else:
            kind = part.headers.get("Content-Type", "application/octet-stream")
            files.append((part.filename or "file", bytes(await part.read()), kind))
    return body, files


def is_multipart(request: web.Request) -> bool:
    """Whether the body is multipart, from the header itself: aiohttp's `content_type` parses it with the email
    package, a tenth of the stand-in's time under load."""
    return request.headers.get("Content-Type", "").lstrip().lower().startswith("multipart/")


#: The key under which a held request keeps its body (faults.Hold), read before the bot could die.
HELD_BODY = web.RequestKey("standin_held_body", bytes)


def _parsed_multipart(content_type: str, raw: bytes) -> tuple[Any, Files]:
    """`read_body` of a multipart body already read."""
    message = BytesParser(policy=email.policy.HTTP).parsebytes(f"Content-Type: {content_type}\r\n\r\n".encode() + raw)
    body: dict[str, Any] = {}
    files: Files = []
    for part in message.iter_parts():
        data = part.get_payload(decode=True)
        assert isinstance(data, bytes)
        if part.get_param("name", header="content-disposition") == "payload_json":
            body = json.loads(data)
        else:
            files.append(
                (part.get_filename() or "file", data, str(part.get("Content-Type", "application/octet-stream")))
            )
    return body, files


def over_limits(problems: list[limits.Problem]) -> web.Response:
    """Discord's answer to a body over its limits: 413 when only files are too large, else 400 naming each."""
    if all(p.path.startswith("files[") for p in problems):
        return discord_error(413, 40005, "Request entity too large")
    return invalid_form(problems)


def describe(request: web.Request) -> str:
    """A request as a violation names it."""
    return f"{request.method} {request.path}"
