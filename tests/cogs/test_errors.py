"""Which errors reach the player as their own words, and which are bugs answered with an apology."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

from bot.engine import IllegalPlayError, InvalidPlayError
from bot.service import ServiceError, StaleStateError
from bot.service.errors import ComputerLimitError
from cogs.ui.errors import UserFacingError, apology, player_message


@pytest.mark.parametrize(
    "error",
    [
        ServiceError("It is Bob's turn."),
        StaleStateError("This board changed.", match_id=1, version=2),
        IllegalPlayError("You must play both dice."),
        InvalidPlayError("I can't read 'x'."),
        UserFacingError("You cannot challenge yourself."),
    ],
)
def test_domain_errors_are_told_to_the_player(error: Exception) -> None:
    assert player_message(error) == str(error)


def test_wrapped_domain_error_is_unwrapped() -> None:
    try:
        try:
            raise ServiceError("It is Bob's turn.")
        except ServiceError as inner:
            raise RuntimeError("wrapper") from inner
    except RuntimeError as outer:
        wrapped = outer
    invoke = app_commands.CommandInvokeError.__new__(app_commands.CommandInvokeError)
    invoke.original = wrapped.__cause__  # type: ignore[assignment]
    assert player_message(invoke) == "It is Bob's turn."


@pytest.mark.parametrize("error", [ValueError("list index"), KeyError("x"), RuntimeError("boom"), ZeroDivisionError()])
def test_bugs_are_not_shown(error: Exception) -> None:
    assert player_message(error) is None


def test_apology_names_the_interaction_and_no_traceback() -> None:
    text = apology(1234567890)
    assert "1234567890" in text and "Traceback" not in text


def test_the_computer_limit_links_the_running_matches() -> None:
    """Issue 31, item 4: the refusal points to the matches to finish or resign."""
    error = ComputerLimitError("You already play 2 matches.", running=[(7, 1, 100), (9, 1, 101)])
    assert player_message(error) == (
        "You already play 2 matches. Yours: #7 https://discord.com/channels/1/100, "
        "#9 https://discord.com/channels/1/101"
    )


def test_an_unreadable_value_is_quoted_never_shown_as_a_python_object() -> None:
    """Issue 31, item 8: a transformer refusing a forged user option gets a discord.Object, not text."""
    transformer = app_commands.transformers.MemberTransformer()
    forged = app_commands.TransformerError(discord.Object(id=5), discord.AppCommandOptionType.user, transformer)
    assert player_message(forged) == "I could not understand one of the options."
    typed = app_commands.TransformerError("tomorrow", discord.AppCommandOptionType.string, transformer)
    assert player_message(typed) == "I could not understand `tomorrow`."
