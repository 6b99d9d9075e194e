"""The words on a board's buttons and menus in the reader's language.

The menus are built in English (cogs.ui.move_menu, cogs.ui.resign_menu, cogs.ui.controls), each fixed label marked
where it is written; the rows are translated here in one pass, once the language of whoever reads the board is
known. Labels made of a play in notation ("24/18 13/11", "13/7") are the same in every language and stay as they
are; the two labels with a number in them are matched by their English form.
"""

from __future__ import annotations

import dataclasses
import re

from bot.i18n import DEFAULT_LANGUAGE, N_, translate
from cogs.ui.move_menu import Row, Rows, SelectSpec

#: Labels with a number in them: "From 13" (cogs.ui.move_menu.step_buttons) and the parts of a long play list.
_FROM = re.compile(r"From (?P<point>\S+)")
_PART = re.compile(r"Whole plays \((?P<part>\d+) of (?P<parts>\d+)\)(?P<rest>.*)")


def label(language: str, text: str) -> str:
    """One button label or menu placeholder in `language` (a label the catalogue lacks, a play, stays as is)."""
    found = _FROM.fullmatch(text)
    if found:
        return translate(language, N_("From {point}"), point=found["point"])
    found = _PART.fullmatch(text)
    if found:
        part = translate(language, N_("Whole plays ({part} of {parts})"), part=found["part"], parts=found["parts"])
        return part + found["rest"]
    return translate(language, text)


def translated_rows(rows: Rows, language: str = DEFAULT_LANGUAGE) -> Rows:
    """The rows with every label and placeholder in `language` (English: the rows unchanged)."""
    if language == DEFAULT_LANGUAGE:
        return rows
    return tuple(_translated(row, language) for row in rows)


def _translated(row: Row, language: str) -> Row:
    if isinstance(row, SelectSpec):
        return dataclasses.replace(row, placeholder=label(language, row.placeholder))
    return tuple(dataclasses.replace(button, label=label(language, button.label)) for button in row)
