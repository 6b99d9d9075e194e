"""Every catalogue is complete and safe to show (issue 35): each message translated, the same placeholders as the
English one, command and option names as Discord accepts them, descriptions and choices within its limits; the
template is what the code and the command tree hold today (`python3 tasks.py messages` was run)."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from bot.i18n import available_languages, language_of, translate
from bot.i18n.catalogues import po_path
from bot.i18n.messages import placeholders
from bot.i18n.template import TEMPLATE, build_template
from cogs.ui.translator import fits_discord
from tests.i18n import po_files

TRANSLATED = [language for language in available_languages() if language != "en"]


def template_messages() -> set[tuple[str | None, str]]:
    with TEMPLATE.open("rb") as file:
        return {(entry.context, entry.id) for entry in read_po(file) if entry.id and isinstance(entry.id, str)}


def test_german_is_there_and_regional_locales_fall_back() -> None:
    assert "de" in TRANSLATED
    assert language_of("de") == "de"
    assert language_of("en-US") == "en"
    assert language_of("xx") == "en"
    assert language_of(None) == "en"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(language: str) -> None:
    translations = po_files.translations(language)
    missing = [key for key in template_messages() if not translations.get(key)]
    assert missing == [], f"{language}: {len(missing)} untranslated, e.g. {missing[:3]}"
    for (context, english), text in translations.items():
        assert placeholders(text) == placeholders(english), (language, context, english, text)


@pytest.mark.parametrize("language", TRANSLATED)
def test_names_descriptions_and_choices_fit_discord(language: str) -> None:
    for (context, english), text in po_files.translations(language).items():
        if context is not None:
            assert fits_discord(context, text), (language, context, english, text)


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_catalogue_has_its_terms_at_its_top(language: str) -> None:
    """The translator's choices for gammon, the cube, Crawford, pips and bearing off (docs/translating.md)."""
    head = po_path(language).read_text(encoding="utf-8").split('msgid ""')[0].lower()
    for term in ("gammon", "cube", "crawford", "pips", "bear off"):
        assert term in head, (language, term)


def test_the_template_holds_every_message_of_the_code_and_the_command_tree() -> None:
    fresh = {(entry.context, entry.id) for entry in build_template() if entry.id and isinstance(entry.id, str)}
    assert fresh == template_messages(), "run `python3 tasks.py messages`"


def test_translate_fills_placeholders_in_the_readers_language() -> None:
    assert translate("de", "It is {name}'s turn.", name="Bo") == "Bo ist am Zug."
    assert translate("en-GB", "It is {name}'s turn.", name="Bo") == "It is Bo's turn."
    assert translate("de", "A message no catalogue has: {x}", x=1) == "A message no catalogue has: 1"


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_prompt_still_starts_with_its_mention(language: str) -> None:
    """A board's prompt is found by its first characters (cogs.ui.game_messages.retired_text), so a translation
    keeps `{mention}` first; a thinking line ends with an ellipsis however it is translated."""
    for (_context, english), text in po_files.translations(language).items():
        if english.startswith("{mention}"):
            assert text.startswith("{mention}"), (language, english, text)
