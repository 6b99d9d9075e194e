"""`python -m bot.fairness FILE.mat` (issue 18): an honest export passes roll by roll; a forged one (one die
changed, one seed changed, another commitment) fails with a line naming the first roll that does not match."""

from __future__ import annotations

import datetime
import hashlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.engine import events as ev
from bot.engine.dice import FairnessInfo, MatchSeeds
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.fairness.check import check_mat, written_rolls
from bot.records.mat import match_events, match_to_mat
from tests.fairness.helpers import all_dice, played_match
from tests.records.gnubg_import import import_mats


def _seeds(index: int) -> MatchSeeds:
    return MatchSeeds(hashlib.sha256(f"check {index}".encode()).digest(), "1300000000000000001", "my seed: 7")


def _exported(match: Match, seeds: MatchSeeds, *, revealed: bool = True) -> str:
    info = FairnessInfo(
        seeds.commitment, seeds.challenger_seed, seeds.acceptor_seed, seeds.server_seed.hex() if revealed else None
    )
    return match_to_mat(match, fairness=info)


def _rolls_without_opening_ties(match: Match) -> list[tuple[int, int]]:
    """The match's rolls as a .mat file writes them: high die first, each game's opening ties left out."""
    rolls = []
    for event in match_events(match.log):
        if isinstance(event, ev.OpeningRolled):
            rolls.append(event.rolls[-1])
        elif isinstance(event, ev.Rolled):
            rolls.append(event.dice)
    return [(max(r), min(r)) for r in rolls]


@pytest.mark.parametrize("index", range(12))
def test_an_honest_export_passes_roll_by_roll(index: int) -> None:
    options = MatchOptions.money(automatic_doubles=True, beavers=True) if index % 3 == 0 else MatchOptions.match(5)
    seeds = _seeds(index)
    match = played_match(seeds, options, index, end_early=True)  # resignations, claims and aborts too
    text = _exported(match, seeds)
    result = check_mat(text)
    assert result.ok, "\n".join(result.lines)
    checked = [line for line in result.lines if line.startswith("Roll k=")]
    dice = all_dice(match)
    assert len(checked) == len(dice) // 2  # every roll of the match, opening ties included
    assert sum(1 for line in checked if line.endswith(": ok.")) == len(written_rolls(text))
    assert result.lines[-1].startswith("Every roll matches")


def test_the_file_carries_the_proof_and_the_seed_only_once_revealed() -> None:
    seeds = _seeds(1)
    match = played_match(seeds, MatchOptions.match(3), 1)
    running = _exported(match, seeds, revealed=False)
    assert seeds.commitment in running and '"my seed: 7"' in running
    assert seeds.server_seed.hex() not in running
    result = check_mat(running)
    assert not result.ok and "no server seed" in result.lines[0]
    assert f'; [Server seed "{seeds.server_seed.hex()}"]' in _exported(match, seeds)


def _forge_die(text: str, nth: int) -> tuple[str, str]:
    """Change the nth written roll's second die (kept lower than the first); returns the text and the new roll."""
    found = list(re.finditer(r"(?<![\w:])([1-6])([1-6]):", text.split(" point match", 1)[1]))[nth]
    offset = text.index(" point match") + len(" point match")
    high, low = int(found[1]), int(found[2])
    new_low = low - 1 if low > 1 else (low + 1 if low + 1 <= high else low)
    if new_low == low:  # 11 cannot be lowered: make it 21
        high = 2
    new = f"{high}{new_low}:"
    start = offset + found.start()
    return text[:start] + new + text[start + 3 :], new[:2]


def test_one_die_changed_fails_naming_the_first_bad_roll() -> None:
    seeds = _seeds(2)
    match = played_match(seeds, MatchOptions.match(3), 2)
    text = _exported(match, seeds)
    forged, new = _forge_die(text, 5)
    result = check_mat(forged)
    assert not result.ok
    bad = [line for line in result.lines if line.startswith("Roll k=") and "DOES NOT MATCH" in line]
    assert len(bad) == 1
    assert "roll 6)" in bad[0] and f"the file says {new[0]}-{new[1]}" in bad[0]
    assert result.lines[-1] == f"FAILED. First mismatch: {bad[0]}"


def test_one_seed_changed_fails_at_the_first_roll() -> None:
    seeds = _seeds(3)
    match = played_match(seeds, MatchOptions.match(3), 3)
    forged = _exported(match, seeds).replace('"my seed: 7"', '"my seed: 8"')
    result = check_mat(forged)
    assert not result.ok
    assert result.first_bad is not None and "DOES NOT MATCH" in result.first_bad
    assert result.lines[0].startswith("Commitment") and result.lines[0].endswith(
        "matches, it is the SHA-256 of the server seed."
    )


def test_another_server_seed_fails_on_the_commitment() -> None:
    seeds = _seeds(4)
    match = played_match(seeds, MatchOptions.match(1), 4)
    other = hashlib.sha256(b"another").digest().hex()
    forged = _exported(match, seeds).replace(seeds.server_seed.hex(), other)
    result = check_mat(forged)
    assert not result.ok and result.first_bad is not None and result.first_bad.startswith("Commitment")


def test_the_command_line(tmp_path: Path) -> None:
    seeds = _seeds(5)
    match = played_match(seeds, MatchOptions.match(1), 5)
    good = tmp_path / "good.mat"
    good.write_text(_exported(match, seeds), encoding="utf-8")
    bad = tmp_path / "bad.mat"
    bad.write_text(_forge_die(good.read_text(encoding="utf-8"), 0)[0], encoding="utf-8")
    ran = subprocess.run([sys.executable, "-m", "bot.fairness", str(good)], capture_output=True, text=True)
    assert ran.returncode == 0 and "the dice are fair" in ran.stdout
    ran = subprocess.run([sys.executable, "-m", "bot.fairness", str(bad)], capture_output=True, text=True)
    assert ran.returncode == 1 and "FAILED. First mismatch: Roll k=" in ran.stdout


def test_the_rolls_written_are_the_matchs_rolls() -> None:
    for index in range(10):
        seeds = _seeds(100 + index)
        match = played_match(seeds, MatchOptions.match(7), index, end_early=True)
        written = [roll.dice for roll in written_rolls(_exported(match, seeds))]
        everything = _rolls_without_opening_ties(match)
        assert written == everything


def test_gnubg_reads_the_proof_and_writes_it_back() -> None:
    """The proof's comment lines are read by gnubg's `import mat` as the match's comment and written back as they
    were (odd seeds included), beside a money game's own comment too."""
    seeds = MatchSeeds(hashlib.sha256(b"gnubg").digest(), "1300000000000000001", 'quote " and ü')
    texts = []
    for options in (MatchOptions.match(3), MatchOptions.money(automatic_doubles=True)):
        match = played_match(seeds, options, 7)
        for revealed in (False, True):
            info = FairnessInfo(
                seeds.commitment,
                seeds.challenger_seed,
                seeds.acceptor_seed,
                seeds.server_seed.hex() if revealed else None,
            )
            texts.append((match_to_mat(match, date=datetime.date(2026, 11, 24), fairness=info), False))
    for (text, _), imported in zip(texts, import_mats(texts), strict=True):
        assert imported.exported == text
    assert check_mat(texts[-1][0]).ok


def test_the_readmes_plain_python_check(tmp_path: Path) -> None:
    """The README's fifteen lines, run as they are printed there, on an honest and a forged export."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    [code] = re.findall(r"```python\n(.*?)```", readme.split("## Provably fair dice")[1], re.S)
    assert len(code.strip().splitlines()) <= 20
    script = tmp_path / "check.py"
    script.write_text(code, encoding="utf-8")
    seeds = _seeds(6)
    match = played_match(seeds, MatchOptions.money(automatic_doubles=True), 6)
    text = _exported(match, seeds)
    good, bad = tmp_path / "good.mat", tmp_path / "bad.mat"
    good.write_text(text, encoding="utf-8")
    bad.write_text(_forge_die(text, 3)[0], encoding="utf-8")
    lines = subprocess.run(
        [sys.executable, str(script), str(good)], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert lines[0] == "commitment ok"
    assert len(lines) == 1 + len(all_dice(match)) // 2 - _opening_ties(match)
    assert all(line.endswith(" ok") for line in lines)
    lines = subprocess.run(
        [sys.executable, str(script), str(bad)], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert [line.split(":")[0] for line in lines if line.endswith("MISMATCH")] == [lines[4].split(":")[0]]


def _opening_ties(match: Match) -> int:
    """How many opening rolls of the match were ties (rolled again)."""
    events = match_events(match.log)
    return sum(len(event.rolls) - 1 for event in events if isinstance(event, ev.OpeningRolled))
