"""The replay's frames (issue 34) against the engine: each frame's Position ID is the one the engine gives after the
same prefix of the log (a game's last frame: the finished game's, as the Discord board shows it), every action
that is more than a checker step has a frame, and the analysis's decisions fall on the frames that made them."""

from __future__ import annotations

import pytest

from bot.analysis.decisions import match_points
from bot.engine import events as ev
from bot.engine.dice import MatchSeeds
from bot.engine.match import Match
from bot.engine.match_log import MatchLog
from bot.engine.options import MatchOptions
from bot.web.frames import match_frames
from tests.fairness.helpers import played_match


def expected_position_id(log: MatchLog, actions: int, game_over: bool) -> str:
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
        assert frame.position_id == expected_position_id(log, frame.actions, frame.state.game_over), frame
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
