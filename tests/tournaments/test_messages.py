"""What tournament messages say: start times as people type them, the sign-up list, the status, the champion."""

from __future__ import annotations

import dataclasses

import pytest

from bot.i18n import Message
from bot.tournaments import TournamentStatus
from bot.tournaments.records import DecidedBy, Pairing
from cogs.ui.errors import UserFacingError
from cogs.ui.tournament_messages import (
    TOURNAMENT_TEMPLATE,
    Announcement,
    TournamentAction,
    custom_id,
    parse_start,
    signup_view,
)
from cogs.ui.tournament_text import champion_text, signup_text, status_text, thread_name
from tests.tournaments.bracket_cases import tournament

NOW = 1_767_225_600.0  # 2026-01-01 00:00 UTC


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("<t:1767229200:F>", 1_767_229_200.0),
        ("<t:1767229200>", 1_767_229_200.0),
        ("1767229200", 1_767_229_200.0),
        ("2h", NOW + 7200),
        ("in 90m", NOW + 5400),
        ("1d", NOW + 86400),
        ("2026-01-01 18:00", NOW + 18 * 3600),
        ("2026-01-01T18:00+01:00", NOW + 17 * 3600),
    ],
)
def test_start_times_as_people_write_them(text: str, expected: float) -> None:
    assert parse_start(text, NOW) == expected


def test_an_unreadable_start_time_is_refused_with_examples() -> None:
    with pytest.raises(UserFacingError, match="`2h`"):
        parse_start("next friday", NOW)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("9" * 5000, "is too far ahead: a tournament starts within 365 days."),  # a Unix time read as infinity
        ("<t:999999999999:F>", "is too far ahead: a tournament starts within 365 days."),
        ("9999-12-31 18:00", "is too far ahead: a tournament starts within 365 days."),
        ("in 366d", "is too long: a duration may be at most 365 days."),
        ("9" * 4400 + "h", "is too long: a duration may be at most 365 days."),
        ("\u00b2" * 9, "I could not read"),  # digits float() cannot read
    ],
)
def test_a_start_time_out_of_reach_is_refused_clearly(text: str, said: str) -> None:
    with pytest.raises(UserFacingError) as refused:
        parse_start(text, NOW)
    assert said in str(refused.value) and len(str(refused.value)) < 300
    assert parse_start("<t:1798761600:F>", NOW) == NOW + 365 * 86400  # a year ahead is within reach


def test_join_and_leave_ids_round_trip() -> None:
    for action in TournamentAction:
        found = TOURNAMENT_TEMPLATE.fullmatch(custom_id(42, action))
        assert found is not None and int(found["tournament"]) == 42 and found["action"] == action.value


def test_the_sign_up_message_lists_the_players_and_has_both_buttons() -> None:
    signup = dataclasses.replace(tournament(3, {}), status=TournamentStatus.SIGNUP, started_at=None)
    text = signup_text(signup)
    assert "**Friday Night Cup**" in text and "Signed up (3/16): Alice, Bob, Carol" in text
    assert "`/tournament start`" in text
    scheduled = dataclasses.replace(signup, starts_at=NOW)
    assert f"<t:{int(NOW)}:F>" in signup_text(scheduled)
    view = signup_view(signup)
    assert view is not None
    assert [getattr(getattr(item, "item", item), "label", None) for item in view.children] == ["Join", "Leave"]
    assert signup_view(tournament(3, {})) is None  # started: no more buttons


def test_the_status_says_the_round_the_awards_and_the_champion() -> None:
    running = tournament(5, {(1, 1): (5, DecidedBy.MATCH, None), (2, 1): (3, DecidedBy.AWARD, "no-show")})
    text = status_text(running)
    assert "Semi-finals in play" in text and "Awarded to <@3>: no-show" in text
    done = dataclasses.replace(running, status=TournamentStatus.FINISHED, champion_id=5)
    assert "Champion: <@5>!" in status_text(done) and champion_text(done).startswith("\N{TROPHY} <@5> wins")
    cancelled = dataclasses.replace(running, status=TournamentStatus.CANCELLED, note="rain")
    assert "Cancelled: rain." in status_text(cancelled) and "was cancelled: rain" in champion_text(cancelled)


def test_thread_names_fit_discords_limit() -> None:
    pairing = Pairing(
        1, 1, 2, "A" * 50, 5, 1, Message("Round {number}", {"number": 1}), 0, (1, 2), ("B" * 40, "C" * 40), None
    )
    name = thread_name(pairing)
    assert len(name) == 100 and name.startswith("A" * 50 + " Round 1: ")


class _Sent:
    def __init__(self, message_id: int) -> None:
        self.id = message_id
        self.deleted = False

    async def delete(self) -> None:
        self.deleted = True


class _Thread:
    """Just what an Announcement uses of a thread: send, which gives the message its id."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, _Sent]] = []

    async def send(self, text: str, *, allowed_mentions: object) -> _Sent:
        message = _Sent(1_300_000_000_000_000_000 + len(self.sent))
        self.sent.append((text, message))
        return message


async def test_an_announcement_points_to_the_dice_proof_and_goes_when_its_match_did_not_start() -> None:
    """Issue 31: the announcement mentions both players and shows the dice's commitment before its id (a seed of the
    dice) exists, in the short line of every commitment (issue 33: its first 16 characters); withdrawn (its match
    did not start), it is deleted, and withdrawing before posting does nothing."""
    pairing = Pairing(1, 1, 2, "Club Cup", 3, 1, Message("Final"), 0, (11, 12), ("Bea", "Cal"), 77)
    thread = _Thread()
    announcement = Announcement(thread, pairing)  # type: ignore[arg-type]
    await announcement.withdraw()
    assert thread.sent == []
    message_id = await announcement("0123456789abcdef" * 4)
    [(text, message)] = thread.sent
    assert message_id == message.id
    assert "<@11> vs <@12>, a 3-point match" in text
    assert text.splitlines()[-1] == "-# The dice can be checked: `/bg fairness` · commitment `0123456789abcdef`"
    assert "0123456789abcdef" * 2 not in text  # no more than the prefix: the rest is behind /bg fairness
    await announcement.withdraw()
    assert message.deleted
