"""Link buttons to the web pages, added only when the pages are configured (WEB_BASE_URL and
WEB_SECRET): `configure` is called once as the cogs load, from the bot's settings."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import DEFAULT_LANGUAGE, N_, translate
from bot.web import signing

#: The link buttons' labels, in the language of the message they sit under.
MATCH_PAGE = N_("Match page")
PLAYER_PAGE = N_("Player page")

_links: tuple[str, str] | None = None  # (base URL, secret)


def configure(links: tuple[str, str] | None) -> None:
    global _links
    _links = links


def match_url(match_id: int) -> str | None:
    """The signed link to a finished match's page; None when the pages are off."""
    return None if _links is None else signing.match_url(_links[0], _links[1], match_id)


def server_url(guild_id: int) -> str | None:
    """The signed link to a server's page (served only once its admin turned it on with `/bgadmin web`)."""
    return None if _links is None else _links[0] + signing.server_path(_links[1], guild_id)


def player_url(guild_id: int, user_id: int) -> str | None:
    """The signed link to a player's page (served only where the server's page is on)."""
    return None if _links is None else signing.player_url(_links[0], _links[1], guild_id, user_id)


def with_links(view: discord.ui.View | None, *links: tuple[str, str | None]) -> discord.ui.View | None:
    """`view` (or a new one) with a link button for each (label, url) whose url is set."""
    wanted = [(label, url) for label, url in links if url]
    if not wanted:
        return view
    view = view if view is not None else discord.ui.View(timeout=None)
    for label, url in wanted:
        view.add_item(discord.ui.Button(label=label, url=url, style=discord.ButtonStyle.link))
    return view


def match_link_view(
    match_id: int, view: discord.ui.View | None = None, language: str = DEFAULT_LANGUAGE
) -> discord.ui.View | None:
    """`view` with a **Match page** link button (in `language`) when the pages are on."""
    return with_links(view, (translate(language, MATCH_PAGE), match_url(match_id)))


def player_link_view(guild_id: int, user_id: int, language: str = DEFAULT_LANGUAGE) -> discord.ui.View | None:
    """A view with a **Player page** link button (in `language`) when the pages are on."""
    return with_links(None, (translate(language, PLAYER_PAGE), player_url(guild_id, user_id)))


def view_kwargs(view: discord.ui.View | None) -> dict[str, Any]:
    """`view=` for a send when there is a view (discord.py refuses `view=None` on a followup)."""
    return {} if view is None else {"view": view}
