"""/bg help: a quick start of about ten lines; the rest behind topics, one of which lists every slash command the
bot registers; every topic fits an embed and reads as plain words (issue 33)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

import pytest
from discord import app_commands

from bot.i18n import available_languages, translate
from bot.store import Database
from cogs.ui.help_text import EMBED_DESCRIPTION_LIMIT, QUICK_START, TOPICS, Topic, help_embed
from tests.cogs.command_tree import loaded_bot

#: What players must not read: rule numbers, issue numbers, formulas (an equals sign, plies, ± noise).
JARGON = re.compile(r"\bR\d+(\.\d+)?\b|\bissues? \d+|=|\bply\b|-ply|±|SHA-?256|chi-square", re.IGNORECASE)


def registered_commands(tree: app_commands.CommandTree) -> list[str]:
    """`/group name` or `/name` of every slash command the bot registers."""
    names = []
    for command in tree.get_commands():
        if isinstance(command, app_commands.Group):
            names.extend(f"/{sub.qualified_name}" for sub in command.walk_commands())
        else:
            names.append(f"/{command.name}")
    return names


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_the_commands_topic_names_every_registered_command(
    db: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = registered_commands((await loaded_bot(db, tmp_path, monkeypatch)).tree)
    assert {"/bg challenge", "/bg help", "/stats dice", "/tournament award", "/bgadmin turn-limit"} <= set(names)
    commands_text = TOPICS["commands"][1]
    missing = [name for name in names if f"`{name}`" not in commands_text]
    assert missing == []


def test_the_quick_start_is_about_ten_lines_and_names_every_topic() -> None:
    lines = QUICK_START.splitlines()
    assert 6 <= len(lines) <= 12
    assert all(len(line) <= 120 for line in lines)  # one line each on a desktop client
    for topic in TOPICS:
        if topic != "start":
            assert topic in lines[-1], topic
    for command in ("/bg challenge", "/bg computer", "/bg move", "/bg resign", "/bg board"):
        assert f"`{command}" in QUICK_START


def test_every_topic_is_offered_fits_an_embed_and_is_plain() -> None:
    assert list(TOPICS) == list(get_args(Topic))
    for topic, (title, text) in TOPICS.items():
        embed = help_embed(topic)
        assert (embed.title, embed.description) == (title, text)
        assert 0 < len(text) <= EMBED_DESCRIPTION_LIMIT // 2, topic  # short: the old help was 4,000 characters
        assert JARGON.search(text) is None, (topic, JARGON.search(text))


@pytest.mark.parametrize("language", available_languages())
def test_the_quick_start_names_the_boards_buttons_as_they_read(language: str) -> None:
    """Resign and Moves included (issue 33): a player finds under the board what the help names."""
    text = help_embed("start", language).description
    assert text is not None
    for label in ("Roll", "Double", "Done", "Take", "Drop", "Resign", "Moves"):
        assert f"**{translate(language, label)}**" in text, (language, label)


def test_the_default_is_the_quick_start() -> None:
    assert help_embed().description == QUICK_START
