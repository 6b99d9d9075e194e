"""What one load run is asked to do: how many tables, how the players think, how long, and against which bot."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class LoadConfig:
    matches: int  # K tables playing at once
    think: tuple[float, float] = (2.0, 6.0)  # seconds a player thinks before each action; (0, 0) = saturation
    seconds: float = 60.0  # players start no new action after this, counted from the last table's arrival
    #: tables arriving a second, each at a random moment of the arrival (0: every table at once): each start costs
    #: two requests under Discord's global limit of 50 a second (its thread and its first board), so no bot starts
    #: more than about 20 tables a second; 10 leaves room for the tables already playing
    starts_per_second: float = 10.0
    #: Discord's global limit on the bot's requests a second, in the stand-in and the bot's
    #: DISCORD_REQUESTS_PER_SECOND: 50, unless Discord has raised it for the bot
    global_limit: int = 50
    match_length: int = 1  # points; short matches so that some finish within a bounded run
    #: after this many actions of a match the player to act resigns and the other accepts (0: never), so that
    #: matches end within a run (one-point matches have a dead cube: nobody doubles and drops)
    resign_after: int = 0
    seed: int = 10
    profile: Path | None = None  # py-spy raw (collapsed stacks) output for the bot process, if given
    trace: Path | None = None  # timing probes inside the bot (bench/load/site), JSON written here at its exit
    workdir: Path | None = None
    computer_matches: int = 0  # more tables, each a player against the computer, beside the K human ones
    computer_level: str = "expert"
    computer_match_length: int = 1  # points; at 3 or more the computer's turns take cube decisions too
    computer_workers: int | None = None  # the bot's COMPUTER_WORKERS; None keeps its default
    #: the tutor at the computer tables (`/bg computer tutor:`): a note stops a costly decision, and the player
    #: keeps it; with `computer_hints` the player asks `/bg hint` before each of its actions
    computer_tutor: str = "off"
    computer_hints: bool = False
    # issue 19: the bot's DATABASE_URL (PostgreSQL) instead of its own SQLite file; processes > 1: that many bot
    # processes, shards 0..n-1 of n, one shared database, the tables spread over one guild per shard
    database_url: str | None = None
    processes: int = 1
    # issue 17: the servers' automatic analysis of finished matches (the bot's default: on, up to 11 points);
    # False turns it off (`/bgadmin analysis max_length:0` in every guild) before the tables start
    analysis: bool = True

    @property
    def arrival_seconds(self) -> float:
        """Over how long the tables arrive: their first challenges, spread at random."""
        tables = self.matches + self.computer_matches
        return tables / self.starts_per_second if self.starts_per_second > 0 else 0.0
