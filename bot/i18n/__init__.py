"""The bot's words in the players' languages: gettext catalogues read with Babel, no discord here.

Code marks an English message with `_()` or `N_()` (both return it unchanged, so the English text is the key and
`pybabel extract` finds it); whoever shows the message calls `translate(language, message, **params)` with the
language of its reader: the member for a private answer, the server for a public one. A catalogue is one file,
`bot/i18n/locales/<language>/LC_MESSAGES/gammon.po`; adding one adds the language (docs/languages.md).
"""

from __future__ import annotations

from bot.i18n.catalogues import (
    DEFAULT_LANGUAGE,
    available_languages,
    catalogue,
    language_of,
)
from bot.i18n.messages import N_, Message, _, format_message, pgettext, translate
from bot.i18n.numbers import format_number

__all__ = [
    "DEFAULT_LANGUAGE",
    "N_",
    "Message",
    "_",
    "available_languages",
    "catalogue",
    "format_message",
    "format_number",
    "language_of",
    "pgettext",
    "translate",
]
