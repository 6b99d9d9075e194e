"""Game message text and mentions: what happened first, the prompt to the player to act last, players only."""

from __future__ import annotations

from bot.engine import Step, actions
from bot.engine import events as ev
from bot.engine.dice import FixedDice
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.engine.position import WinKind
from bot.service import MatchRecord, MatchStatus, PlayerRef, TurnTimer
from cogs.ui.controls import status_line
from cogs.ui.game_messages import compose_text, current_link, hands_over, players_only

ALICE, BOB = PlayerRef(111, "Alice"), PlayerRef(222, "Bob")


def record(match: Match, *, message_id: int | None = 999) -> MatchRecord:
    return MatchRecord(
        id=5,
        guild_id=1,
        channel_id=2,
        parent_channel_id=None,
        players=(ALICE, BOB),
        match=match,
        version=4,
        status=MatchStatus.ACTIVE,
        created_at=0.0,
        last_action_at=0.0,
        finished_at=None,
        message_channel_id=2 if message_id else None,
        message_id=message_id,
        timer=TurnTimer(0.0, 86400, False),
    )


def test_text_tells_what_happened_then_asks_the_player_to_act() -> None:
    dice = FixedDice([3, 1, 6, 5])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(3), dice)
    match, events = match.apply(actions.Move(0, match.parse_play("8/5 6/5")), dice)
    text = compose_text(record(match), events)
    assert text.splitlines() == [
        "Alice rolled 3-1 and played 8/5 6/5.",
        "-# Pips: Alice 163, Bob 167 · Score: Alice 0, Bob 0 (to 3) · Cube: 1, centred",  # 167 - 4 after 3-1
        "<@222>, your turn: **Roll**, or **Double** to 2.",
    ]


def test_editing_keeps_the_history_and_replaces_the_prompt() -> None:
    """The earlier lines come from the match (its recent actions' events), not from the message edited."""
    dice = FixedDice([3, 1])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(3), dice)
    first = compose_text(record(match), match.last_events)
    match = match.apply(actions.MoveChecker(0, 8, 5), dice).match
    second = compose_text(record(match), [], earlier=True)
    assert second.splitlines()[:-2] == first.splitlines()[:-2]  # what happened; the status is redrawn, once
    assert second.splitlines()[-2:] == [
        "-# Pips: Alice 164, Bob 167 · Score: Alice 0, Bob 0 (to 3) · Cube: 1, centred",  # the step counts
        "<@111>, play your 3-1: choose a checker to move, or type it with `/bg move`. So far: 8/5.",
    ]
    assert sum(line.startswith("-# ") for line in second.splitlines()) == 1


def test_status_line_tells_crawford_and_who_owns_the_cube() -> None:
    dice = FixedDice([3, 1, 6, 5])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(3), dice)
    match = match.apply(actions.Move(0, match.parse_play("8/5 6/5")), dice).match
    match = match.apply(actions.Double(1), dice).match
    match = match.apply(actions.Take(0), dice).match
    assert status_line(match).endswith("Cube: 2, Alice's")
    dice = FixedDice([3, 1])
    money = Match.start(("Alice", "Bob"), MatchOptions.money(), dice)
    assert status_line(money) == "-# Pips: Alice 167, Bob 167 · Cube: 1, centred"  # no score in a money game
    dice = FixedDice([3, 1, 6, 5, 4, 2])
    crawford = Match.start(("Alice", "Bob"), MatchOptions.match(3), dice)
    crawford = crawford.apply(actions.Move(0, crawford.parse_play("8/5 6/5")), dice).match
    crawford = crawford.apply(
        actions.Resign(1, WinKind.GAMMON), dice
    ).match  # Alice gets 2 of 3 points: the Crawford game (R8.3)
    crawford = crawford.apply(actions.AcceptResignation(0), dice).match
    assert "Score: Alice 2, Bob 0 (to 3, Crawford game)" in status_line(crawford)


def test_mentions_are_limited_to_the_two_players() -> None:
    mentions = players_only(record(Match.start(("Alice", "Bob"), MatchOptions.match(3), FixedDice([3, 1]))))
    assert mentions.everyone is False and mentions.roles is False
    assert isinstance(mentions.users, list) and {user.id for user in mentions.users} == {111, 222}


def test_link_to_the_current_message() -> None:
    dice = FixedDice([3, 1])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(3), dice)
    assert current_link(record(match)) == "https://discord.com/channels/1/2/999"
    assert current_link(record(match, message_id=None)) is None


def test_a_game_end_gets_a_new_message() -> None:
    assert hands_over([ev.Dropped(1), ev.MatchWon(0, (1, 0))])
    assert not hands_over([ev.StepMoved(0, Step(8, 5, 3))])
    assert not hands_over([ev.Doubled(0, 2)])


def test_a_board_says_the_same_for_the_match_replayed_from_its_log() -> None:
    """What a board says happened is a projection of the stored match: the match rebuilt from its log (after a
    restart, or by another process) gives the same words as the one that played, whatever was shown before."""
    dice = FixedDice([3, 1, 6, 5, 4, 2])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(3), dice)
    match = match.apply(actions.Move(0, match.parse_play("8/5 6/5")), dice).match
    match = match.apply(actions.Roll(1), dice).match
    match = match.apply(actions.MoveChecker(1, 24, 18), dice).match
    replayed = Match.replay(match.log)
    said = compose_text(record(match), [], earlier=True)
    assert compose_text(record(replayed), [], earlier=True) == said
    assert "Alice rolled 3-1 and played 8/5 6/5." in said.splitlines()  # an earlier turn, kept on the board
