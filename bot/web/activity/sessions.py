"""The Activity's sessions: who a WebSocket speaks for, signed with the web secret (HMAC-SHA256) and good for a short
while. `<user id>.<expires>.<nonce>-<signature>`: the signature covers all three under a label of its own, so that a
page link's signature (bot.web.signing) can never pass for a session, nor the reverse. Pure: no I/O.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets

#: Seconds a session is good for: the page asks for a new one (a new sign-in) when it runs out.
SESSION_SECONDS = 3600
_SESSION = re.compile(
    r"^(?P<body>(?P<user>[0-9]{1,20})\.(?P<expires>[0-9]{1,12})\.[A-Za-z0-9_-]{8})-(?P<sig>[A-Za-z0-9_-]{43})$"
)
_MAX_ID = 2**63 - 1


def _signature(secret: str, body: str) -> str:
    digest = hmac.new(secret.encode(), f"activity-session:{body}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


def issue(secret: str, user_id: int, now: float, seconds: int = SESSION_SECONDS) -> str:
    """A session for `user_id`, good until `now + seconds`."""
    body = f"{int(user_id)}.{int(now) + seconds}.{secrets.token_urlsafe(6)}"
    return f"{body}-{_signature(secret, body)}"


def verify(secret: str, text: str, now: float) -> int | None:
    """The member a session speaks for while it is good; None when it is malformed, forged or ran out."""
    found = _SESSION.match(text) if isinstance(text, str) else None
    if found is None or not hmac.compare_digest(_signature(secret, found["body"]), found["sig"]):
        return None
    user_id = int(found["user"])
    if now >= int(found["expires"]) or not 0 < user_id <= _MAX_ID:
        return None
    return user_id
