"""Names and players' own words reach messages as typed: escaped markdown and mentions, short quotes."""

from __future__ import annotations

import pytest

from bot.engine import InvalidPlayError
from bot.engine import events as ev
from bot.engine.dice import FixedDice
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.engine.play import Play, Step
from bot.service import MatchRecord, MatchStatus, PlayerRef, ServiceError, TurnTimer
from cogs.ui.channel_gone import ended_text
from cogs.ui.errors import player_message
from cogs.ui.event_text import MAX_CONTENT, describe, escape_name, quoted
from cogs.ui.timer_text import claim_text, reminder_text


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Alice", "Alice"),
        ("**Bo**b", r"\*\*Bo\*\*b"),
        ("[x](https://e.com)", r"\[x](https://e.com)"),
        ("||y||", r"\|\|y\|\|"),
        ("__u__ ~~s~~ `c`", r"\_\_u\_\_ \~\~s\~\~ \`c\`"),
        ("# big", r"\# big"),
        ("-# small", r"\-# small"),
        ("> quote", r"\> quote"),
        ("12. list", r"12\. list"),
        ("@everyone", "@\u200beveryone"),
        ("  spaced   out ", "spaced out"),
    ],
)
def test_escape_name(name: str, shown: str) -> None:
    assert escape_name(name) == shown


def test_event_lines_escape_both_names() -> None:
    lines = describe([ev.OpeningRolled(rolls=((5, 3),), player=0)], ("**A**", "||B||"), 3)
    assert lines == [r"Opening roll: \*\*A\*\* 5, \|\|B\|\| 3. \*\*A\*\* moves first."]


def test_quoted_cuts_long_text_and_keeps_it_inline() -> None:
    assert quoted("24/18 13/11") == "`24/18 13/11`"
    long = quoted("x" * 5000)
    assert len(long) <= 62 and long.endswith("\u2026`")
    assert quoted("a `b`\nc") == "`a 'b' c`"


def test_refusals_escape_what_they_quote_and_fit_in_a_message() -> None:
    assert player_message(ServiceError("It is **Bo**b's turn.")) == r"It is \*\*Bo\*\*b's turn."
    huge = player_message(InvalidPlayError("I can't read '" + "x" * 5000 + "'"))
    assert huge is not None and len(huge) <= MAX_CONTENT


def test_a_play_with_hits_starts_no_italics() -> None:
    play = Play((Step(13, 7, 6, True), Step(7, 2, 5, True)))
    (line,) = describe([ev.Played(player=0, dice=(6, 5), play=play, automatic=False)], ("A", "B"), 3)
    assert line == r"A rolled 6-5 and played 13/7\*/2\*." and str(play) == "13/7*/2*"


def test_turn_timer_and_deleted_thread_texts_escape_names() -> None:
    names = ("**A**", "||B||")
    dice = FixedDice([3, 1])
    match = Match.start(names, MatchOptions.match(3), dice)
    record = MatchRecord(
        id=5,
        guild_id=1,
        channel_id=2,
        parent_channel_id=3,
        players=(PlayerRef(111, names[0]), PlayerRef(222, names[1])),
        match=match,
        version=1,
        status=MatchStatus.ACTIVE,
        created_at=0.0,
        last_action_at=0.0,
        finished_at=None,
        message_channel_id=2,
        message_id=9,
        timer=TurnTimer(0.0, 86400, False),
    )
    for text in (reminder_text(record), claim_text(record), ended_text(record)):
        assert text is not None
        assert "**A**" not in text and "||B||" not in text, text
        assert r"\*\*A\*\*" in text or r"\|\|B\|\|" in text, text
