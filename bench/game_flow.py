"""How fast the game flow is (issue 4): applying actions, replaying a stored log, the Match ID.

Side by side in one run: replaying a match's log against playing it live (the replay must not cost more than
the play did), and our Match ID encoder against gnubg's own `gnubg.match_id` (the reference).
Prints a table and writes bench/results/game_flow.json.
Run: .venv/bin/python bench/game_flow.py [matches]   (300 by default; the tests run 20)
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.engine.match import Match
from bot.engine.match_log import MatchLog
from bot.engine.options import MatchOptions
from tests.flow.driver import SeededDice, random_action
from tests.flow.test_match_id import gnubg_match_id

MATCHES = 300
RESULTS = Path(__file__).with_name("results") / "game_flow.json"


def main(matches: int = MATCHES) -> None:
    live_times: list[float] = []
    replay_times: list[float] = []
    json_times: list[float] = []
    actions = 0
    states = []
    for seed in range(matches):
        rng = random.Random(seed)
        options = MatchOptions.match(rng.choice([1, 3, 5, 7]))
        started = time.perf_counter()
        dice = SeededDice(seed)
        match = Match.start(("A", "B"), options, dice)
        while not match.finished:
            match = match.apply(random_action(match, rng, end_early=False), dice).match
            actions += 1
            if len(states) < 5000:
                states.append(match.match_id_fields())
        live_times.append(time.perf_counter() - started)
        started = time.perf_counter()
        text = match.log.to_json()
        log = MatchLog.from_json(text)
        json_times.append(time.perf_counter() - started)
        started = time.perf_counter()
        again = Match.replay(log)
        replay_times.append(time.perf_counter() - started)
        assert again.snapshot() == match.snapshot()

    started = time.perf_counter()
    ours = [fields.encode() for fields in states]
    encode_time = (time.perf_counter() - started) / len(states)
    started = time.perf_counter()
    theirs = [gnubg_match_id(fields) for fields in states]
    gnubg_time = (time.perf_counter() - started) / len(states)
    assert ours == theirs

    results = {
        "matches": matches,
        "actions": actions,
        "apply_ms_per_action": 1000 * sum(live_times) / actions,
        "live_match_ms_median": 1000 * statistics.median(live_times),
        "replay_match_ms_median": 1000 * statistics.median(replay_times),
        "replay_match_ms_max": 1000 * max(replay_times),
        "log_json_round_trip_ms_median": 1000 * statistics.median(json_times),
        "match_id_us_ours": 1e6 * encode_time,
        "match_id_us_gnubg": 1e6 * gnubg_time,
    }
    print(f"{'measure':<34}{'value':>12}")
    for key, value in results.items():
        print(f"{key:<34}{value:>12.3f}" if isinstance(value, float) else f"{key:<34}{value:>12}")
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else MATCHES)
