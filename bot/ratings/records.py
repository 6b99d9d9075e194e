"""Plain data in and out of the ratings package: no database, engine or Discord types."""

from __future__ import annotations

from dataclasses import dataclass, field

#: Ladder entries on one /leaderboard page, and matches in one /history.
PAGE_SIZE = 10
HISTORY_SIZE = 10


@dataclass(frozen=True, slots=True)
class PlayerTally:
    """What one player did in one match, counted from its games: games won as gammons / backgammons and the
    opponent's doubles this player took or dropped (R6.2, R7.2)."""

    gammons_won: int = 0
    backgammons_won: int = 0
    cubes_taken: int = 0
    cubes_dropped: int = 0


@dataclass(frozen=True, slots=True)
class FinishedMatch:
    """A finished match as the ratings see it. `players` and `tallies` are in engine order (0, 1)."""

    match_id: int
    guild_id: int
    length: int  # 0 = money game (R8.2): never rated
    players: tuple[int, int]
    winner: int  # 0 or 1
    tallies: tuple[PlayerTally, PlayerTally] = field(default=(PlayerTally(), PlayerTally()))

    def __post_init__(self) -> None:
        if self.winner not in (0, 1):
            raise ValueError(f"The winner is player 0 or 1, not {self.winner}")
        if self.players[0] == self.players[1]:
            raise ValueError("A match needs two different players")

    @property
    def rated(self) -> bool:
        """Money games are not rated; matches of 1..25 points are, claimed wins included."""
        return self.length > 0


@dataclass(frozen=True, slots=True)
class LadderEntry:
    """One line of a guild's leaderboard. Equal ratings share a rank (1, 2, 2, 4)."""

    rank: int
    user_id: int
    name: str
    rating: float
    matches: int
    wins: int

    @property
    def losses(self) -> int:
        return self.matches - self.wins


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    """Page `page` (0-based) of a guild's ladder, how many pages there are, and the caller's own line."""

    page: int
    page_count: int
    player_count: int
    entries: list[LadderEntry]
    caller: LadderEntry | None

    @property
    def caller_on_page(self) -> bool:
        return self.caller is not None and any(e.user_id == self.caller.user_id for e in self.entries)


@dataclass(frozen=True, slots=True)
class HeadToHead:
    wins: int = 0
    losses: int = 0


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """Everything the stats command shows about one player in one guild (rated matches only)."""

    user_id: int
    name: str
    standing: LadderEntry | None  # None: no rated match in this guild yet
    experience: int
    gammons_won: int
    gammons_lost: int
    backgammons_won: int
    backgammons_lost: int
    cubes_taken: int
    cubes_dropped: int
    average_length: float | None
    streak: int  # > 0: that many wins in a row, < 0: losses in a row, 0: no rated match
    head_to_head: HeadToHead | None  # against the viewer; None when the viewer is the player
    ratings: list[float]  # the rating after each rated match, oldest first, starting from the initial rating


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One of a player's finished matches, newest first, with where its last game message is."""

    match_id: int
    opponent_id: int
    opponent_name: str
    length: int  # 0 = money game
    won: bool
    score: int
    opponent_score: int
    result_kind: str | None
    finished_at: float
    rating_change: float | None  # None for money games
    channel_id: int | None
    message_id: int | None
