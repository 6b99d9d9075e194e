"""Issue 31, item 8: option values Discord's client never sends, sent by hand (a string for a yes/no option, a user
without its resolved data, text for a number, a number out of its range, a required option left out). Each is
refused privately in the words every other unreadable input gets, never with the internal-error apology or a
Python object's repr, and nothing changes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.e2e.table import acknowledged_in_time
from tests.support.discord_standin import BotProcess, DiscordStandin, ScenarioUser

Edit = Callable[[dict[str, Any]], None]


def leaf(data: dict[str, Any]) -> list[dict[str, Any]]:
    options: list[dict[str, Any]] = data["options"]
    while options and options[0]["type"] in (1, 2):
        options = options[0].setdefault("options", [])
    return options


def set_value(name: str, value: object) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        next(option for option in leaf(data) if option["name"] == name)["value"] = value

    return edit


def drop_resolved(data: dict[str, Any]) -> None:
    data.pop("resolved")


def drop_option(name: str) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        options = leaf(data)
        options[:] = [option for option in options if option["name"] != name]

    return edit


async def forged(user: ScenarioUser, command: str, edit: Edit, **options: object) -> str:
    """Run `/command` with valid options, its payload then changed by `edit`; the bot's private answer."""
    data, _ = user._command_data(command, options, focused=None)
    edit(data)
    reply = acknowledged_in_time(await user._interact(2, data, user.channel, f"/{command}"))
    try:
        answer = await reply.settled()
    except TimeoutError:
        return "(no answer)"
    assert answer.ephemeral and answer.visible_to == user.id, answer.content
    return answer.content


def plain_refusal(quoted: str | None) -> str:
    return f"I could not understand `{quoted}`." if quoted else "I could not understand one of the options."


async def test_forged_option_values_are_refused_privately_and_change_nothing(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    before = await acknowledged_in_time(await alice.slash("bg settings")).settled()
    cases: list[tuple[str, Edit, dict[str, object], str | None]] = [
        # a string (or a number) for the yes/no option of /bg settings
        ("bg settings", set_value("auto_done", "yes"), {"auto_done": False}, "yes"),
        ("bg settings", set_value("auto_done", "false"), {"auto_done": False}, "false"),
        ("bg settings", set_value("auto_done", 1), {"auto_done": False}, "1"),
        # a user option without its resolved data
        ("bg challenge", drop_resolved, {"opponent": bob}, str(bob.user.id)),
        # text for a number, a number out of its range, text for a yes/no option
        ("bg challenge", set_value("length", "5"), {"opponent": bob, "length": 3}, "5"),
        ("bg challenge", set_value("length", 999), {"opponent": bob, "length": 3}, "999"),
        ("bg challenge", set_value("money", "yes"), {"opponent": bob, "money": True}, "yes"),
        # a value that is none of the option's choices
        ("bg computer", set_value("level", "godlike"), {"level": "expert"}, "godlike"),
        # a required option left out
        ("bg move", drop_option("play"), {"play": "24/18 13/11"}, None),
    ]
    answers = [await forged(alice, command, edit, **options) for command, edit, options, _ in cases]
    assert answers == [plain_refusal(shown) for *_, shown in cases]

    # Nothing changed: the setting is as it was, no challenge or match was posted.
    after = await acknowledged_in_time(await alice.slash("bg settings")).settled()
    assert after.content == before.content
    assert [m.content for m in alice.channel.messages if not m.ephemeral] == []
