"""Any moment of a game can be pasted into GNU Backgammon (R10.2): `set gnubgid <position>:<match>` gives back
the same IDs. gnubg runs in a child process: its match state is global and its assertions abort the process."""

from __future__ import annotations

import json
import random
import subprocess
import sys

from bot.engine.game import Phase
from bot.engine.match import Match
from bot.engine.match_id import MatchIdFields
from bot.engine.options import MatchOptions
from tests.flow.driver import SeededDice, random_action

PASTE = """
import json, sys
import gnubg
for gnubg_id in json.load(sys.stdin):
    gnubg.command("set gnubgid " + gnubg_id)
    sys.stderr.write(json.dumps(gnubg.position_id() + ":" + gnubg.match_id()) + "\\n")
"""


def pasted(gnubg_ids: list[str]) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", PASTE],
        input=json.dumps(gnubg_ids),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return [json.loads(line) for line in done.stderr.splitlines() if line.startswith('"')]


def test_states_paste_into_gnubg() -> None:
    exact: list[str] = []  # gnubg keeps both IDs exactly
    offers: list[str] = []  # gnubg keeps the position but steps back from an offered double or resignation
    ended: list[str] = []  # gnubg keeps the cube and score of a finished game but sets up a new game
    for seed in range(12):
        rng = random.Random(seed)
        options = MatchOptions.money(beavers=True) if seed % 3 == 0 else MatchOptions.match(rng.choice([1, 3, 5]))
        dice = SeededDice(seed)
        match = Match.start(("Alice", "Bob"), options, dice)
        while not match.finished:
            match = match.apply(random_action(match, rng), dice).match
            gnubg_id = match.gnubg_id()
            assert gnubg_id == f"{match.position_id()}:{match.match_id()}"
            if match.phase in (Phase.ROLLING, Phase.MOVING):
                exact.append(gnubg_id)
            elif match.phase not in (Phase.OVER, Phase.ABORTED):
                offers.append(gnubg_id)
            elif not match.options.length or max(match.scores) < match.options.length:
                # A won match shows its final score, past the length, as gnubg does (test_final_ids.py); gnubg
                # aborts when such an ID is pasted back, its own included, so only money games and aborts are here.
                ended.append(gnubg_id)
    results = pasted(exact + offers + ended)
    assert len(results) == len(exact) + len(offers) + len(ended) and len(exact) > 500 and offers and ended
    assert results[: len(exact)] == exact
    got_offers = results[len(exact) : len(exact) + len(offers)]
    assert [text.split(":")[0] for text in got_offers] == [text.split(":")[0] for text in offers]
    got_ended = results[len(exact) + len(offers) :]
    assert [cube_and_score(text) for text in got_ended] == [cube_and_score(text) for text in ended]


def cube_and_score(gnubg_id: str) -> tuple[object, ...]:
    fields = MatchIdFields.decode(gnubg_id.split(":")[1])
    return fields.cube, fields.cube_owner, fields.crawford, fields.length, fields.scores
