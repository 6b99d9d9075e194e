# ruff: noqa: RUF001  # Turkish and Greek letters (and the score's en dash) are what these tests check
"""An analysis in the readers' languages (issue 35): the public post, its pictures' captions and board words in the
server's language; the decision list, its buttons and the refusals of /bg analyze in the member's. A hand-made
analysis (no bgsage needed): Ann's blunder with 31 and Bob's wrong drop."""

from __future__ import annotations

import dataclasses
import io
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from PIL import Image

from bot.analysis import DecisionResult, MatchAnalysis, RollLuck
from bot.analysis.pictures import decision_picture
from bot.analysis.requests import AnalysisRequests, Answer, Shown
from bot.computer.board import sage_board
from bot.engine import Position
from bot.engine.dice import FixedDice
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.i18n import available_languages
from bot.service import GameService, MatchStatus, ServiceError
from bot.store import Database
from cogs import analysis as analysis_cog
from cogs.analysis import Analysis
from cogs.ui.analysis_text import captions, page_embed, page_view
from cogs.ui.board_words import board_words
from cogs.ui.errors import UserFacingError, player_message
from render.analysis import BOARD_WIDTH, caption_font
from render.fonts import fit
from tests.cogs.test_game_messages import record
from tests.support.settings import bot_settings

SQLITE = pytest.mark.parametrize("db", ["sqlite"], indirect=True)
START = sage_board(Position.initial())


def decision(index: int, player: int, kind: str, chosen: str, best: str, loss: float, **more: Any) -> DecisionResult:
    values: dict[str, Any] = dict(
        index=index,
        game=1,
        player=player,
        kind=kind,
        chosen=chosen,
        best=best,
        loss=loss,
        counted=True,
        forced=False,
        dice=(3, 1),
        board=START,
        viewer=0,
        cube=1,
        cube_owner="centered",
        away=(5, 5),
        crawford=False,
        chosen_equity=-loss,
        best_equity=0.0,
    )
    values.update(more)
    return DecisionResult(**values)


BLUNDER = decision(
    0, 0, "checker", "6/3 6/5", "8/5 6/5", 0.418, chosen_steps=((6, 3, 3, False), (6, 5, 1, False)),
    best_steps=((8, 5, 3, False), (6, 5, 1, False)),
)  # fmt: skip
WRONG_DROP = decision(1, 1, "take", "Drop", "Take", 0.52, dice=(0, 0))
ANALYSIS = MatchAnalysis(
    "standard", ("Ann", "Bob"), 5, (BLUNDER, WRONG_DROP), (RollLuck(1, 0, (3, 1), 0.25), RollLuck(1, 1, (2, 1), -0.1))
)


def labels(view: discord.ui.View) -> list[str | None]:
    """The buttons' labels (a DynamicItem holds its button)."""
    return [getattr(child, "item", child).label for child in view.children]


def analysis_cog_of(service: GameService) -> Analysis:
    bot: Any = SimpleNamespace(
        service=service, settings=bot_settings(), get_guild=lambda guild_id: None, sage_problem=""
    )
    return Analysis(bot)


class Channel(discord.abc.Messageable):
    """The match's channel, on the server with id 42: what is posted in it."""

    def __init__(self) -> None:
        self.guild = SimpleNamespace(id=42)
        self.sent: list[tuple[str, discord.ui.View]] = []

    async def send(self, content: str, **fields: Any) -> Any:  # type: ignore[override]
        self.sent.append((content, fields["view"]))
        return SimpleNamespace(id=900, channel=SimpleNamespace(id=70))


@SQLITE
async def test_the_public_analysis_is_posted_in_the_servers_language(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = GameService(db)
    await service.settings.set_guild_language(42, "de")
    cog = analysis_cog_of(service)
    drawn: list[dict[str, Any]] = []

    async def picture(function: Any, *args: Any, **kwargs: Any) -> bytes:
        assert function is decision_picture
        drawn.append(kwargs)
        return b"png"

    monkeypatch.setattr(analysis_cog, "draw_picture", picture)
    channel = Channel()
    cog.bot.get_channel = lambda channel_id: channel
    assert await cog.post_in_channel(7, 70, ANALYSIS) == (70, 900)
    content, view = channel.sent[0]
    lines = content.splitlines()
    assert lines[0] == "**Analyse von Match #7**: Ann gegen Bob, 5-Punkte-Match"
    assert lines[1] == "__Ann__ — **PR 209,0 - unkonzentriert**"
    assert lines[2].startswith("Zugspiel PR 209,0 über 1 Züge · Dopplerwürfel PR 0,0 über 0 Entscheidungen")
    assert "Glück +0,25 Punkte über 1 Würfe (bessere Würfe als der Durchschnitt)" in lines
    assert "Am teuersten: 31: 6/3 6/5 → am besten 8/5 6/5, kostet 0,418 Punkte **Patzer**" in lines
    assert "Am teuersten: Ablehnen → am besten Annehmen, kostet 0,520 Punkte **Patzer**" in lines
    assert lines[-1].startswith("-# Analysiert von bgsage (Standard). PR: was die Entscheidungen")
    assert labels(view) == ["Alle Entscheidungen"]
    assert [call["captions"] for call in drawn] == [
        ("Ann zog 31: 6/3 6/5 (-0,418)", "Am besten: 8/5 6/5"),
        ("Bob: Ablehnen (-0,520); am besten: Annehmen",),
    ]
    assert all(call["words"] == board_words("de") for call in drawn)


@SQLITE
async def test_a_turkish_member_reads_the_list_of_decisions_in_turkish(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    cog = analysis_cog_of(GameService(db))

    async def stored(match_id: int) -> Any:
        return SimpleNamespace(result=ANALYSIS.to_json())

    monkeypatch.setattr(cog.jobs, "stored", stored)
    shown: dict[str, Any] = {}

    async def send_message(**fields: Any) -> None:
        shown.update(fields)

    interaction: Any = SimpleNamespace(
        locale=discord.Locale.turkish, message=None, response=SimpleNamespace(send_message=send_message)
    )
    await cog.show_page(interaction, 7, 0)
    embed: discord.Embed = shown["embed"]
    assert embed.title == "#7 numaralı maç: tüm kararlar (sayfa 1/1)"
    assert embed.description is not None
    assert embed.description.splitlines() == [
        "O1 Ann 31: 6/3 6/5 → en iyisi 8/5 6/5, bedeli 0,418 puan **büyük hata**",
        "O1 Bob: Pas → en iyisi Al, bedeli 0,520 puan **büyük hata**",
    ]
    assert embed.footer.text is not None and embed.footer.text.startswith("Bedeller equity puanıyla")
    assert labels(shown["view"]) == ["Önceki", "Sonraki"]

    async def nothing(match_id: int) -> None:
        return None

    monkeypatch.setattr(cog.jobs, "stored", nothing)
    with pytest.raises(UserFacingError) as refused:
        await cog.show_page(interaction, 8, 0)
    assert player_message(refused.value, "de") == "Match #8 hat noch keine Analyse: `/bg analyze match:8`."
    assert player_message(refused.value, "tr") == "#8 numaralı maçın henüz analizi yok: `/bg analyze match:8`."


def test_the_list_and_its_buttons_in_greek() -> None:
    embed, pages = page_embed(ANALYSIS, 7, 0, "el")
    assert (embed.title, pages) == ("Ματς #7: όλες οι αποφάσεις (σελίδα 1 από 1)", 1)
    assert embed.description is not None and embed.description.endswith("κόστος 0,520 πόντοι **χοντρό λάθος**")
    assert labels(page_view(7, 0, 3, "el")) == ["Προηγούμενη", "Επόμενη"]


def test_the_cooldown_and_the_engine_refusals_follow_the_member() -> None:
    requests = AnalysisRequests(SimpleNamespace(), clock=lambda: 100.0)  # type: ignore[arg-type]
    requests.admit(5)
    with pytest.raises(ServiceError) as refused:
        requests.admit(5)
    assert player_message(refused.value, discord.Locale.german) == (
        "Du hast gerade erst eine Analyse angefordert: versuch es in 30 Sekunden noch einmal."
    )
    assert player_message(refused.value, discord.Locale.greek) == (
        "Ζήτησες ανάλυση πριν από λίγο: δοκίμασε ξανά σε 30 δευτερόλεπτα."
    )
    missing = UserFacingError(analysis_cog.NOT_AVAILABLE)
    assert player_message(missing, discord.Locale.german).startswith("Die Match-Analyse ist auf diesem Server nicht")


def test_the_pictures_draw_the_readers_words_and_every_caption_fits_its_box() -> None:
    english = decision_picture(BLUNDER, ANALYSIS.names, 5)
    german = decision_picture(
        BLUNDER, ANALYSIS.names, 5, captions=captions(BLUNDER, ANALYSIS.names, "de"), words=board_words("de")
    )
    assert Image.open(io.BytesIO(german)).size == Image.open(io.BytesIO(english)).size
    assert german != english
    # the longest cube decisions (a beaver's answer against a double's) and a checker play, in every language
    longest = decision(2, 0, "beaver", "Refuse the beaver", "Accept the beaver", 1.234, dice=(0, 0))
    doubled = decision(3, 0, "double", "No double", "Double, drop", 0.123, dice=(0, 0))
    for language in available_languages():
        for shown in (
            *captions(BLUNDER, ("Annabelle", "Bob"), language),
            *captions(longest, ("Annabelle", "Bob"), language),
            *captions(doubled, ("Annabelle", "Bob"), language),
        ):
            face = caption_font(shown, BOARD_WIDTH - 16)
            assert fit(shown, face, BOARD_WIDTH - 16) == shown, (language, shown)  # never cut with an ellipsis


class Asking:
    """/bg analyze by a member of server 1, in channel 2, whose Discord speaks `locale`."""

    def __init__(self, locale: discord.Locale, user_id: int) -> None:
        self.locale = locale
        self.guild_id = 1
        self.channel_id = 2
        self.user = SimpleNamespace(id=user_id)
        self.said: list[str] = []
        self.response = SimpleNamespace(defer=self._nothing)
        self.followup = SimpleNamespace(send=self._send)

    async def _send(self, content: str, **_fields: Any) -> None:
        self.said.append(content)

    async def _nothing(self, **_fields: Any) -> None:
        return None


@SQLITE
async def test_the_answers_to_analyze_are_in_the_members_language(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    service: Any = SimpleNamespace(settings=GameService(db).settings)
    dice = FixedDice([3, 1])
    finished = Match.start(("Alice", "Bob"), MatchOptions.match(3), dice)
    shown = {5: record(finished), 6: dataclasses.replace(record(finished), id=6, status=MatchStatus.FINISHED)}

    async def find(match_id: int) -> Any:
        return shown[match_id]

    service.match = find
    cog = analysis_cog_of(service)
    with pytest.raises(UserFacingError) as refused:
        await cog.analyze.callback(cog, Asking(discord.Locale.german, 10), 5)  # type: ignore[arg-type]
    assert player_message(refused.value, "de").endswith(
        ": Ein Match wird erst analysiert, wenn es vorbei ist (keine Hilfe, während es läuft)."
    )
    assert player_message(refused.value, "el").endswith(
        ": ένα ματς αναλύεται μόνο όταν τελειώσει (καμία βοήθεια όσο παίζεται)."
    )
    answers = iter([Answer(Shown.BEING_POSTED, 2), Answer(Shown.POSTED_BEFORE, 2, message_id=3)])

    async def ask(*_args: Any) -> Answer:
        return next(answers)

    monkeypatch.setattr(cog.requests, "ask", ask)
    turkish = Asking(discord.Locale.turkish, 11)
    await cog.analyze.callback(cog, turkish, 6)  # type: ignore[arg-type]
    assert turkish.said[0].endswith(" analizi <#2> kanalında paylaşılıyor.")
    german = Asking(discord.Locale.german, 12)
    await cog.analyze.callback(cog, german, 6)  # type: ignore[arg-type]
    assert german.said[0].startswith("Die Analyse von ")
    assert german.said[0].endswith(" wurde bereits hier gepostet: https://discord.com/channels/1/2/3")
