"""GNU Backgammon importing .mat files (`import mat`), in a child process: what it writes back (`export match mat`)
and its state after every entry of every game, read by stepping through the imported match."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass

_RUN = r"""
import json, os, sys, tempfile
import gnubg
quiet = os.open(os.devnull, os.O_WRONLY)
screen = os.dup(1)
def command(text):
    os.dup2(quiet, 1)  # gnubg prints to file descriptor 1
    try:
        gnubg.command(text)
    finally:
        os.dup2(screen, 1)
for setting in ("set threads 1", "set display off", "set sound enable off", "set confirm new off",
                "set confirm save off"):
    command(setting)
folder = tempfile.mkdtemp()
source, written = os.path.join(folder, "in.mat"), os.path.join(folder, "out.mat")
results = []
for text, jacoby in json.load(sys.stdin):
    with open(source, "w", encoding="utf-8") as out:
        out.write(text)
    command("set jacoby " + ("on" if jacoby else "off"))
    command("import mat " + source)
    command("export match mat " + written)
    with open(written, encoding="utf-8") as back:
        exported = back.read()
    os.remove(written)
    games = []
    recorded = gnubg.match(0, 0, 0, 0)
    info = recorded["match-info"]
    gnubg.navigate(game=-1000)
    for game in recorded["games"]:
        states = [(None, gnubg.position_id(), gnubg.match_id())]
        for entry in game["game"]:
            gnubg.navigate(next=1)
            states.append((entry["action"], gnubg.position_id(), gnubg.match_id()))
        games.append(states)
        gnubg.navigate(game=1)
    results.append({"exported": exported, "names": [info["X"]["name"], info["O"]["name"]], "games": games})
sys.stderr.write(json.dumps(results) + "\n")
"""


@dataclass(frozen=True)
class Imported:
    """What gnubg made of one file: its own export of it, the names, and per game the states after each entry
    (the first state is the game's start) with the entry's kind ("move", "double", "take", ...)."""

    exported: str
    names: tuple[str, str]
    games: list[list[tuple[str | None, str, str]]]


def import_mats(files: Sequence[tuple[str, bool]]) -> list[Imported]:
    """Import each (.mat text, Jacoby rule on) into gnubg, one file after the other in one process."""
    done = subprocess.run(
        [sys.executable, "-c", _RUN],
        input=json.dumps(list(files)),
        capture_output=True,
        text=True,
        timeout=900,
        check=True,
        encoding="utf-8",
    )
    data = json.loads(done.stderr.strip().splitlines()[-1])
    return [
        Imported(
            item["exported"],
            (item["names"][0], item["names"][1]),
            [[(kind, position, match) for kind, position, match in game] for game in item["games"]],
        )
        for item in data
    ]
