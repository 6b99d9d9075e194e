"""The pages' links, signed with the web secret (HMAC-SHA256), so that a match page cannot be reached by guessing its
number: `/m/<id>-<signature>`. The bot builds the same links for its buttons (`match_url`); the server checks them
(`verify`) and answers a plain 404 to anything else. Pure: no I/O, no Discord.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re

#: Characters of the signature kept: 22 base64url characters, 132 bits.
SIGNATURE_LENGTH = 22
#: What a link names, with how many ids: a match, a server's page, a player's page in a server.
IDS_PER_KIND = {"m": 1, "s": 1, "p": 2}
KINDS = tuple(IDS_PER_KIND)
#: The largest id a link may name: the databases keep ids as signed 64-bit integers (Discord's ids fit).
MAX_ID = 2**63 - 1
_TOKEN = re.compile(r"^(?P<ids>[0-9]{1,20}(?:\.[0-9]{1,20})?)-(?P<signature>[A-Za-z0-9_-]{22})$")


def signature(secret: str, kind: str, ids: str) -> str:
    """The signature of one link: the first 22 base64url characters of HMAC-SHA256(secret, "<kind>:<ids>")."""
    if kind not in KINDS:
        raise ValueError(f"Unknown link kind {kind!r}")
    digest = hmac.new(secret.encode(), f"{kind}:{ids}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii")[:SIGNATURE_LENGTH]


def token(secret: str, kind: str, *ids: int) -> str:
    """`<id>[.<id>]-<signature>`: the last part of a link's path."""
    joined = ".".join(str(int(part)) for part in ids)
    return f"{joined}-{signature(secret, kind, joined)}"


def verify(secret: str, kind: str, text: str) -> tuple[int, ...] | None:
    """The ids a link names when its signature is right and they are as many as its kind names, each one an id the
    database can hold; else None (a malformed, forged or out-of-range link: a 404 like any unknown page)."""
    found = _TOKEN.match(text)
    if found is None:
        return None
    ids = found["ids"]
    if not hmac.compare_digest(signature(secret, kind, ids), found["signature"]):
        return None
    named = tuple(int(part) for part in ids.split("."))
    if len(named) != IDS_PER_KIND[kind] or not all(0 < one <= MAX_ID for one in named):
        return None
    return named


def match_path(secret: str, match_id: int) -> str:
    return f"/m/{token(secret, 'm', match_id)}"


def server_path(secret: str, guild_id: int) -> str:
    return f"/s/{token(secret, 's', guild_id)}"


def player_path(secret: str, guild_id: int, user_id: int) -> str:
    return f"/p/{token(secret, 'p', guild_id, user_id)}"


def match_url(base_url: str, secret: str, match_id: int) -> str:
    """The full link to a match page, as the bot puts it on a button."""
    return base_url.rstrip("/") + match_path(secret, match_id)


def player_url(base_url: str, secret: str, guild_id: int, user_id: int) -> str:
    return base_url.rstrip("/") + player_path(secret, guild_id, user_id)
