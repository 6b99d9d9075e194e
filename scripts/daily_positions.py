"""Regenerate bot/daily/positions.json, the daily positions shipped with the bot (posted where a server has no
analysed match left to use): `python scripts/daily_positions.py`.

The positions come from the project's own play: seeded matches of the computer against itself at a weak level,
analysed as the bot analyses matches (bot.analysis, standard level); from each match its costliest decisions
(bot.daily.choose's rules), ranked with the same worker function as a server's positions (bot.daily.ranking).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.analysis import analyse  # noqa: E402
from bot.analysis.result import MatchAnalysis  # noqa: E402
from bot.computer import choose_action  # noqa: E402
from bot.daily.choose import Found, costliest, puzzle_of  # noqa: E402
from bot.daily.ranking import checker_candidates  # noqa: E402
from bot.engine import Match, MatchOptions  # noqa: E402

OUT = ROOT / "bot" / "daily" / "positions.json"


class SeededDice:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def roll_die(self) -> int:
        return self.rng.randint(1, 6)


def self_play(seed: int, level: str, length: int) -> Match:
    rng, dice = random.Random(seed), SeededDice(seed)
    match = Match.start(("A", "B"), MatchOptions.match(length), dice)
    while not match.finished:
        match = match.apply(choose_action(match, level, rng), dice).match
    return match


def picked(seed: int, analysis: MatchAnalysis, count: int) -> list[Found]:
    """The match's costliest cube decision (when one qualifies), then its costliest checker plays."""
    used: set[str] = set()
    found: list[Found] = []
    cube = MatchAnalysis(
        analysis.level,
        analysis.names,
        analysis.length,
        tuple(d for d in analysis.decisions if d.kind != "checker"),
        analysis.rolls,
    )
    for source in (cube, analysis):
        while len(found) < count and (next_one := costliest([(seed, source)], used)) is not None:
            used.add(next_one.source)
            found.append(next_one)
            if source is cube:
                break
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--per-match", type=int, default=3)
    parser.add_argument("--level", default="casual")
    parser.add_argument("--length", type=int, default=5)
    args = parser.parse_args()
    entries: list[dict[str, object]] = []
    seed = 0
    while len(entries) < args.positions:
        seed += 1
        analysis = analyse(self_play(seed, args.level, args.length).log)
        for found in picked(seed, analysis, args.per_match)[: args.positions - len(entries)]:
            decision = found.decision
            candidates = checker_candidates(decision) if decision.kind == "checker" else ()
            puzzle = puzzle_of(decision, found.length, candidates)
            entries.append({"id": f"set:{seed}:{decision.index}", "puzzle": puzzle.to_dict()})
            print(f"seed {seed} decision {decision.index} {decision.kind} loss {decision.loss:.3f}", flush=True)
    OUT.write_text(json.dumps(entries, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{len(entries)} positions written to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
