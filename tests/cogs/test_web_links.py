"""The web pages' link buttons in Discord (issue 34): under a finished match's message and elsewhere only when the
pages are configured, each a link button to the signed address; and /bgadmin web, which turns a server's page on
and off (Manage Server only, refused while the bot has no pages)."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.i18n import translate
from bot.service import GameService
from bot.settings import Settings
from bot.store import Database
from bot.web import signing
from cogs.admin import Admin, web_text
from cogs.ui import web_links
from cogs.ui.errors import UserFacingError, player_message
from cogs.ui.game_messages import GameMessage

SECRET = "a-secret-for-the-web-pages-of-32-chars+"


@pytest.fixture
def pages_on() -> Iterator[None]:
    web_links.configure(("https://gammon.example", SECRET))
    yield
    web_links.configure(None)


def buttons(view: discord.ui.View | None) -> list[tuple[str | None, str | None]]:
    assert view is not None
    return [(item.label, item.url) for item in view.children if isinstance(item, discord.ui.Button)]


async def test_a_finished_matchs_message_links_its_page(pages_on: None) -> None:
    view = GameMessage("over", (), b"", match_page=12).view()
    assert buttons(view) == [("Match page", "https://gammon.example" + signing.match_path(SECRET, 12))]
    assert GameMessage("running", (), b"").view() is None  # a running match: no page, no link
    german = GameMessage("vorbei", (), b"", match_page=12, language="de").view()  # the server's language
    assert buttons(german) == [
        (translate("de", web_links.MATCH_PAGE), "https://gammon.example" + signing.match_path(SECRET, 12))
    ]
    assert translate("de", web_links.MATCH_PAGE) != "Match page"


async def test_no_links_while_the_pages_are_off() -> None:
    web_links.configure(None)
    assert GameMessage("over", (), b"", match_page=12).view() is None
    assert web_links.match_url(12) is None and web_links.server_url(1) is None
    assert web_links.view_kwargs(web_links.match_link_view(12)) == {}


async def test_links_are_added_to_a_view_and_skipped_when_unset(pages_on: None) -> None:
    view = web_links.with_links(None, ("A", web_links.player_url(1, 2)), ("B", None))
    assert buttons(view) == [("A", "https://gammon.example" + signing.player_path(SECRET, 1, 2))]
    assert web_links.view_kwargs(view) == {"view": view}


def test_the_bot_reads_the_pages_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WEB_BASE_URL", "https://gammon.example/")
    monkeypatch.setenv("WEB_SECRET", SECRET)
    assert Settings.load(None).web_links() == ("https://gammon.example", SECRET)
    monkeypatch.setenv("WEB_SECRET", "short")
    with pytest.raises(Exception, match="WEB_SECRET"):
        Settings.load(None)
    monkeypatch.delenv("WEB_SECRET")
    assert Settings.load(None).web_links() is None


def test_the_admin_answer_says_where_the_page_is() -> None:
    assert "https://x/s/1-abc" in web_text(True, True, "https://x/s/1-abc")
    assert "off" in web_text(False, False, None)


class AdminAsks:
    """/bgadmin web by a member of server 1 (`guild_id`), with or without Manage Server: the answers."""

    def __init__(self, manage_guild: bool = True, guild_id: int | None = 1) -> None:
        self.locale = discord.Locale.american_english
        self.guild_id = guild_id
        self.permissions = discord.Permissions(manage_guild=manage_guild)
        self.said: list[str] = []
        self.response = SimpleNamespace(send_message=self._send)

    async def _send(self, content: str, **fields: Any) -> None:
        assert fields == {"ephemeral": True}
        self.said.append(content)


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_bgadmin_web_turns_the_server_page_on_and_off(db: Database, pages_on: None) -> None:
    service = GameService(db)
    admin = Admin(SimpleNamespace(service=service))  # type: ignore[arg-type]
    url = "https://gammon.example" + signing.server_path(SECRET, 1)
    for setting, answer, on in (
        (None, "This server's web page is off", False),
        ("on", f"This server's web page is now on: {url} ", True),
        (None, f"This server's web page is on: {url} ", True),
        ("off", "This server's web page is now off", False),
    ):
        asked = AdminAsks()
        await admin.web.callback(admin, asked, setting)  # type: ignore[arg-type]
        assert asked.said[0].startswith(answer), asked.said
        assert await service.settings.web_page(1) is on
    assert await service.settings.web_page(2) is False  # one server's setting only


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_bgadmin_web_is_refused_without_pages_without_a_server_and_without_manage_server(db: Database) -> None:
    service = GameService(db)
    admin = Admin(SimpleNamespace(service=service))  # type: ignore[arg-type]
    web_links.configure(None)  # the operator set no pages
    with pytest.raises(UserFacingError) as refused:
        await admin.web.callback(admin, AdminAsks(), "on")  # type: ignore[arg-type]
    assert player_message(refused.value) == "This bot has no web pages (its operator has not set them up)."
    assert await service.settings.web_page(1) is False
    web_links.configure(("https://gammon.example", SECRET))
    try:
        with pytest.raises(UserFacingError) as elsewhere:
            await admin.web.callback(admin, AdminAsks(guild_id=None), "on")  # type: ignore[arg-type]
        assert player_message(elsewhere.value) == "This setting belongs to a server."
    finally:
        web_links.configure(None)
    [check] = admin.web.checks
    assert check(AdminAsks(manage_guild=True))  # type: ignore[arg-type]
    with pytest.raises(app_commands.MissingPermissions):
        check(AdminAsks(manage_guild=False))  # type: ignore[arg-type]
