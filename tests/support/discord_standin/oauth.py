"""Discord's OAuth2 as an Activity's sign-in meets it: codes the client's authorize command hands out (`code_for`),
exchanged once at POST /oauth2/token by the application's client id and secret for an access token, and
GET /users/@me answered with that token's user. A code used twice, or a wrong secret, is refused as Discord does."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from aiohttp import web

if TYPE_CHECKING:
    from .model import User
    from .server import DiscordStandin


def _error(status: int, error: str) -> web.Response:
    return web.json_response({"error": error}, status=status)


class OAuth:
    def __init__(self, standin: DiscordStandin) -> None:
        self.standin = standin
        self.client_secret = secrets.token_urlsafe(24)
        self.codes: dict[str, User] = {}  # unused codes
        self.tokens: dict[str, User] = {}
        self.exchanges = 0
        self.refused: list[str] = []

    def code_for(self, user: User) -> str:
        """A fresh code, as the client's authorize command gives the Activity of `user`."""
        code = secrets.token_urlsafe(16)
        self.codes[code] = user
        return code

    async def token(self, request: web.Request) -> web.Response:
        form = await request.post()
        self.exchanges += 1
        if form.get("client_id") != str(self.standin.application_id) or form.get("client_secret") != self.client_secret:
            self.refused.append("client")
            return _error(401, "invalid_client")
        user = self.codes.pop(str(form.get("code", "")), None)
        if form.get("grant_type") != "authorization_code" or user is None:
            self.refused.append("code")
            return _error(400, "invalid_grant")
        token = secrets.token_urlsafe(24)
        self.tokens[token] = user
        body: dict[str, Any] = {
            "access_token": token,
            "token_type": "Bearer",
            "expires_in": 604800,
            "refresh_token": secrets.token_urlsafe(24),
            "scope": "identify",
        }
        return web.json_response(body)

    async def current_user(self, request: web.Request) -> web.Response:
        """GET /users/@me with a Bearer token: that token's user."""
        token = request.headers.get("Authorization", "").removeprefix("Bearer ")
        user = self.tokens.get(token)
        if user is None:
            return _error(401, "401: Unauthorized")
        return web.json_response(user.payload())
