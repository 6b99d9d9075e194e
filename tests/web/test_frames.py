"""The replay's frames (issue 34) against the engine: each frame's Position ID is the one the engine gives after the
same prefix of the log (a game's last frame: the finished game's, as the Discord board shows it), every action
that is more than a checker step has a frame, a play the engine made by itself has a frame of the position it was
made from, and the analysis's decisions fall on the frames that made them."""

from __future__ import annotations

import itertools

import pytest

from bot.analysis.decisions import match_points
from bot.engine import events as ev
from bot.engine.dice import MatchSeeds
from bot.engine.match import Match
from bot.engine.match_id import MatchIdFields
from bot.engine.match_log import MatchLog
from bot.engine.options import MatchOptions
from bot.engine.position import Position
from bot.web.frames import match_frames
from tests.fairness.helpers import played_match


def before_automatic(log: MatchLog, actions: int, pending: int) -> tuple[Position, ev.Played]:
    """The `pending`-th last automatic play that log entry `actions` brought after its first event (before a game
    ended), with the position it was made from: the turn's position with the action's earlier plays made by the
    engine's Position.apply."""
    position = Match.replay(MatchLog(log.names, log.options, log.start_dice, log.entries[: actions - 1])).game.position
    events = Match.replay(MatchLog(log.names, log.options, log.start_dice, log.entries[:actions])).last_events
    ended = next((i for i, event in enumerate(events) if isinstance(event, ev.GameWon)), len(events))
    plays = [(i, event) for i, event in enumerate(events[:ended]) if isinstance(event, ev.Played)]
    target = [i for i, event in plays if event.automatic and i > 0][-pending]
    for i, event in plays:
        if i == target:
            return position, event
        position = position.apply(event.play)
    raise AssertionError("no such play")


def expected_position_id(log: MatchLog, actions: int, game_over: bool, pending: int = 0) -> str:
    if pending:
        return before_automatic(log, actions, pending)[0].position_id()
    match = Match.replay(MatchLog(log.names, log.options, log.start_dice, log.entries[:actions]))
    won = next((event for event in match.last_events if isinstance(event, ev.GameWon)), None)
    if game_over and won is not None:
        return won.gnubg_id.split(":")[0]
    return match.position_id()


@pytest.mark.parametrize("rng_seed", [1, 2, 3])
@pytest.mark.parametrize("options", [MatchOptions.match(5), MatchOptions.money(jacoby=True, beavers=True)])
def test_every_frame_shows_the_engines_position(rng_seed: int, options: MatchOptions) -> None:
    log = played_match(MatchSeeds(bytes(32), "c", "a"), options, rng_seed).log
    frames = match_frames(log)
    assert [frame.index for frame in frames] == list(range(len(frames)))
    for frame in frames:
        expected = expected_position_id(log, frame.actions, frame.state.game_over, frame.pending)
        assert frame.position_id == expected, frame
    assert frames[-1].state.game_over and frames[-1].actions == len(log.entries)
    decisions = [index for frame in frames for index in frame.decisions]
    assert decisions == list(range(len(match_points(log).decisions)))


def test_the_last_frame_of_a_game_shows_the_bear_off() -> None:
    borne_off = 0
    for rng_seed in range(12):
        log = played_match(MatchSeeds(bytes(32), "c", "a"), MatchOptions.match(1), rng_seed).log
        last = match_frames(log)[-1]
        assert any("wins the match" in text for text in last.texts)
        outcome = Match.replay(log).outcomes[-1]
        if outcome.kind.value in ("single", "gammon", "backgammon"):
            borne_off += 1
            position = last.state.position
            winner_on_roll = last.state.on_roll == outcome.winner
            assert (position.mover_pips if winner_on_roll else position.opponent_pips) == 0
    assert borne_off >= 3


def test_a_play_the_engine_made_is_a_step_of_its_own() -> None:
    """Each automatic play that came in one action with the play or roll before it: a frame shows the position it
    was made from (that play the only one, or none, with its dice), and the next frame that play made."""
    seen = 0
    for rng_seed in (1, 2, 3, 32):  # 32: a forced play ends a game, and the next one starts, in one action
        log = played_match(MatchSeeds(bytes(32), "c", "a"), MatchOptions.match(5), rng_seed).log
        frames = match_frames(log)
        for frame, after in itertools.pairwise(frames):
            if not frame.pending:
                continue
            seen += 1
            position, played = before_automatic(log, frame.actions, frame.pending)
            state = frame.state
            assert (state.position, state.on_roll, state.dice) == (position, played.player, played.dice)
            assert position.legal_plays(played.dice) in ([played.play], [])
            fields = MatchIdFields.decode(state.match_id)
            assert (fields.on_roll, fields.turn) == (played.player, played.player)
            assert fields.dice == (max(played.dice), min(played.dice))  # gnubg's order: the higher die first
            assert (fields.cube, fields.cube_owner) == (after.state.cube_value, after.state.cube_owner)
            assert after.actions == frame.actions and after.pending == frame.pending - 1
            assert frame.game == after.game  # the same game, even when that play ended it and the next one began
            assert after.player == played.player and after.texts[0].startswith(f"{log.names[played.player]} ")
    assert seen >= 20
