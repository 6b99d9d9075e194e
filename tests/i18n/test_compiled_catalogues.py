"""The catalogues the bot reads are the translators' `.po` files, compiled: every message answered as its `.po`
says (fuzzy and empty ones in English), a `.mo` older than its `.po` never read, and the compiled path free of
Babel's parser (it cost a tenth of each bot start)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

from bot.i18n import catalogues
from bot.i18n.catalogues import available_languages, catalogue, is_current, mo_path, po_path
from bot.i18n.compile import compile_catalogues
from tests.i18n import po_files

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = available_languages()[1:]

SMALL_PO = """\
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "Roll"
msgstr "Würfeln"

msgctxt "command name"
msgid "roll"
msgstr "wuerfeln"

#, fuzzy
msgid "Double"
msgstr "Doppeln"

msgid "Take"
msgstr ""

msgid "OK"
msgstr "OK"
"""


@pytest.fixture
def locales(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the catalogues, without any `.mo`, read in place of the bot's own."""
    copy = tmp_path / "locales"
    shutil.copytree(catalogues.LOCALES, copy, ignore=shutil.ignore_patterns("*.mo"))
    monkeypatch.setattr(catalogues, "LOCALES", copy)
    catalogue.cache_clear()
    available_languages.cache_clear()
    yield copy
    catalogue.cache_clear()
    available_languages.cache_clear()


def answers(language: str, keys: Iterable[po_files.Key]) -> dict[po_files.Key, str | None]:
    book = catalogue(language)
    return {(context, english): book.get(english, context) for context, english in keys}


@pytest.mark.usefixtures("locales")
def test_every_compiled_catalogue_answers_every_message_as_its_po() -> None:
    assert compile_catalogues() == list(TRANSLATED)
    for language in TRANSLATED:
        assert is_current(language)
        expected = po_files.messages(language)
        assert answers(language, expected) == expected, language
    assert compile_catalogues() == []  # all current: nothing written again


def test_fuzzy_and_empty_messages_are_english_and_contexts_stay_apart(locales: Path) -> None:
    po_path("de").write_text(SMALL_PO, encoding="utf-8")
    for compiled_first in (False, True):  # compiled in memory, then from the written .mo
        if compiled_first:
            assert "de" in compile_catalogues() and mo_path("de").is_file()
        catalogue.cache_clear()
        book = catalogue("de")
        assert book.get("Roll") == "Würfeln" and book.get("roll", "command name") == "wuerfeln"
        assert book.get("roll") is None and book.get("Roll", "command name") is None
        assert book.get("Double") is None and book.get("Take") is None and book.get("Nothing like it") is None
        assert book.get("OK") == "OK"  # translated as itself: not missing
    assert catalogue("en").get("Roll") is None and catalogue("xx").language == "en"


def test_a_mo_older_than_its_po_is_not_read_and_is_compiled_again(locales: Path) -> None:
    compile_catalogues()
    po = po_path("de")
    po.write_text(SMALL_PO.replace("Würfeln", "Wirf"), encoding="utf-8")
    os.utime(mo_path("de"), ns=(po.stat().st_mtime_ns - 10**9,) * 2)  # the .mo was compiled before this edit
    assert not is_current("de")
    catalogue.cache_clear()
    assert catalogue("de").get("Roll") == "Wirf"
    assert compile_catalogues() == ["de"] and is_current("de")
    catalogue.cache_clear()
    assert catalogue("de").get("Roll") == "Wirf"


def test_the_bot_reads_compiled_catalogues_without_babels_parser() -> None:
    subprocess.run([sys.executable, "-m", "bot.i18n.compile"], cwd=ROOT, check=True)
    code = (
        "import sys\n"
        "from bot.i18n import available_languages, catalogue\n"
        "books = [catalogue(language) for language in available_languages()]\n"
        "assert books[1].get('Roll') not in (None, 'Roll'), books[1].language\n"
        "assert 'babel.messages.pofile' not in sys.modules, 'a .po was parsed'\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


def test_the_setup_and_the_image_compile_the_catalogues() -> None:
    assert '_run(PYTHON, "-m", "bot.i18n.compile")' in (ROOT / "tasks.py").read_text()
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert dockerfile.index("pip install") < dockerfile.index("python -m bot.i18n.compile") < dockerfile.index("USER")
    assert "*.mo" in (ROOT / ".gitignore").read_text().split()
