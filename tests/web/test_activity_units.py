"""The live board's pure parts: its sessions (signed, short-lived, bound to one member and to the web secret) and
the reading of a page's action into the service's command (anything no control sends is nothing)."""

from __future__ import annotations

import pytest

from bot.engine import actions
from bot.service import commands
from bot.web import signing
from bot.web.activity import sessions
from bot.web.activity.play import command_of

SECRET = "a-web-secret-of-more-than-thirty-two-characters"
NOW = 1_800_000_000.0


def test_a_session_names_its_member_until_it_runs_out() -> None:
    session = sessions.issue(SECRET, 1234, NOW)
    assert sessions.verify(SECRET, session, NOW) == 1234
    assert sessions.verify(SECRET, session, NOW + sessions.SESSION_SECONDS - 1) == 1234
    assert sessions.verify(SECRET, session, NOW + sessions.SESSION_SECONDS) is None  # replayed after its hour
    assert sessions.verify("another-secret-of-more-than-thirty-two-chars", session, NOW) is None


@pytest.mark.parametrize(
    "change",
    [
        lambda s: s.replace("1234.", "1235.", 1),  # another member
        lambda s: s.replace(".", ".9", 1),  # a later end
        lambda s: s[:-1] + ("A" if s[-1] != "A" else "B"),
        lambda s: s + "x",
        lambda s: "",
    ],
)
def test_a_changed_session_is_refused(change: object) -> None:
    session = sessions.issue(SECRET, 1234, NOW)
    assert sessions.verify(SECRET, change(session), NOW) is None  # type: ignore[operator]


def test_a_page_link_is_no_session_and_a_session_no_link() -> None:
    session = sessions.issue(SECRET, 1234, NOW)
    assert signing.verify(SECRET, "m", session) is None
    assert sessions.verify(SECRET, signing.token(SECRET, "m", 1234), NOW) is None


def test_a_pages_action_is_read_into_the_command_of_its_control() -> None:
    assert command_of({"action": "step", "start": 25, "die": 6}) == commands.Step(25, 6)
    assert command_of({"action": "roll"}) == commands.Ask(actions.Roll)
    assert command_of({"action": "done"}) == commands.Ask(actions.Confirm)
    assert command_of({"action": "raccept"}) == commands.Ask(actions.AcceptResignation)
    assert command_of({"action": "resign"}) == commands.Resign()
    for nothing in (
        {"action": "step", "start": 26, "die": 1},
        {"action": "step", "start": 3, "die": 7},
        {"action": "step", "start": True, "die": 1},
        {"action": "claim"},  # no control of the page
        {"action": "abort"},
        {"action": ["roll"]},
        {},
    ):
        assert command_of(nothing) is None, nothing
