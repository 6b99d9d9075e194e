"""`python -m bot.i18n.template`: write the catalogue template and bring every language up to date.

The template (bot/i18n/locales/gammon.pot) holds every English message: those marked `_()`, `N_()` or
`pgettext()` in bot/, cogs/ and render/ (Babel's extractor, as `pybabel extract` runs it), plus every command,
option and choice name and description of the command tree, built as at start-up without connecting. Each
language's `.po` is then updated from it: new messages are added empty, gone ones dropped, translations kept.
`python3 tasks.py messages` runs this.
"""

from __future__ import annotations

import asyncio
import importlib
import sys
import tempfile
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from bot.i18n.catalogues import DOMAIN, LOCALES, available_languages, po_path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("bot", "cogs", "render")
KEYWORDS = {"_": None, "N_": None, "pgettext": ((1, "c"), 2)}
TEMPLATE = LOCALES / f"{DOMAIN}.pot"


def marked_messages(catalog: Catalog) -> None:
    """Add every marked message of the code, with the file and line it is written at."""
    for folder in SOURCES:
        found = extract_from_dir(ROOT / folder, method_map=[("**.py", "python")], keywords=KEYWORDS)
        for filename, line, message, comments, context in found:
            where = (f"{folder}/{filename}", line)
            catalog.add(message, locations=[where], auto_comments=comments, context=context)


async def command_messages(catalog: Catalog) -> None:
    """Add the command tree's names and descriptions (the cogs loaded into a bot that never connects)."""
    from pydantic import SecretStr

    from bot.app import EXTENSIONS, GammonBot
    from bot.settings import Settings
    from bot.store import open_database
    from cogs.ui.translator import command_strings

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "gammon.db"
        async with open_database(path) as db:
            bot = GammonBot(Settings(discord_token=SecretStr("x"), database_path=path), db)
            for extension in EXTENSIONS:
                module = importlib.import_module(extension)
                for cog in module.COGS:
                    setattr(cog, "cog_load", _nothing)  # noqa: B010  # no timers in this one-off process
                await module.setup(bot)
            for context, text in command_strings(bot.tree):
                catalog.add(text, context=context, auto_comments=["a command, option or choice, as Discord shows it"])


async def _nothing(_cog: object) -> None:
    return None


def build_template() -> Catalog:
    catalog = Catalog(project="gammon", domain=DOMAIN, charset="utf-8")
    marked_messages(catalog)
    asyncio.run(command_messages(catalog))
    return catalog


def update_languages(template: Catalog) -> list[str]:
    """Each language's .po brought up to date with the template; returns the languages written."""
    written = []
    for language in available_languages()[1:]:
        path = po_path(language)
        with path.open("rb") as file:
            po = read_po(file, locale=language)
        po.update(template, no_fuzzy_matching=True)
        po.obsolete.clear()
        with path.open("wb") as file:
            write_po(file, po, width=120, omit_header=False, sort_output=False)
        written.append(language)
    return written


def main() -> None:
    template = build_template()
    with TEMPLATE.open("wb") as file:
        write_po(file, template, width=120, omit_header=False)
    languages = update_languages(template)
    print(f"{TEMPLATE.relative_to(ROOT)}: {len(template)} messages; updated: {', '.join(languages) or 'none'}")
    sys.exit(0)


if __name__ == "__main__":
    main()
