"""The web pages' link buttons in Discord (issue 34): under a finished match's message and elsewhere only when the
pages are configured, each a link button to the signed address."""

from __future__ import annotations

from collections.abc import Iterator

import discord
import pytest

from bot.i18n import translate
from bot.settings import Settings
from bot.web import signing
from cogs.admin import web_text
from cogs.ui import web_links
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
    assert Settings.load(env_file=None).web_links() == ("https://gammon.example", SECRET)
    monkeypatch.setenv("WEB_SECRET", "short")
    with pytest.raises(Exception, match="WEB_SECRET"):
        Settings.load(env_file=None)
    monkeypatch.delenv("WEB_SECRET")
    assert Settings.load(env_file=None).web_links() is None


def test_the_admin_answer_says_where_the_page_is() -> None:
    assert "https://x/s/1-abc" in web_text(True, True, "https://x/s/1-abc")
    assert "off" in web_text(False, False, None)
