"""The ladder commands' text: names made safe, ranks, the caller's line, stats fields and history lines."""

from __future__ import annotations

import re

from bot.ratings.records import HeadToHead, HistoryEntry, LadderEntry, LeaderboardPage, PlayerStats
from cogs.ui.ladder_text import (
    LEADERBOARD_TEMPLATE,
    MATCHES,
    WINS,
    counted,
    history_line,
    leaderboard_text,
    safe_name,
    stats_fields,
    streak_text,
)


def _entry(rank: int, user_id: int, name: str = "Alice", rating: float = 1510.0) -> LadderEntry:
    return LadderEntry(rank, user_id, name, rating, matches=3, wins=2)


def test_names_are_escaped_and_cut() -> None:
    assert safe_name("**bold** @everyone") == "\\*\\*bold\\*\\* @\u200beveryone"
    assert len(safe_name("x" * 200)) == 32 and safe_name("x" * 200).endswith("\u2026")
    assert safe_name("   ") == "(no name)"


def test_counts() -> None:
    assert [counted("en", 1, MATCHES), counted("en", 2, MATCHES), counted("en", 0, WINS), streak_text(-3)] == [
        "1 match",
        "2 matches",
        "0 wins",
        "3 losses in a row",
    ]


def test_leaderboard_text_shows_the_caller_off_the_page() -> None:
    page = LeaderboardPage(0, 3, 25, [_entry(1, 1), _entry(2, 2, "Bob", 1505.5)], caller=_entry(17, 9, "Zed", 1400))
    description, you, footer = leaderboard_text(page)
    assert description.splitlines() == [
        "`#  1` **Alice** · rating 1510 · 3 matches, 2 wins",
        "`#  2` **Bob** · rating 1506 · 3 matches, 2 wins",
    ]
    assert you.startswith("`# 17` **Zed** · rating 1400 ·") and "(on page 2)" in you
    assert footer == "Page 1 of 3 · 25 players"


def test_leaderboard_text_for_caller_on_page_and_unrated_caller_and_empty_ladder() -> None:
    _, you, _ = leaderboard_text(LeaderboardPage(0, 1, 2, [_entry(1, 1), _entry(2, 2)], caller=_entry(2, 2)))
    assert you == "#2 of 2 · rating 1510"
    description, you, footer = leaderboard_text(LeaderboardPage(0, 1, 0, [], caller=None))
    assert "Nobody is rated" in description and "Not rated yet" in you and footer == "Page 1 of 1 · 0 players"


def _stats(**changes: object) -> PlayerStats:
    values: dict[str, object] = dict(
        user_id=1,
        name="Alice",
        standing=_entry(4, 1),
        experience=12,
        gammons_won=2,
        gammons_lost=1,
        backgammons_won=0,
        backgammons_lost=1,
        cubes_taken=3,
        cubes_dropped=1,
        average_length=4.0,
        streak=-2,
        head_to_head=HeadToHead(1, 2),
        ratings=[1500.0, 1510.0],
    )
    values.update(changes)
    return PlayerStats(**values)  # type: ignore[arg-type]


def test_stats_fields() -> None:
    fields = dict(stats_fields(_stats()))
    assert fields["Rating"] == "1510 · rank #4"
    assert fields["Matches"] == "3 played · 2 won · 1 lost"
    assert fields["Current streak"] == "2 losses in a row"
    assert fields["Gammons"] == "2 won · 1 lost" and fields["Backgammons"] == "0 won · 1 lost"
    assert fields["Cubes"] == "3 taken · 1 dropped"
    assert fields["Average match length"] == "4.0 points · 12 points played in all"
    assert dict(stats_fields(_stats(experience=1)))["Average match length"] == "4.0 points · 1 point played in all"
    assert fields["Against you"] == "1 won · 2 lost"
    assert "Against you" not in dict(stats_fields(_stats(head_to_head=None)))
    assert stats_fields(_stats(standing=None)) == [("Rating", "1500 · not rated yet in this server")]
    assert streak_text(3) == "3 wins in a row" and streak_text(0) == "none yet"


def test_history_line_links_the_last_message() -> None:
    entry = HistoryEntry(
        match_id=5,
        opponent_id=2,
        opponent_name="Bob_",
        length=5,
        won=True,
        score=5,
        opponent_score=3,
        result_kind="gammon",
        finished_at=1_700_000_000.5,
        rating_change=-0.125,
        channel_id=30,
        message_id=40,
    )
    assert history_line(9, entry) == (
        "<t:1700000000:d> **won** 5\u20133 vs **Bob\\_** · 5-point match · rating -0.1 · "
        "[last message](https://discord.com/channels/9/30/40)"
    )
    money = HistoryEntry(6, 2, "Bob", 0, False, 0, 2, "claimed", 1.0, None, 30, None)
    assert history_line(9, money) == "<t:1:d> lost 0\u20132 vs **Bob** · money game (claimed on time)"


def test_button_ids_round_trip_through_the_template() -> None:
    match = LEADERBOARD_TEMPLATE.fullmatch("bglb:123456789012345678:41:next")
    assert match is not None
    assert (match["owner"], match["page"], match["direction"]) == ("123456789012345678", "41", "next")
    assert LEADERBOARD_TEMPLATE.fullmatch("bglb:1:2:sideways") is None
    assert re.fullmatch(LEADERBOARD_TEMPLATE, "bg:1:2:roll") is None
