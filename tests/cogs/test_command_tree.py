"""The slash commands Discord sees are exactly the snapshot: the commands, options, descriptions and order of the
split by feature (issue 30), /bg shared by the cogs that add to it (cogs.ui.wiring), with the descriptions of
issue 33 (whole sentences in plain words) and `/bg help topic:`. Every description is complete and fits."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.store import Database
from tests.cogs.command_tree import loaded_bot, payload

pytestmark = pytest.mark.parametrize("db", ["sqlite"], indirect=True)

#: The tree as the bot sends it (`payload`), regenerated deliberately when a command or a description changes.
SNAPSHOT = Path(__file__).with_name("command_tree.json")
#: Discord's limit for a command's or an option's description.
DESCRIPTION_LIMIT = 100
#: Words written for developers (issue 33): rule numbers, issue numbers.
JARGON = re.compile(r"\bR\d+(\.\d+)?\b|\bissues? \d+", re.IGNORECASE)


def descriptions(entries: list[dict[str, Any]], path: str = "") -> Iterator[tuple[str, str]]:
    """(`/command option`, description) of every command, subcommand and option of a payload."""
    for entry in entries:
        name = f"{path} {entry['name']}".strip()
        yield f"/{name}", entry["description"]
        yield from descriptions(entry.get("options", []), name)


async def test_the_command_tree_is_unchanged(db: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bot = await loaded_bot(db, tmp_path, monkeypatch)
    assert payload(bot) == json.loads(SNAPSHOT.read_text())


async def test_every_description_is_a_whole_sentence_within_discords_limit(
    db: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """discord.py cuts a docstring past 100 characters with "…" (issue 33 found /stats dice and the `starts`
    option of /tournament create cut mid-sentence); every description here ends as a sentence does."""
    bot = await loaded_bot(db, tmp_path, monkeypatch)
    found = list(descriptions(payload(bot)))
    assert len(found) >= 80  # every command and option, not just the groups
    for where, text in found:
        assert 0 < len(text) <= DESCRIPTION_LIMIT, (where, len(text))
        assert text.endswith(".") and not text.endswith("…"), (where, text)
        assert text[0].isupper() or text.startswith(("on:", "e.g.")), (where, text)
        assert JARGON.search(text) is None, (where, text)


async def test_bg_is_one_group_shared_by_the_feature_cogs(
    db: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await loaded_bot(db, tmp_path, monkeypatch)
    bg = bot.tree.get_command("bg")
    assert bg is not None
    holders = {command.name: type(command.binding).__name__ for command in bg.walk_commands()}  # type: ignore[union-attr]
    assert holders == {
        "challenge": "Challenges",
        "computer": "Computer",
        "move": "Play",
        "resign": "Play",
        "board": "Play",
        "fairness": "Records",
        "matches": "Play",
        "export": "Records",
        "analyze": "Analysis",
        "help": "Play",
        "settings": "Play",
        "hint": "Tutor",
        "live": "Live",
    }


async def test_a_cog_removed_takes_its_subcommands_out_of_bg(
    db: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await loaded_bot(db, tmp_path, monkeypatch)
    for name in ("Challenges", "Computer", "Records", "Analysis", "Tutor"):
        await bot.remove_cog(name)
    bg = bot.tree.get_command("bg")
    assert bg is not None
    assert [command.name for command in bg.walk_commands()] == [  # type: ignore[union-attr]
        "move",
        "resign",
        "board",
        "live",
        "matches",
        "help",
        "settings",
    ]
