"""The limit checks on their own: a message at every limit passes, one character more is refused."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.support.discord_standin import limits
from tests.support.discord_standin.model import pinged_users


def button(custom_id: str, label: str = "ok") -> dict[str, Any]:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label}


def full_message() -> dict[str, Any]:
    rows = [{"type": 1, "components": [button(f"r{r}b{b}", "l" * 80) for b in range(5)]} for r in range(4)]
    options = [{"label": "o" * 100, "value": f"v{n}", "description": "d" * 100} for n in range(25)]
    rows.append({"type": 1, "components": [{"type": 3, "custom_id": "s" * 100, "options": options, "max_values": 25}]})
    embed = {"title": "t" * 256, "description": "d" * 4096, "fields": [{"name": "n", "value": "v" * 1024}]}
    return {"content": "c" * 2000, "embeds": [embed], "components": rows}


def test_a_message_exactly_at_every_limit_is_accepted() -> None:
    assert limits.check_message(full_message(), [limits.MAX_ATTACHMENT_BYTES]) == []


def test_one_over_each_limit_is_refused() -> None:
    cases: dict[str, Callable[[dict[str, Any]], None]] = {
        "content": lambda m: m.update(content="c" * 2001),
        "components.0.components.0.label": lambda m: m["components"][0]["components"][0].update(label="l" * 81),
        "components.4.components.0.custom_id": lambda m: m["components"][4]["components"][0].update(
            custom_id="s" * 101
        ),
        "embeds.0.fields.0.value": lambda m: m["embeds"][0]["fields"][0].update(value="v" * 1025),
        "components.4.components.0.options": lambda m: m["components"][4]["components"][0]["options"].append(
            {"label": "x", "value": "x"}
        ),
    }
    for path, change in cases.items():
        message = full_message()
        change(message)
        assert path in [p.path for p in limits.check_message(message, [])], path
    assert [p.path for p in limits.check_message({}, [limits.MAX_ATTACHMENT_BYTES + 1])] == ["files[0]"]


def test_command_names_descriptions_and_option_order() -> None:
    good = {"name": "bg", "description": "Backgammon", "options": [{"type": 1, "name": "move", "description": "m"}]}
    assert limits.check_commands([good]) == []
    bad = {
        "name": "x" * 33,
        "description": "",
        "options": [
            {"type": 3, "name": "later", "description": "optional first"},
            {"type": 3, "name": "Upper", "description": "d", "required": True},
        ],
    }
    paths = [p.path for p in limits.check_commands([bad])]
    assert paths == ["0.name", "0.description", "0.options.1.name", "0.options.1.required"]


def test_autocomplete_choice_limits() -> None:
    choices = [{"name": f"c{n}", "value": f"v{n}"} for n in range(25)]
    assert limits.check_choices(choices) == []
    assert [p.path for p in limits.check_choices([*choices, {"name": "x", "value": "x"}])] == ["data.choices"]
    assert [p.path for p in limits.check_choices([{"name": "", "value": "v" * 101}])] == [
        "data.choices.0.name",
        "data.choices.0.value",
    ]


def test_pings_follow_allowed_mentions() -> None:
    text = "<@1> and <@!2> and <@3>"
    assert pinged_users(text, None) == {1, 2, 3}
    assert pinged_users(text, {"parse": []}) == set()
    assert pinged_users(text, {"parse": [], "users": ["2", "4"]}) == {2}
    assert pinged_users(text, {"parse": ["users"]}) == {1, 2, 3}


def _localised_command() -> dict[str, Any]:
    """A command with every name, description and choice localised, each exactly at its limit."""
    choice = {"name": "c" * 100, "value": "v", "name_localizations": {"de": "ü" * 100, "pt-BR": "ã"}}
    option = {
        "type": 3,
        "name": "zug",
        "description": "d",
        "name_localizations": {"de": "ß" * 32, "el": "κίνηση", "fr": "l'ordre"},
        "description_localizations": {"de": "b" * 100},
        "choices": [choice],
    }
    other = {"type": 3, "name": "other", "description": "d", "name_localizations": {"de": "anderes"}}
    return {
        "name": "bg",
        "description": "Backgammon",
        "name_localizations": {"tr": "tavla"},
        "description_localizations": {"el": "τάβλι"},
        "options": [{"type": 1, "name": "move", "description": "m", "options": [option, other]}],
    }


def test_every_localised_name_description_and_choice_is_checked() -> None:
    """Issue 35: Discord refuses a sync whose localisations break the English rules, in any language."""
    assert limits.check_commands([_localised_command()]) == []
    cases: dict[str, Callable[[dict[str, Any]], None]] = {
        "0.name_localizations.tr": lambda c: c["name_localizations"].update(tr="Tavla Oyna"),
        "0.description_localizations.el": lambda c: c["description_localizations"].update(el=""),
        "0.options.0.options.0.name_localizations.de": lambda c: c["options"][0]["options"][0][
            "name_localizations"
        ].update(de="ß" * 33),
        "0.options.0.options.0.description_localizations.de": lambda c: c["options"][0]["options"][0][
            "description_localizations"
        ].update(de="b" * 101),
        "0.options.0.options.0.choices.0.name_localizations.de": lambda c: c["options"][0]["options"][0]["choices"][0][
            "name_localizations"
        ].update(de="ü" * 101),
        "0.options.0.options.0.choices.0.name": lambda c: c["options"][0]["options"][0]["choices"][0].update(
            name="c" * 101
        ),
        "0.name_localizations.german": lambda c: c["name_localizations"].update(german="bg"),
        "0.options.0.options.1.name_localizations.de": lambda c: c["options"][0]["options"][1][
            "name_localizations"
        ].update(de="ß" * 32),
    }
    for path, change in cases.items():
        command = _localised_command()
        change(command)
        assert path in [p.path for p in limits.check_commands([command])], path


def test_form_title_and_labels() -> None:
    text_input = {"type": 4, "custom_id": "seed", "label": "l" * 45, "style": 1, "placeholder": "p" * 100}
    form = {"custom_id": "f", "title": "t" * 45, "components": [{"type": 1, "components": [text_input]}]}
    assert limits.check_modal(form) == []
    text_input["label"] = "l" * 46
    form["title"] = "t" * 46
    assert [p.path for p in limits.check_modal(form)] == ["data.title", "data.components.0.components.0.label"]
