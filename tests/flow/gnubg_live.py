"""GNU Backgammon played live from the project's events, for differential tests of finished games (R10.2).

A state the project shows during play is pasted into gnubg (`set gnubgid`; test_gnubg_paste.py shows gnubg keeps
those exactly), then what happened next is typed into gnubg as its own commands (`set dice`, `move`, `double`,
`take`, `drop`, `beaver`, `resign`, `accept`, `reject`), and gnubg's IDs are read at the end. gnubg runs in a child
process: its match state is global and its assertions abort the process.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence

from bot.engine import events as ev
from bot.engine.play import Play
from bot.engine.position import WinKind

_RUN = r"""
import json, os, sys
import gnubg
quiet = os.open(os.devnull, os.O_WRONLY)
screen = os.dup(1)
def command(text):
    os.dup2(quiet, 1)  # gnubg prints to file descriptor 1
    try:
        gnubg.command(text)
    finally:
        os.dup2(screen, 1)
for setting in ("set threads 1", "set display off", "set sound enable off", "set player 0 human",
                "set player 1 human", "set automatic game off", "set automatic roll off", "set confirm new off"):
    command(setting)
for script in json.load(sys.stdin):
    for text in script:
        command(text)
    sys.stderr.write(json.dumps(gnubg.position_id() + ":" + gnubg.match_id()) + "\n")
"""

RESIGN_WORDS = {WinKind.SINGLE: "single", WinKind.GAMMON: "gammon", WinKind.BACKGAMMON: "backgammon"}


def gnubg_move(play: Play) -> str:
    """A play as gnubg's `move` command reads it: one from/to per die, bar 25 and off 0 (no chains, no hits)."""
    return " ".join(f"{step.start}/{step.end}" for step in play.steps)


def commands_for(events: Sequence[ev.Event]) -> list[str]:
    """gnubg's commands for what the events say happened, up to the end of the game."""
    commands: list[str] = []
    for event in events:
        match event:
            case ev.Rolled(dice=dice):
                commands.append(f"set dice {dice[0]} {dice[1]}")
            case ev.Played(play=play) if play.steps:
                commands.append(f"move {gnubg_move(play)}")
            case ev.Doubled():
                commands.append("double")
            case ev.Taken() | ev.BeaverAccepted():
                commands.append("take")
            case ev.Dropped() | ev.BeaverRefused():
                commands.append("drop")
            case ev.Beavered():
                commands.append("beaver")
            case ev.ResignationOffered(kind=kind):
                commands.append(f"resign {RESIGN_WORDS[kind]}")
            case ev.ResignationAccepted():
                commands.append("accept")
            case ev.ResignationDeclined():
                commands.append("reject")
            case ev.GameWon():
                break
    return commands


def run_scripts(scripts: Sequence[Sequence[str]]) -> list[str]:
    """Run each script of gnubg commands in turn in one gnubg process; gnubg's `position:match` IDs after each."""
    done = subprocess.run(
        [sys.executable, "-c", _RUN],
        input=json.dumps([list(s) for s in scripts]),
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    results = [json.loads(line) for line in done.stderr.splitlines() if line.startswith('"')]
    assert len(results) == len(scripts), done.stderr[-2000:]
    return results
