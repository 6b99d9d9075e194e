"""Discord's documented limits on what a bot may send, as pure checks returning the problems found.

Each check returns a list of `Problem`s: the JSON path Discord would name in its "Invalid Form Body" error and
the message it would give. The server turns them into Discord's 400 response and records them as violations.
Limits follow the Discord developer documentation (message resource, components, embeds, application commands,
interaction responses) for API v10.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_ACTION_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_SELECT_OPTIONS = 25
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_OPTION_TEXT = 100
MAX_PLACEHOLDER = 150
MAX_CHOICES = 25
MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024
MAX_ATTACHMENTS = 10
MAX_COMMAND_NAME = 32
MAX_COMMAND_DESCRIPTION = 100
MAX_COMMAND_OPTIONS = 25
MAX_MODAL_TITLE = 45
MAX_TEXT_INPUT_LABEL = 45
MAX_TEXT_INPUT_PLACEHOLDER = 100
MAX_TEXT_INPUT_VALUE = 4000
ACK_DEADLINE_SECONDS = 3.0
TOKEN_LIFETIME_SECONDS = 15 * 60

EMBED_TEXT_LIMITS = {"title": 256, "description": 4096}
EMBED_TOTAL = 6000
EMBED_FIELDS = 25

ACTION_ROW, BUTTON, STRING_SELECT = 1, 2, 3
SELECT_TYPES = {3, 5, 6, 7, 8}
LINK_STYLE, PREMIUM_STYLE = 5, 6

# Discord's rule for command and option names, ^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$ with the unicode
# flag; \w covers the Unicode letters and digits it allows.
_NAME = re.compile(r"^[-_'\w\u0900-\u097F\u0E00-\u0E7F]{1,32}$")

# The locales Discord accepts as keys of name_localizations and description_localizations (API v10 "Locales").
LOCALES = frozenset(
    "id da de en-GB en-US es-ES es-419 fr hr it lt hu nl no pl pt-BR ro fi sv-SE vi tr cs el bg ru uk hi th "  # noqa: SIM905
    "zh-CN ja zh-TW ko".split()
)


@dataclass(frozen=True)
class Problem:
    """One broken limit: where (a dotted path as in Discord's error body) and what Discord says about it."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


def check_message(payload: dict[str, Any], file_sizes: list[int]) -> list[Problem]:
    """Content, embeds, components and uploads of a message create or edit body."""
    problems: list[Problem] = []
    content = payload.get("content")
    if isinstance(content, str) and len(content) > MAX_CONTENT:
        problems.append(Problem("content", f"Must be {MAX_CONTENT} or fewer in length."))
    embeds = payload.get("embeds") or []
    if len(embeds) > MAX_EMBEDS:
        problems.append(Problem("embeds", f"Must be {MAX_EMBEDS} or fewer in length."))
    problems += check_embeds(embeds)
    problems += check_components(payload.get("components") or [])
    if len(file_sizes) > MAX_ATTACHMENTS:
        problems.append(Problem("attachments", f"Must be {MAX_ATTACHMENTS} or fewer in length."))
    for index, size in enumerate(file_sizes):
        if size > MAX_ATTACHMENT_BYTES:
            problems.append(Problem(f"files[{index}]", f"File is larger than {MAX_ATTACHMENT_BYTES} bytes ({size})."))
    return problems


def check_not_empty(payload: dict[str, Any], file_count: int) -> list[Problem]:
    """A new message needs content, an embed, components, a file, a sticker or a poll (Discord error 50006)."""
    keys = ("content", "embeds", "components", "sticker_ids", "poll")
    if file_count or any(payload.get(key) for key in keys):
        return []
    return [Problem("content", "Cannot send an empty message")]


def check_embeds(embeds: list[dict[str, Any]]) -> list[Problem]:
    """Per-field embed limits and the 6000-character total over all embeds of a message."""
    problems: list[Problem] = []
    total = 0
    for index, embed in enumerate(embeds):
        where = f"embeds.{index}"
        for key, limit in EMBED_TEXT_LIMITS.items():
            text = embed.get(key) or ""
            total += len(text)
            if len(text) > limit:
                problems.append(Problem(f"{where}.{key}", f"Must be {limit} or fewer in length."))
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS:
            problems.append(Problem(f"{where}.fields", f"Must be {EMBED_FIELDS} or fewer in length."))
        for number, field in enumerate(fields):
            for key, limit in (("name", 256), ("value", 1024)):
                text = field.get(key) or ""
                total += len(text)
                if not text:
                    problems.append(Problem(f"{where}.fields.{number}.{key}", "This field is required"))
                elif len(text) > limit:
                    problems.append(Problem(f"{where}.fields.{number}.{key}", f"Must be {limit} or fewer in length."))
        for part, key, limit in (("footer", "text", 2048), ("author", "name", 256)):
            text = (embed.get(part) or {}).get(key) or ""
            total += len(text)
            if len(text) > limit:
                problems.append(Problem(f"{where}.{part}.{key}", f"Must be {limit} or fewer in length."))
    if total > EMBED_TOTAL:
        problems.append(Problem("embeds", f"Embed size exceeds maximum size of {EMBED_TOTAL}"))
    return problems


def check_components(rows: list[dict[str, Any]]) -> list[Problem]:
    """Classic (non-v2) message components: action rows of buttons, or one select alone in its row."""
    problems: list[Problem] = []
    if len(rows) > MAX_ACTION_ROWS:
        problems.append(Problem("components", f"Must be {MAX_ACTION_ROWS} or fewer in length."))
    seen_ids: set[str] = set()
    for r, row in enumerate(rows):
        where = f"components.{r}"
        if row.get("type") != ACTION_ROW:
            problems.append(Problem(f"{where}.type", "Top-level components must be action rows (type 1)."))
            continue
        children = row.get("components") or []
        if not children:
            problems.append(Problem(f"{where}.components", "Must be between 1 and 5 in length."))
        selects = [c for c in children if c.get("type") in SELECT_TYPES]
        if selects and len(children) > 1:
            problems.append(Problem(f"{where}.components", "A select menu must be alone in its action row."))
        if len(children) > MAX_BUTTONS_PER_ROW:
            problems.append(Problem(f"{where}.components", f"Must be {MAX_BUTTONS_PER_ROW} or fewer in length."))
        for c, child in enumerate(children):
            problems += _check_child(child, f"{where}.components.{c}", seen_ids)
    return problems


def _check_child(child: dict[str, Any], where: str, seen_ids: set[str]) -> list[Problem]:
    problems: list[Problem] = []
    kind = child.get("type")
    custom_id = child.get("custom_id")
    link = kind == BUTTON and child.get("style") in (LINK_STYLE, PREMIUM_STYLE)
    if link:
        if custom_id is not None:
            problems.append(Problem(f"{where}.custom_id", "Link buttons cannot have a custom_id."))
    elif not isinstance(custom_id, str) or not 1 <= len(custom_id) <= MAX_CUSTOM_ID:
        problems.append(Problem(f"{where}.custom_id", f"Must be between 1 and {MAX_CUSTOM_ID} in length."))
    elif custom_id in seen_ids:
        problems.append(Problem(f"{where}.custom_id", "Component custom id cannot be duplicated"))
    else:
        seen_ids.add(custom_id)
    if kind == BUTTON:
        label = child.get("label") or ""
        if len(label) > MAX_BUTTON_LABEL:
            problems.append(Problem(f"{where}.label", f"Must be {MAX_BUTTON_LABEL} or fewer in length."))
        if not label and not child.get("emoji") and child.get("style") != PREMIUM_STYLE:
            problems.append(Problem(f"{where}", "A button needs a label or an emoji."))
    elif kind in SELECT_TYPES:
        if len(child.get("placeholder") or "") > MAX_PLACEHOLDER:
            problems.append(Problem(f"{where}.placeholder", f"Must be {MAX_PLACEHOLDER} or fewer in length."))
        low, high = child.get("min_values", 1), child.get("max_values", 1)
        if not 0 <= low <= MAX_SELECT_OPTIONS or not 1 <= high <= MAX_SELECT_OPTIONS or low > high:
            problems.append(Problem(f"{where}.min_values", "min_values and max_values must be within 0-25."))
        if kind == STRING_SELECT:
            options = child.get("options") or []
            if not 1 <= len(options) <= MAX_SELECT_OPTIONS:
                problems.append(Problem(f"{where}.options", f"Must be between 1 and {MAX_SELECT_OPTIONS} in length."))
            values: set[str] = set()
            for o, option in enumerate(options):
                for key in ("label", "value", "description"):
                    text = option.get(key) or ""
                    if len(text) > MAX_OPTION_TEXT or (key != "description" and not text):
                        problems.append(
                            Problem(f"{where}.options.{o}.{key}", f"Must be between 1 and {MAX_OPTION_TEXT} in length.")
                        )
                if option.get("value") in values:
                    problems.append(Problem(f"{where}.options.{o}.value", "Select option values must be unique."))
                values.add(option.get("value") or "")
            if high > max(len(options), 1):
                problems.append(Problem(f"{where}.max_values", "max_values cannot exceed the number of options."))
    else:
        problems.append(Problem(f"{where}.type", f"Component type {kind} is not allowed in an action row."))
    return problems


def check_choices(choices: list[dict[str, Any]]) -> list[Problem]:
    """An autocomplete result: at most 25 choices, names 1-100 characters, string values up to 100."""
    problems: list[Problem] = []
    if len(choices) > MAX_CHOICES:
        problems.append(Problem("data.choices", f"Must be {MAX_CHOICES} or fewer in length."))
    for index, choice in enumerate(choices):
        name = choice.get("name") or ""
        if not 1 <= len(name) <= MAX_OPTION_TEXT:
            problems.append(Problem(f"data.choices.{index}.name", "Must be between 1 and 100 in length."))
        value = choice.get("value")
        if isinstance(value, str) and len(value) > MAX_OPTION_TEXT:
            problems.append(Problem(f"data.choices.{index}.value", "Must be 100 or fewer in length."))
    return problems


def check_commands(commands: list[dict[str, Any]]) -> list[Problem]:
    """A bulk command overwrite: names, descriptions, options and choices of every command."""
    problems: list[Problem] = []
    names: set[tuple[int, str]] = set()
    for index, command in enumerate(commands):
        where = str(index)
        kind = command.get("type", 1)
        name = command.get("name") or ""
        if (kind, name) in names:
            problems.append(Problem(f"{where}.name", "Application command names must be unique"))
        names.add((kind, name))
        if kind == 1:
            problems += _check_name_and_description(command, where)
            problems += _check_options(command.get("options") or [], f"{where}.options", depth=0)
        elif not 1 <= len(name) <= MAX_COMMAND_NAME:
            problems.append(Problem(f"{where}.name", f"Must be between 1 and {MAX_COMMAND_NAME} in length."))
    return problems + _check_unique_per_locale([c for c in commands if c.get("type", 1) == 1], "")


def _check_name_and_description(item: dict[str, Any], where: str) -> list[Problem]:
    problems: list[Problem] = []
    name = item.get("name") or ""
    if not _NAME.match(name) or name != name.lower():
        problems.append(Problem(f"{where}.name", "Command name is invalid (1-32 lower-case characters)."))
    description = item.get("description") or ""
    if not 1 <= len(description) <= MAX_COMMAND_DESCRIPTION:
        problems.append(Problem(f"{where}.description", f"Must be between 1 and {MAX_COMMAND_DESCRIPTION} in length."))
    return problems + _check_localizations(item, where)


def _check_localizations(item: dict[str, Any], where: str) -> list[Problem]:
    """name_localizations and description_localizations (issue 35): the same rules as the English name and
    description, per locale, for locales Discord knows."""
    problems = _check_locales(item, where)
    for locale, name in (item.get("name_localizations") or {}).items():
        if not isinstance(name, str) or not _NAME.match(name) or name != name.lower():
            problems.append(Problem(f"{where}.name_localizations.{locale}", "Command name is invalid."))
    for locale, text in (item.get("description_localizations") or {}).items():
        if not isinstance(text, str) or not 1 <= len(text) <= MAX_COMMAND_DESCRIPTION:
            problems.append(
                Problem(f"{where}.description_localizations.{locale}", "Must be between 1 and 100 in length.")
            )
    return problems


def _check_locales(item: dict[str, Any], where: str) -> list[Problem]:
    problems = []
    for key in ("name_localizations", "description_localizations"):
        for locale in item.get(key) or {}:
            if locale not in LOCALES:
                problems.append(Problem(f"{where}.{key}.{locale}", "Invalid Locale."))
    return problems


def _check_unique_per_locale(items: list[dict[str, Any]], where: str) -> list[Problem]:
    """Sibling names must differ in every language too: a client in that locale shows the localised ones."""
    problems = []
    locales = {locale for item in items for locale in item.get("name_localizations") or {}}
    for locale in sorted(locales):
        seen: set[str] = set()
        for index, item in enumerate(items):
            shown = (item.get("name_localizations") or {}).get(locale) or item.get("name") or ""
            if shown in seen:
                message = f"Application command names must be unique (name {shown!r} in {locale})"
                problems.append(Problem(f"{where}.{index}.name_localizations.{locale}", message))
            seen.add(shown)
    return problems


def _check_choices(choices: list[dict[str, Any]], where: str) -> list[Problem]:
    """A fixed option's choices: names 1-100 characters in every language, string values up to 100."""
    problems: list[Problem] = []
    if len(choices) > MAX_CHOICES:
        problems.append(Problem(where, f"Must be {MAX_CHOICES} or fewer in length."))
    for index, choice in enumerate(choices):
        at = f"{where}.{index}"
        problems += _check_locales(choice, at)
        names = [("name", choice.get("name"))] + [
            (f"name_localizations.{locale}", text) for locale, text in (choice.get("name_localizations") or {}).items()
        ]
        for key, text in names:
            if not isinstance(text, str) or not 1 <= len(text) <= MAX_OPTION_TEXT:
                problems.append(Problem(f"{at}.{key}", f"Must be between 1 and {MAX_OPTION_TEXT} in length."))
        value = choice.get("value")
        if isinstance(value, str) and not 1 <= len(value) <= MAX_OPTION_TEXT:
            problems.append(Problem(f"{at}.value", f"Must be between 1 and {MAX_OPTION_TEXT} in length."))
    return problems


def check_modal(form: dict[str, Any]) -> list[Problem]:
    """A form (callback type 9): title 1-45, custom_id 1-100, 1-5 rows of one text input each, labels 1-45."""
    problems: list[Problem] = []
    if not 1 <= len(form.get("title") or "") <= MAX_MODAL_TITLE:
        problems.append(Problem("data.title", f"Must be between 1 and {MAX_MODAL_TITLE} in length."))
    if not 1 <= len(form.get("custom_id") or "") <= MAX_CUSTOM_ID:
        problems.append(Problem("data.custom_id", f"Must be between 1 and {MAX_CUSTOM_ID} in length."))
    rows = form.get("components") or []
    if not 1 <= len(rows) <= MAX_ACTION_ROWS:
        problems.append(Problem("data.components", f"Must be between 1 and {MAX_ACTION_ROWS} in length."))
    for r, row in enumerate(rows):
        inputs = row.get("components") if row.get("type") == ACTION_ROW else [row.get("component") or row]
        for c, item in enumerate(inputs or []):
            at = f"data.components.{r}.components.{c}"
            label = item.get("label") or row.get("label") or ""
            if not 1 <= len(label) <= MAX_TEXT_INPUT_LABEL:
                problems.append(Problem(f"{at}.label", f"Must be between 1 and {MAX_TEXT_INPUT_LABEL} in length."))
            if len(item.get("placeholder") or "") > MAX_TEXT_INPUT_PLACEHOLDER:
                problems.append(
                    Problem(f"{at}.placeholder", f"Must be {MAX_TEXT_INPUT_PLACEHOLDER} or fewer in length.")
                )
            if len(item.get("value") or "") > MAX_TEXT_INPUT_VALUE:
                problems.append(Problem(f"{at}.value", f"Must be {MAX_TEXT_INPUT_VALUE} or fewer in length."))
            if not 1 <= len(item.get("custom_id") or "") <= MAX_CUSTOM_ID:
                problems.append(Problem(f"{at}.custom_id", f"Must be between 1 and {MAX_CUSTOM_ID} in length."))
    return problems


def _check_options(options: list[dict[str, Any]], where: str, depth: int) -> list[Problem]:
    problems: list[Problem] = []
    if len(options) > MAX_COMMAND_OPTIONS:
        problems.append(Problem(where, f"Must be {MAX_COMMAND_OPTIONS} or fewer in length."))
    seen_optional = False
    names: set[str] = set()
    problems += _check_unique_per_locale(options, where)
    for index, option in enumerate(options):
        at = f"{where}.{index}"
        problems += _check_name_and_description(option, at)
        if option.get("name") in names:
            problems.append(Problem(f"{at}.name", "Option names must be unique"))
        names.add(option.get("name") or "")
        kind = option.get("type")
        if kind in (1, 2):
            if depth >= (1 if kind == 2 else 2):
                problems.append(Problem(f"{at}.type", "Subcommands nest at most two levels deep."))
            problems += _check_options(option.get("options") or [], f"{at}.options", depth + 1)
            continue
        if option.get("required"):
            if seen_optional:
                problems.append(
                    Problem(f"{at}.required", "Required options must be placed before non-required options")
                )
        else:
            seen_optional = True
        choices = option.get("choices") or []
        problems += _check_choices(choices, f"{at}.choices")
        if choices and option.get("autocomplete"):
            problems.append(Problem(f"{at}.autocomplete", "Autocomplete and choices cannot both be set."))
    return problems
