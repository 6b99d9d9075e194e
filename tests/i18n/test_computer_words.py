# ruff: noqa: RUF001  # Turkish and Greek letters are what these tests check
"""The computer's words in the readers' languages (issue 35): its announcement in the server's language, the
starter's answer and the refusals in the member's, a player's record against it in the asker's. Through the real
Computer cog, game service and publisher against the fake Discord of tests/cogs/fake_discord.py."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import discord
import pytest

from bot.engine.options import MatchOptions
from cogs.ui.computer_text import computer_record_lines, what_is_played
from cogs.ui.errors import UserFacingError, player_message
from tests.cogs.fake_discord import (  # noqa: F401  # `fake_bot`: the fixture `bot`, the real cog on a fake Discord
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    PATIENCE,
    FakeBot,
    FakeInteraction,
    fake_bot,
    pool_of,
)

SQLITE = pytest.mark.parametrize("db", ["sqlite"], indirect=True)  # the `bot` fixture's database


async def start(fake: FakeBot, locale: discord.Locale) -> FakeInteraction:
    """Alice, whose Discord speaks `locale`, plays the computer (beginner, 1 point) in the channel."""
    interaction = FakeInteraction(ALICE)
    interaction.locale = locale  # type: ignore[attr-defined]
    await fake.computer.start(interaction, "beginner", MatchOptions.match(1), thread=False)  # type: ignore[arg-type]
    return interaction


@SQLITE
async def test_the_announcement_follows_the_server_and_the_answer_the_member(bot: FakeBot) -> None:
    await bot.service.settings.set_guild_language(GUILD, "de")
    pool_of(bot).thinking.close()  # the computer's first turn waits: only the start matters here
    interaction = await start(bot, discord.Locale.turkish)
    announcement = bot.channel.posted[0].content
    assert announcement.splitlines()[0] == "Alice spielt: ein 1-Punkte-Match gegen den Computer (Anfänger)."
    assert announcement.splitlines()[1].startswith("-# Die Würfel")  # the proof line, in the server's language too
    assert interaction.said == ["bilgisayara karşı 1 puanlık bir maç (acemi) oynuyorsun. Bol şans!"]
    pool_of(bot).thinking.release()
    await asyncio.wait_for(bot.computer.idle(), PATIENCE)


@SQLITE
async def test_someone_elses_rematch_is_refused_in_the_members_language(bot: FakeBot) -> None:
    pool_of(bot).thinking.close()
    await start(bot, discord.Locale.american_english)
    record = await bot.service.match_in_channel(CHANNEL)
    assert record is not None
    with pytest.raises(UserFacingError) as refused:
        await bot.computer.rematch(FakeInteraction(BOB), record.id)  # type: ignore[arg-type]
    assert player_message(refused.value, discord.Locale.german) == "Das war das Match von Alice gegen den Computer."
    assert player_message(refused.value, discord.Locale.greek) == "Αυτό ήταν το ματς του/της Alice με τον υπολογιστή."
    pool_of(bot).thinking.release()
    await asyncio.wait_for(bot.computer.idle(), PATIENCE)


@SQLITE
async def test_without_bgsage_the_refusal_is_in_the_members_language(
    bot: FakeBot,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bot, "sage_problem", "ImportError: no build for this platform")
    with pytest.raises(UserFacingError) as refused:
        await start(bot, discord.Locale.german)
    assert player_message(refused.value, discord.Locale.german) == (
        "Der Computergegner ist auf diesem Server nicht verfügbar (seine Engine, bgsage, ist nicht installiert)."
    )
    assert player_message(refused.value, discord.Locale.turkish).startswith("Bilgisayar rakip bu sunucuda")
    assert bot.channel.posted == []


def test_what_is_played_names_the_rules_and_the_level_as_its_choice() -> None:
    money = MatchOptions.money(jacoby=True, beavers=True)
    assert (
        what_is_played(money, "casual", "de")
        == "ein Money-Game (Jacoby, Beaver) gegen den Computer (Gelegenheitsspieler)"
    )
    assert what_is_played(money, "casual") == "a money game (Jacoby, beavers) against the computer (casual)"
    assert what_is_played(MatchOptions.match(5), "expert", "el", again=True) == (
        "ξανά ένα ματς 5 πόντων με τον υπολογιστή (έμπειρος)"
    )


@dataclass(frozen=True)
class LevelRecord:
    level: str
    played: int
    won: int
    points_per_game: float


def test_the_record_against_the_computer_in_the_askers_language() -> None:
    records = [LevelRecord("world-class", 2, 0, -1.5), LevelRecord("beginner", 3, 2, 0.25)]
    assert computer_record_lines(records, "de").splitlines() == [
        "Anfänger: 3 gespielt · 2 gewonnen · +0,25 Punkte pro Spiel",
        "Weltklasse: 2 gespielt · 0 gewonnen · -1,50 Punkte pro Spiel",
    ]
    assert (
        computer_record_lines(records, "tr").splitlines()[0]
        == "acemi: 3 oynandı · 2 kazanıldı · oyun başına +0,25 puan"
    )
    assert computer_record_lines(records).splitlines()[0] == "beginner: 3 played · 2 won · +0.25 points per game"
