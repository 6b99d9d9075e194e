"""Match analysis (issue 17) against GNU Backgammon, side by side in one run on the same exported matches.

Matches come from computer self-play at a weak level (5-point matches, seeded). Each is analysed here at the
default level (bot.analysis, in this process, like one worker) and, from its `.mat` export (bot.records), by GNU
Backgammon at 0-ply and 2-ply in a child process each (`import mat`, `analyse match`, `show statistics match`,
`export match text` for its per-move alerts; one thread, as here). Reported:

- time per match here and in gnubg (wall and CPU: on a busy machine the CPU time is what one idle core would
  take), and the time here scaled to 120 counted decisions (the target: <= 10 s);
- agreement with gnubg 2-ply, per player: |PR here - PR gnubg| (gnubg's overall error rate in mEMG / 2 = 500 x
  EMG per decision), median and max;
- gnubg 2-ply's "very bad" decisions (its blunders) and how many of them are flagged here too: the decision at
  the same place (the player's n-th checker play of the game, same dice; for cube alerts, a cube decision of the
  same player in the same game) rated error or blunder here (>= 0.040), and blunder (>= 0.080).

With `--bgsage-cube` each match is analysed a second time here with bgsage's own 2-ply cube analyses (which build
their nets on every call) instead of the held net's (bot.computer.two_ply), checked to give the same analysis:
the time of both, side by side in one run.

Writes bench/results/analysis.json and prints a table. The tests' short run:
`--matches 1 --length 1 --analysis-level quick --reference-plies 0` (gnubg at 0-ply only).
Run it under `nice -n 19`: it keeps one core busy for minutes.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.analysis import DEFAULT_LEVEL, analyse, player_figures  # noqa: E402
from bot.analysis.figures import BLUNDER, ERROR  # noqa: E402
from bot.analysis.result import MatchAnalysis  # noqa: E402
from bot.computer import choose_action, sage  # noqa: E402
from bot.engine import Match, MatchOptions  # noqa: E402
from bot.engine.dice import SeededDice  # noqa: E402
from bot.records import match_to_mat  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "analysis.json"
NAMES = ("Ann", "Bob")
TARGET_SECONDS = 10.0
TARGET_DECISIONS = 120


def self_play(seed: int, level: str, length: int) -> Match:
    rng = random.Random(seed)
    dice = SeededDice(seed)
    match = Match.start(NAMES, MatchOptions.match(length), dice)
    while not match.finished:
        match = match.apply(choose_action(match, level, rng), dice).match
    return match


def analyse_timed(match: Match, level: str, *, bgsage_cube: bool = False) -> tuple[MatchAnalysis, float, float]:
    """The match's analysis, its wall and CPU seconds; `bgsage_cube`: with bgsage's own 2-ply cube analyses
    (building its nets on every call) instead of bot.computer.two_ply's with the held net, as before it."""
    if bgsage_cube:
        sage._two_ply[:] = [None]  # sage.cube_with_rolls then asks bgsage itself
    try:
        started, used = time.perf_counter(), time.process_time()
        analysis = analyse(match.log, level)
        return analysis, time.perf_counter() - started, time.process_time() - used
    finally:
        sage._two_ply.clear()


def same_figures(one: MatchAnalysis, other: MatchAnalysis) -> bool:
    return one.decisions == other.decisions and one.rolls == other.rolls


# --- GNU Backgammon, in a child process -----------------------------------------------------------------------

_GNUBG = r"""
import glob, json, os, sys, tempfile, time
import gnubg
quiet = os.open(os.devnull, os.O_WRONLY)
screen = os.dup(1)
def command(text, into=None):
    target = quiet if into is None else os.open(into, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    os.dup2(target, 1)  # gnubg prints to file descriptor 1
    try:
        gnubg.command(text)
    finally:
        os.dup2(screen, 1)
        if into is not None:
            os.close(target)
plies = int(sys.argv[1])
for setting in ("set threads 1", "set display off", "set sound enable off", "set confirm new off",
                "set confirm save off", f"set analysis chequerplay evaluation plies {plies}",
                f"set analysis cubedecision evaluation plies {plies}"):
    command(setting)
folder = tempfile.mkdtemp()
results = []
for number, text in enumerate(json.load(sys.stdin)):
    source = os.path.join(folder, f"m{number}.mat")
    with open(source, "w", encoding="utf-8") as out:
        out.write(text)
    command("import mat " + source)
    started, used = time.perf_counter(), time.process_time()
    command("analyse match")
    seconds, cpu = time.perf_counter() - started, time.process_time() - used
    stats = os.path.join(folder, f"s{number}.txt")
    command("show statistics match", into=stats)
    base = os.path.join(folder, f"t{number}.txt")
    command("export match text " + base)
    games = sorted(glob.glob(os.path.join(folder, f"t{number}*.txt")))
    with open(stats, encoding="utf-8") as read:
        statistics_text = read.read()
    texts = []
    for name in games:
        with open(name, encoding="utf-8") as read:
            texts.append(read.read())
    results.append({"seconds": seconds, "cpu": cpu, "statistics": statistics_text, "games": texts})
sys.stderr.write(json.dumps(results) + "\n")
"""


def gnubg_analyse(mats: list[str], plies: int) -> list[dict[str, Any]]:
    done = subprocess.run(
        [sys.executable, "-c", _GNUBG, str(plies)],
        input=json.dumps(mats),
        capture_output=True,
        text=True,
        timeout=7200,
        check=True,
        encoding="utf-8",
    )
    return list(json.loads(done.stderr.strip().splitlines()[-1]))


_RATE = re.compile(r"^Error rate mEMG \(MWC\)\s+(-?[0-9.]+)\s+\(\s*-?[0-9.]+%\)\s+(-?[0-9.]+)", re.M)
_UNFORCED = re.compile(r"^Unforced moves\s+([0-9]+)\s+([0-9]+)", re.M)
_BLOCK = re.compile(
    r"^Move number [0-9]+:\s+(\S.*?) (to play ([1-6])([1-6])|doubles|accepts|rejects|on roll|"
    r"refuses|beavers)",
    re.M,
)


def gnubg_prs(statistics_text: str) -> tuple[float, float]:
    """The overall error rate (the last of the three 'Error rate mEMG' lines: checker, cube, overall) / 2."""
    rates = _RATE.findall(statistics_text)
    if not rates:
        raise ValueError("gnubg printed no error rate:\n" + statistics_text[:2000])
    first, second = rates[-1]
    return abs(float(first)) / 2, abs(float(second)) / 2


def gnubg_blunders(game_texts: list[str]) -> list[dict[str, Any]]:
    """gnubg's 'very bad' decisions: game (from 1), player name, checker or cube, the player's checker ordinal
    in the game and the dice (checker plays)."""
    found = []
    for game, text in enumerate(game_texts, start=1):
        ordinals: dict[str, int] = {}
        blocks = list(_BLOCK.finditer(text))
        for index, block in enumerate(blocks):
            body = text[block.end() : blocks[index + 1].start() if index + 1 < len(blocks) else len(text)]
            name = block.group(1).strip()
            dice = (int(block.group(3)), int(block.group(4))) if block.group(3) else None
            if dice is not None:
                ordinals[name] = ordinals.get(name, 0) + 1
            for line in body.splitlines():
                if not line.startswith("Alert:") or "luck" in line or "unlucky" in line:
                    continue
                checker = " move" in line
                tail = body[body.index(line) + len(line) :].splitlines()[:2]
                if "very bad" in line or any("[very bad]" in rest for rest in tail):
                    found.append(
                        {
                            "game": game,
                            "player": name,
                            "checker": checker,
                            "ordinal": ordinals.get(name, 0),
                            "dice": dice,
                            "alert": line,
                        }
                    )
    return found


def flagged(analysis: MatchAnalysis, blunder: dict[str, Any], threshold: float) -> bool | None:
    """Whether this analysis flags gnubg's blunder too (None: the decision could not be matched)."""
    player = NAMES.index(blunder["player"])
    if blunder["checker"]:
        plays = [
            d for d in analysis.decisions if d.game == blunder["game"] and d.player == player and d.kind == "checker"
        ]
        if not 0 < blunder["ordinal"] <= len(plays):
            return None
        mine = plays[blunder["ordinal"] - 1]
        if tuple(sorted(mine.dice)) != tuple(sorted(blunder["dice"] or ())):
            return None
        return mine.loss >= threshold
    cube = [d for d in analysis.decisions if d.game == blunder["game"] and d.player == player and d.kind != "checker"]
    return any(d.loss >= threshold for d in cube) if cube else None


# --- the run -------------------------------------------------------------------------------------------------


@dataclass
class Here:
    """The analyses made here, each match's wall and CPU seconds, and with --bgsage-cube the (wall, CPU) seconds
    of its analysis with bgsage's own cube analyses."""

    analyses: list[MatchAnalysis] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    bgsage_cube: list[tuple[float, float]] = field(default_factory=list)


@dataclass
class BlunderTally:
    """gnubg's blunders, those placed at a decision here, and how many of those are flagged here too."""

    blunders: int = 0
    matched: int = 0
    flagged_error: int = 0
    flagged_blunder: int = 0

    def count(self, analysis: MatchAnalysis, found: list[dict[str, Any]]) -> None:
        for blunder in found:
            as_error = flagged(analysis, blunder, ERROR)
            if as_error is None:
                continue
            self.matched += 1
            self.flagged_error += as_error
            self.flagged_blunder += bool(flagged(analysis, blunder, BLUNDER))
        self.blunders += len(found)


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--length", type=int, default=5)
    parser.add_argument("--level", default="casual", help="the self-play level (weak: errors to find)")
    parser.add_argument("--analysis-level", default=DEFAULT_LEVEL)
    parser.add_argument(
        "--reference-plies", type=int, default=2, help="gnubg's plies for the PR and blunder comparison (2; 0 is quick)"
    )
    parser.add_argument("--first-seed", type=int, default=0, help="the dice seed of the first match (0)")
    parser.add_argument(
        "--bgsage-cube",
        action="store_true",
        help="each match analysed a second time with bgsage's own 2-ply cube analyses, side by side",
    )
    return parser.parse_args()


def analyse_here(matches: list[Match], level: str, bgsage_cube: bool) -> Here:
    here = Here()
    for match in matches:
        analysis, wall, used = analyse_timed(match, level)
        here.analyses.append(analysis)
        here.seconds.append(wall)
        here.cpu.append(used)
        if bgsage_cube:
            theirs, wall, used = analyse_timed(match, level, bgsage_cube=True)
            assert same_figures(analysis, theirs), "the analysis differs with bgsage's own cube analyses"
            here.bgsage_cube.append((wall, used))
    return here


def compare(
    here: Here, gnubg: dict[int, list[dict[str, Any]]], reference: int
) -> tuple[list[dict[str, Any]], list[float], BlunderTally]:
    """Each match's row (times here and in gnubg, PRs, gnubg's blunders), the PR differences of every player,
    and the blunders found here too."""
    rows = []
    differences: list[float] = []
    tally = BlunderTally()
    for number, analysis in enumerate(here.analyses):
        counted = sum(1 for d in analysis.decisions if d.counted)
        prs = [player_figures(analysis, player).pr for player in (0, 1)]
        theirs = gnubg_prs(gnubg[reference][number]["statistics"])
        differences += [abs(a - b) for a, b in zip(prs, theirs, strict=True)]
        found = gnubg_blunders(gnubg[reference][number]["games"])
        tally.count(analysis, found)
        bgsage_cube = here.bgsage_cube
        rows.append(
            {
                "match": number,
                "decisions": len(analysis.decisions),
                "counted": counted,
                "seconds_here": round(here.seconds[number], 2),
                "cpu_seconds_here": round(here.cpu[number], 2),
                "seconds_gnubg_0ply": round(gnubg[0][number]["seconds"], 2),
                "seconds_gnubg_2ply": round(gnubg[reference][number]["seconds"], 2),
                "cpu_seconds_gnubg_0ply": round(gnubg[0][number]["cpu"], 2),
                "cpu_seconds_gnubg_2ply": round(gnubg[reference][number]["cpu"], 2),
                **(
                    {
                        "seconds_here_bgsage_cube": round(bgsage_cube[number][0], 2),
                        "cpu_seconds_here_bgsage_cube": round(bgsage_cube[number][1], 2),
                    }
                    if bgsage_cube
                    else {}
                ),
                "pr_here": prs,
                "pr_gnubg_2ply": [round(p, 2) for p in theirs],
                "reference_plies": reference,
                "pr_gnubg_0ply": [round(p, 2) for p in gnubg_prs(gnubg[0][number]["statistics"])],
                "gnubg_blunders": len(found),
            }
        )
    return rows, differences, tally


def summary_of(
    args: argparse.Namespace,
    rows: list[dict[str, Any]],
    here: Here,
    differences: list[float],
    tally: BlunderTally,
) -> dict[str, Any]:
    seconds, cpu, bgsage_cube = here.seconds, here.cpu, here.bgsage_cube
    counted_total = max(1, sum(row["counted"] for row in rows))
    per_decision, cpu_per_decision = sum(seconds) / counted_total, sum(cpu) / counted_total
    return {
        "matches": len(rows),
        "length": args.length,
        "self_play_level": args.level,
        "analysis_level": args.analysis_level,
        "reference_plies": args.reference_plies,
        "cpu_count": os.cpu_count(),
        "seconds_here_median": round(statistics.median(seconds), 2),
        "seconds_here_max": round(max(seconds), 2),
        "seconds_here_per_120_counted": round(per_decision * TARGET_DECISIONS, 2),
        "cpu_seconds_here_per_120_counted": round(cpu_per_decision * TARGET_DECISIONS, 2),
        "decisions_median": statistics.median(r["decisions"] for r in rows),
        "target_seconds_per_120": TARGET_SECONDS,
        "seconds_gnubg_0ply_median": round(statistics.median(r["seconds_gnubg_0ply"] for r in rows), 2),
        "seconds_gnubg_2ply_median": round(statistics.median(r["seconds_gnubg_2ply"] for r in rows), 2),
        "cpu_seconds_here_median": round(statistics.median(cpu), 2),
        "cpu_seconds_gnubg_0ply_median": round(statistics.median(r["cpu_seconds_gnubg_0ply"] for r in rows), 2),
        "cpu_seconds_gnubg_2ply_median": round(statistics.median(r["cpu_seconds_gnubg_2ply"] for r in rows), 2),
        **(
            {
                "seconds_here_bgsage_cube_median": round(statistics.median(wall for wall, _ in bgsage_cube), 2),
                "cpu_seconds_here_bgsage_cube_median": round(statistics.median(used for _, used in bgsage_cube), 2),
            }
            if bgsage_cube
            else {}
        ),
        "counted_decisions_median": statistics.median(r["counted"] for r in rows),
        "pr_difference_median": round(statistics.median(differences), 2),
        "pr_difference_max": round(max(differences), 2),
        "gnubg_2ply_blunders": tally.blunders,
        "matched": tally.matched,
        "flagged_error_or_blunder": tally.flagged_error,
        "flagged_blunder": tally.flagged_blunder,
    }


def print_table(rows: list[dict[str, Any]]) -> None:
    print(
        f"{'match':>5} {'counted':>7} {'here cpu s':>10} {'gnubg0 cpu':>10} {'gnubg2 cpu':>10}  PR here     "
        "PR gnubg 2-ply"
    )
    for row in rows:
        print(
            f"{row['match']:>5} {row['counted']:>7} {row['cpu_seconds_here']:>10.2f} "
            f"{row['cpu_seconds_gnubg_0ply']:>10.2f} {row['cpu_seconds_gnubg_2ply']:>10.2f}  "
            f"{row['pr_here'][0]:5.1f} {row['pr_here'][1]:5.1f}   "
            f"{row['pr_gnubg_2ply'][0]:5.1f} {row['pr_gnubg_2ply'][1]:5.1f}"
        )


def main() -> None:
    args = arguments()
    reference = args.reference_plies
    seeds = range(args.first_seed, args.first_seed + args.matches)
    matches = [self_play(seed, args.level, args.length) for seed in seeds]
    mats = [match_to_mat(match) for match in matches]
    here = analyse_here(matches, args.analysis_level, args.bgsage_cube)
    gnubg = {plies: gnubg_analyse(mats, plies) for plies in sorted({0, reference})}
    rows, differences, tally = compare(here, gnubg, reference)
    summary = summary_of(args, rows, here, differences, tally)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({"summary": summary, "matches": rows}, indent=1) + "\n")
    print_table(rows)
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    with tempfile.TemporaryDirectory():
        main()
