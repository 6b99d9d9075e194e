"""Random legal matches: the flow's invariants hold after every action, refused actions change nothing,
replaying the log gives the same state, and the Match ID is what gnubg computes (R6, R8, R9, R10.2)."""

from __future__ import annotations

import copy
import random

import pytest

from bot.engine import events as ev
from bot.engine.actions import ACTION_TYPES, Action, ActionError, Move, MoveChecker, Resign
from bot.engine.dice import DiceSource, FixedDice
from bot.engine.match import Match
from bot.engine.match_id import MatchIdFields
from bot.engine.match_log import MatchLog
from bot.engine.options import MatchOptions
from bot.engine.outcome import OutcomeKind
from bot.engine.play import Play
from bot.engine.position import Position, WinKind
from tests.flow.driver import SeededDice, random_action
from tests.flow.test_match_id import gnubg_match_id

NAMES = ("Alice", "Bob")


def random_options(rng: random.Random) -> MatchOptions:
    if rng.random() < 0.3:
        return MatchOptions.money(
            jacoby=rng.random() < 0.5,
            beavers=rng.random() < 0.5,
            automatic_doubles=rng.random() < 0.5,
            automatic_double_limit=rng.randint(1, 3),
        )
    return MatchOptions.match(rng.choice([1, 1, 2, 3, 3, 5, 7]))


def some_action(cls: type[Action], player: int) -> Action:
    if cls is Move:
        return Move(player, Play(()))
    if cls is MoveChecker:
        return MoveChecker(player, 24, 23)
    if cls is Resign:
        return Resign(player, WinKind.SINGLE)
    return cls(player)  # type: ignore[call-arg]


def check_state(match: Match) -> None:
    """Invariants of any reachable state."""
    cube = match.cube
    assert cube >= 1 and cube & (cube - 1) == 0, "the cube is a power of two"
    assert match.cube_owner in (None, 0, 1)
    assert sum(match.scores) == sum(outcome.points for outcome in match.outcomes)
    length = match.options.length
    if length and not match.aborted:
        assert match.finished == (max(match.scores) >= length), "a match ends exactly when a score reaches N"
    if match.options.is_money and not match.aborted:
        assert match.finished == (len(match.outcomes) == 1), "a money game is one game"
    if match.finished:
        assert match.to_act is None
    else:
        player = match.to_act
        assert player is not None and match.allowed(player), "the player to act always has something to do"
    fields = match.match_id_fields()
    match_id = match.match_id()
    assert match_id == gnubg_match_id(fields)
    assert MatchIdFields.decode(match_id) == fields
    shown = match.game.position
    outcome = match.game.outcome
    if outcome is not None and outcome.kind in (OutcomeKind.SINGLE, OutcomeKind.GAMMON, OutcomeKind.BACKGAMMON):
        shown = shown.swapped()  # gnubg shows a borne-off game from the loser's side (issue 22)
    assert Position.from_position_id(match.position_id()) == shown


def refused_actions_change_nothing(match: Match, rng: random.Random) -> None:
    player = rng.randint(0, 1)
    allowed = match.allowed(player)
    forbidden = [cls for cls in ACTION_TYPES if cls not in allowed and cls not in (Move, MoveChecker)]
    if not forbidden:
        return
    before = match.snapshot()
    with pytest.raises(ActionError):  # refused before it draws any dice
        match.apply(some_action(rng.choice(forbidden), player), FixedDice(()))
    assert match.snapshot() == before


def allowed_actions_apply(match: Match, dice: DiceSource, rng: random.Random) -> None:
    """Every action type `allowed` lists for either player is accepted (each on a copy of the dice, so that the
    match played goes on with the same rolls)."""
    for player in (0, 1):
        for cls in match.allowed(player):
            if cls is Move:
                action: Action = Move(player, rng.choice(match.legal_plays()))
            elif cls is MoveChecker:
                step = rng.choice(match.next_steps())
                action = MoveChecker(player, step.start, step.end)
            else:
                action = some_action(cls, player)
            match.apply(action, copy.deepcopy(dice))


def play_random_match(seed: int, *, check: bool, stop_early: bool = False, try_allowed: bool = False) -> Match:
    rng = random.Random(seed)
    dice = SeededDice(seed)
    match = Match.start(NAMES, random_options(rng), dice)
    limit = rng.randint(1, 400) if stop_early else 100_000
    crawford_games = int(match.crawford)
    if check:
        check_state(match)
    for _ in range(limit):
        if match.finished:
            break
        action = random_action(match, rng)
        before_scores = list(match.scores)
        before_owner, before_crawford = match.cube_owner, match.crawford
        player = action.player
        if check and rng.random() < 0.2:
            refused_actions_change_nothing(match, rng)
        if try_allowed and rng.random() < 0.1:
            allowed_actions_apply(match, dice, rng)
        match, events = match.apply(action, dice)
        for event in events:
            if isinstance(event, ev.Doubled):
                assert before_owner in (None, player), "only the owner, or anyone while centred, may double"
                assert not before_crawford, "no doubling in the Crawford game"
            if isinstance(event, ev.GameStarted) and event.crawford:
                crawford_games += 1
                assert match.options.length - 1 in match.scores
        assert all(after >= before for after, before in zip(match.scores, before_scores, strict=True))
        if check:
            check_state(match)
    assert crawford_games <= 1
    return match


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
def test_random_matches_keep_the_invariants(chunk: int) -> None:
    for seed in range(chunk * 75, chunk * 75 + 75):
        match = play_random_match(seed, check=True)
        assert match.finished


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
def test_replay_equals_the_live_state(chunk: int) -> None:
    for seed in range(10_000 + chunk * 150, 10_000 + chunk * 150 + 150):  # 600 matches (1,200 took 36 s)
        match = play_random_match(seed, check=False, stop_early=seed % 2 == 0)
        log = MatchLog.from_json(match.log.to_json())
        assert log == match.log
        again = Match.replay(log)
        assert again.snapshot() == match.snapshot()


def test_allowed_actions_are_accepted() -> None:
    for seed in range(20_000, 20_012):
        play_random_match(seed, check=False, try_allowed=True)


def test_every_outcome_kind_and_the_crawford_game_occur() -> None:
    """The random player reaches every ending, so the properties above cover them."""
    kinds = set()
    crawford = False
    for seed in range(60):
        match = play_random_match(seed, check=False)
        kinds |= {outcome.kind for outcome in match.outcomes}
        crawford = crawford or match.crawford_done
    assert kinds >= {OutcomeKind.SINGLE, OutcomeKind.GAMMON, OutcomeKind.DROPPED, OutcomeKind.RESIGNED}
    assert crawford


def test_a_replayed_match_plays_on_with_new_dice() -> None:
    match = next(m for seed in range(100) if not (m := play_random_match(seed, check=False, stop_early=True)).finished)
    again = Match.replay(match.log)
    dice, rng = SeededDice(99), random.Random(1)
    while not again.finished:
        again = again.apply(random_action(again, rng), dice).match
    assert Match.replay(again.log).snapshot() == again.snapshot()


def test_bad_logs_are_refused() -> None:
    match = play_random_match(3, check=False)
    data = match.log.to_dict()
    with pytest.raises(ValueError, match="version"):
        MatchLog.from_dict({**data, "version": 99})
    with pytest.raises(ValueError, match="not a match log"):
        MatchLog.from_dict({**data, "format": "chess"})
    with pytest.raises(ValueError, match="not valid JSON"):
        MatchLog.from_json("{")
    extra = MatchLog.from_dict({**data, "actions": [{**data["actions"][0], "dice": [1, 2, 3, 4, 5, 6, 1, 2, 3]}]})
    with pytest.raises(ValueError, match="did not use all the dice"):
        Match.replay(extra)  # dice are drawn in pairs: nine can never all be used
    rolled = next(index for index, item in enumerate(data["actions"]) if item["dice"])
    actions = [*data["actions"][:rolled], {**data["actions"][rolled], "dice": []}]
    with pytest.raises(ValueError, match="cannot be replayed"):
        Match.replay(MatchLog.from_dict({**data, "actions": actions}))
    wrong_player = {**data["actions"][0], "player": 1 - data["actions"][0]["player"]}
    with pytest.raises(ValueError, match="cannot be replayed"):
        Match.replay(MatchLog.from_dict({**data, "actions": [wrong_player]}))


def test_replay_needs_no_dice_source() -> None:
    match = play_random_match(11, check=False)
    assert Match.replay(match.log).snapshot() == match.snapshot()  # the log's own dice, and no source to roll
