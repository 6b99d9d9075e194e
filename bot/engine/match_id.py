"""GNU Backgammon Match IDs (R10.2): the match state in 12 base64 characters, as gnubg writes and reads them.

The key is 66 bits, least significant bit first within each byte, then base64 (standard alphabet, 9 bytes):
cube log2 (4 bits), cube owner (2: 0, 1, or 3 for the middle), player on roll (1), Crawford (1), game state
(3), player to decide (1), double offered (1), resignation offered (2), the dice, higher first (3 + 3), match
length (15), both scores (15 + 15), and "Jacoby off" (1).
"""

from __future__ import annotations

import base64
import binascii
import enum
from dataclasses import dataclass

LENGTH = 12
_CENTRED = 3
_LAYOUT = (  # (field, bits), in key order
    ("cube_log", 4),
    ("owner", 2),
    ("on_roll", 1),
    ("crawford", 1),
    ("state", 3),
    ("turn", 1),
    ("doubled", 1),
    ("resigned", 2),
    ("die1", 3),
    ("die2", 3),
    ("length", 15),
    ("score0", 15),
    ("score1", 15),
    ("no_jacoby", 1),
)


class GameState(enum.IntEnum):
    """gnubg's game states."""

    NONE = 0
    PLAYING = 1
    OVER = 2
    RESIGNED = 3
    DROPPED = 4


class InvalidMatchIdError(ValueError):
    """A Match ID that is malformed or describes an impossible state."""


@dataclass(frozen=True, slots=True)
class MatchIdFields:
    """Everything a Match ID holds. Players are 0 and 1 as in gnubg; `turn` is who must decide now (the taker
    while a double is offered), `on_roll` whose turn it is; `dice` is (0, 0) before the roll."""

    cube: int
    cube_owner: int | None
    on_roll: int
    crawford: bool
    state: GameState
    turn: int
    doubled: bool
    resigned: int  # 0 none, else the WinKind value offered
    dice: tuple[int, int]
    length: int
    scores: tuple[int, int]
    jacoby: bool

    def __post_init__(self) -> None:
        if self.cube < 1 or self.cube & (self.cube - 1) or self.cube > 1 << 15:
            raise ValueError(f"The cube must be a power of two up to 32768, not {self.cube}")
        if self.cube_owner not in (None, 0, 1) or self.on_roll not in (0, 1) or self.turn not in (0, 1):
            raise ValueError("Players are 0 and 1")
        if not 0 <= self.resigned <= 3:
            raise ValueError(f"A resignation is worth 0..3 times the cube, not {self.resigned}")
        if (
            len(self.dice) != 2
            or not all(0 <= die <= 6 for die in self.dice)
            or (0 in self.dice) != (self.dice == (0, 0))
        ):
            raise ValueError(f"Dice must be two numbers 1..6, or (0, 0) before the roll: {self.dice!r}")
        if not 0 <= self.length < 1 << 15 or not all(0 <= score < 1 << 15 for score in self.scores):
            raise ValueError("The match length and scores must fit in 15 bits")
        # gnubg stores the higher die first; normalise so that decoding gives back an equal value.
        object.__setattr__(self, "dice", (max(self.dice), min(self.dice)))

    def encode(self) -> str:
        """The 12-character Match ID."""
        values = {
            "cube_log": self.cube.bit_length() - 1,
            "owner": _CENTRED if self.cube_owner is None else self.cube_owner,
            "on_roll": self.on_roll,
            "crawford": int(self.crawford),
            "state": int(self.state),
            "turn": self.turn,
            "doubled": int(self.doubled),
            "resigned": self.resigned,
            "die1": self.dice[0],
            "die2": self.dice[1],
            "length": self.length,
            "score0": self.scores[0],
            "score1": self.scores[1],
            "no_jacoby": int(not self.jacoby),
        }
        key = 0
        shift = 0
        for field, bits in _LAYOUT:
            key |= values[field] << shift
            shift += bits
        return base64.b64encode(key.to_bytes(9, "little")).decode("ascii")

    @classmethod
    def decode(cls, match_id: str) -> MatchIdFields:
        """Read a Match ID; raises InvalidMatchIdError when it is malformed or impossible."""
        text = match_id.strip()
        if len(text) != LENGTH:
            raise InvalidMatchIdError(f"A Match ID has {LENGTH} characters; {match_id!r} has {len(text)}.")
        try:
            raw = base64.b64decode(text, validate=True)
        except binascii.Error as error:
            raise InvalidMatchIdError(
                f"{match_id!r} is not a Match ID: it must be base64 (A-Z a-z 0-9 + /)."
            ) from error
        key = int.from_bytes(raw, "little")
        values: dict[str, int] = {}
        for field, bits in _LAYOUT:
            values[field] = key & ((1 << bits) - 1)
            key >>= bits
        if key:
            raise InvalidMatchIdError(f"{match_id!r} is not a Match ID: its unused bits are set.")
        if values["owner"] == 2 or values["state"] > GameState.DROPPED:
            raise InvalidMatchIdError(f"{match_id!r} is not a Match ID: bad cube owner or game state.")
        length, scores = values["length"], (values["score0"], values["score1"])
        if length and max(scores) > length and values["state"] in (GameState.NONE, GameState.PLAYING):
            # gnubg adds a finished game to the score, so a match's last game can show more than its length
            raise InvalidMatchIdError(f"{match_id!r}: a score is above the match length during play.")
        if not length and values["crawford"]:
            raise InvalidMatchIdError(f"{match_id!r}: a money game has no Crawford game.")
        try:
            return cls(
                cube=1 << values["cube_log"],
                cube_owner=None if values["owner"] == _CENTRED else values["owner"],
                on_roll=values["on_roll"],
                crawford=bool(values["crawford"]),
                state=GameState(values["state"]),
                turn=values["turn"],
                doubled=bool(values["doubled"]),
                resigned=values["resigned"],
                dice=(values["die1"], values["die2"]),
                length=length,
                scores=scores,
                jacoby=not values["no_jacoby"],
            )
        except ValueError as error:
            raise InvalidMatchIdError(f"{match_id!r} is not a valid Match ID: {error}") from error
