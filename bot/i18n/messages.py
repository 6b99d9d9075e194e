"""Marking messages for extraction and turning them into a reader's language.

`_("...")` and `N_("...")` mark an English text where it is written and return it unchanged: the text is
translated later, where the reader's language is known. Placeholders are `{name}` fields filled by keyword
(`translate("de", "Match #{match} is over.", match=3)`), so a translation may move them; a `%` is just a percent.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from string import Formatter
from typing import Any, Protocol, TypeGuard

from bot.i18n.catalogues import catalogue, language_of


class Localised(Protocol):
    """A parameter written in the reader's language when its message is (a `Message`, a `Duration`)."""

    def render(self, locale: object) -> str: ...


def _(message: str) -> str:
    """Marks an English message for extraction; translated where it is shown (`translate`)."""
    return message


N_ = _


def pgettext(context: str, message: str) -> str:
    """Marks a message with a context (a command name, an option name): extracted as `msgctxt`."""
    del context
    return message


def translate(locale: object, message: str, /, *, context: str | None = None, **params: Any) -> str:
    """The message in the reader's language (English when the catalogue lacks it), its placeholders filled; a
    parameter that is `Localised` itself is written in that language too."""
    text = catalogue(language_of(locale)).get(message, context) or message
    if not params:
        return text
    shown = {name: value.render(locale) if _localised(value) else value for name, value in params.items()}
    return format_message(text, shown)


def _localised(value: object) -> TypeGuard[Localised]:
    """`isinstance(value, Localised)` in a hundredth of its time (a Protocol's check walks its members each time,
    and every board's words ask it for each parameter)."""
    return callable(getattr(value, "render", None))


def format_message(text: str, params: dict[str, Any]) -> str:
    """Fill `{name}` fields; a field the parameters lack, or a stray brace, leaves the text as it is rather
    than failing a player's answer."""
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text


def placeholders(text: str) -> set[str]:
    """The `{name}` fields of a message, for checking a translation keeps them all."""
    try:
        return {parsed[1] for parsed in Formatter().parse(text) if parsed[1] is not None}
    except ValueError:
        return {"<unbalanced braces>"}


@dataclass(frozen=True, slots=True)
class Message:
    """An English template with its parameters, carried to where the reader's language is known (a refusal, a
    line for a public board). `str()` is the English text, so code that knows no language still reads well."""

    template: str
    params: dict[str, Any] = field(default_factory=dict)

    def render(self, locale: object) -> str:
        return translate(locale, self.template, **self.params)

    def __str__(self) -> str:
        return format_message(self.template, self.params) if self.params else self.template
