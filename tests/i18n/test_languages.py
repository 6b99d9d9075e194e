"""Who reads what (issue 35): a refusal in the language of the member who asked, public text in the server's
(the admin's choice over Discord's), and the commands Discord is sent localised from the catalogues."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.i18n import N_
from bot.service import GameService, ServiceError
from bot.store import Database
from cogs.ui.errors import player_message
from cogs.ui.languages import server_language
from cogs.ui.translator import CatalogueTranslator
from tests.cogs.command_tree import loaded_bot
from tests.support.discord_standin import limits

SQLITE = pytest.mark.parametrize("db", ["sqlite"], indirect=True)


def test_a_refusal_comes_back_in_the_members_language() -> None:
    error = ServiceError(N_("It is {name}'s turn."), name="**Bo**")
    assert str(error) == "It is **Bo**'s turn."
    assert player_message(error, discord.Locale.german) == r"\*\*Bo\*\* ist am Zug."
    assert player_message(error, discord.Locale.american_english) == r"It is \*\*Bo\*\*'s turn."
    assert player_message(error, discord.Locale.japanese) == r"It is \*\*Bo\*\*'s turn."  # no catalogue: English


@SQLITE
async def test_public_text_follows_the_server_then_its_admin(db: Database) -> None:
    service = GameService(db)
    guild: Any = SimpleNamespace(id=42, preferred_locale=discord.Locale.german)
    assert await server_language(service.settings, guild) == "de"
    await service.settings.set_guild_language(42, "en")
    assert await server_language(service.settings, guild) == "en"
    assert await GameService(db).settings.guild_language(42) == "en"  # stored, not only remembered
    await service.settings.set_guild_language(42, None)
    assert await server_language(service.settings, guild) == "de"
    with pytest.raises(ServiceError):
        await service.settings.set_guild_language(42, "xx")


@SQLITE
async def test_the_synced_commands_carry_german_names_and_descriptions(
    db: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await loaded_bot(db, tmp_path, monkeypatch)
    await bot.tree.set_translator(CatalogueTranslator())
    payload = await bot.command_payload()
    bg = next(command for command in payload if command["name"] == "bg")
    assert bg["description_localizations"]["de"].startswith("Backgammon spielen")
    move = next(option for option in bg["options"] if option["name"] == "move")
    assert move["name_localizations"]["de"] == "ziehen"
    assert "de" not in bg.get("name_localizations", {}) or bg["name_localizations"]["de"] == "bg"


@SQLITE
async def test_the_standin_accepts_the_localised_commands_and_refuses_a_bad_localisation(
    db: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await loaded_bot(db, tmp_path, monkeypatch)
    await bot.tree.set_translator(CatalogueTranslator())
    payload = await bot.command_payload()
    assert limits.check_commands(payload) == []
    bad = payload[0] | {"name_localizations": {"de": "Großes Wort mit Leerzeichen"}}
    assert [problem for problem in limits.check_commands([bad]) if "name_localizations.de" in str(problem)]
