"""The sign-in's one call out: the code the page got from Discord's authorize command, exchanged at Discord's OAuth2
token endpoint for an access token, and the member it belongs to (GET /users/@me). Discord's answer is trusted for
who the member is; nothing the page says about itself is."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import aiohttp

log = logging.getLogger(__name__)

#: Seconds the exchange may take in all before the page is told to try again.
TIMEOUT_SECONDS = 10.0


@dataclass(frozen=True, slots=True)
class Discord:
    """Where and as whom the web server asks: the API's base URL, the application's client id and secret."""

    api_url: str
    client_id: int
    client_secret: str


@dataclass(frozen=True, slots=True)
class SignedIn:
    access_token: str
    user_id: int


async def exchange(discord: Discord, code: str) -> SignedIn | None:
    """The member behind `code`, with the access token the page authenticates with; None when Discord refuses the
    code (a wrong, used or expired one) or cannot be reached."""
    base = discord.api_url.rstrip("/")
    form = {
        "client_id": str(discord.client_id),
        "client_secret": discord.client_secret,
        "grant_type": "authorization_code",
        "code": code,
    }
    try:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=TIMEOUT_SECONDS)) as http:
            async with http.post(f"{base}/oauth2/token", data=form) as answer:
                if answer.status != 200:
                    log.info("Discord refused an Activity's code: %s", answer.status)
                    return None
                token = (await answer.json()).get("access_token")
            if not isinstance(token, str) or not token:
                return None
            headers = {"Authorization": f"Bearer {token}"}
            async with http.get(f"{base}/users/@me", headers=headers) as answer:
                if answer.status != 200:
                    return None
                user_id = int((await answer.json())["id"])
    except (aiohttp.ClientError, TimeoutError, ValueError, KeyError, TypeError) as error:
        log.warning("The Activity's sign-in could not reach Discord: %s", type(error).__name__)
        return None
    return SignedIn(token, user_id)
