"""What a button means, written into its custom_id so that it keeps working after a restart.

Views hold no game state: a game control carries the match id, the state version the player saw and the
control (plus the point and die for moving). A click from an older state is refused as out of date instead of
acting on a board the player did not see. Challenge buttons carry the challenge id. Every id is 1-100
characters (Discord's limit) and the controls of one message are distinct, so ids are unique per message.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

MAX_CUSTOM_ID = 100


class GameAction(enum.StrEnum):
    """The controls of a game message. The values are part of the stored custom_ids: never rename them."""

    ROLL = "roll"
    DOUBLE = "double"
    TAKE = "take"
    DROP = "drop"
    BEAVER = "beaver"
    ACCEPT_BEAVER = "baccept"
    REFUSE_BEAVER = "brefuse"
    PICK = "pick"  # a checker chosen: show the dice it can use (start)
    BACK = "back"  # back from the dice to the checkers
    STEP = "step"  # move one checker by one die (start, die)
    UNDO = "undo"
    DONE = "done"
    ACCEPT_RESIGNATION = "raccept"
    DECLINE_RESIGNATION = "rdecline"
    CLAIM = "claim"
    REMATCH = "rematch"  # under a finished match (issue 20)


class ChallengeAction(enum.StrEnum):
    ACCEPT = "accept"
    DECLINE = "decline"
    CANCEL = "cancel"


_ACTIONS = "|".join(action.value for action in GameAction)
GAME_TEMPLATE = re.compile(
    rf"bg:(?P<match>[0-9]{{1,20}}):(?P<version>[0-9]{{1,12}}):(?P<action>{_ACTIONS})"
    r"(?::(?P<start>[0-9]{1,2}))?(?::(?P<die>[1-6]))?"
)
CHALLENGE_TEMPLATE = re.compile(
    r"bgc:(?P<challenge>[0-9]{1,20}):(?P<action>" + "|".join(a.value for a in ChallengeAction) + ")(?P<thread>:t)?"
)


@dataclass(frozen=True, slots=True)
class GameControl:
    """One control of a game message: which match, the version it was drawn for, and what it does."""

    match_id: int
    version: int
    action: GameAction
    start: int | None = None
    die: int | None = None

    def __post_init__(self) -> None:
        needs_start = self.action in (GameAction.PICK, GameAction.STEP)
        if needs_start != (self.start is not None):
            raise ValueError(f"{self.action.value} {'needs' if needs_start else 'takes no'} start point")
        if (self.action is GameAction.STEP) != (self.die is not None):
            raise ValueError(f"{self.action.value}: a die goes with a step and only with a step")
        if self.start is not None and not 1 <= self.start <= 25:
            raise ValueError(f"start point {self.start} is not on the board")

    @property
    def custom_id(self) -> str:
        parts = ["bg", str(self.match_id), str(self.version), self.action.value]
        if self.start is not None:
            parts.append(str(self.start))
        if self.die is not None:
            parts.append(str(self.die))
        text = ":".join(parts)
        if len(text) > MAX_CUSTOM_ID:
            raise ValueError(f"custom_id too long: {text!r}")
        return text

    @classmethod
    def from_match(cls, match: re.Match[str]) -> GameControl:
        start, die = match["start"], match["die"]
        return cls(
            int(match["match"]),
            int(match["version"]),
            GameAction(match["action"]),
            None if start is None else int(start),
            None if die is None else int(die),
        )

    @classmethod
    def parse(cls, custom_id: str) -> GameControl:
        """The control a custom_id encodes; ValueError when it is not one of ours."""
        match = GAME_TEMPLATE.fullmatch(custom_id)
        if match is None:
            raise ValueError(f"not a game control: {custom_id!r}")
        return cls.from_match(match)


@dataclass(frozen=True, slots=True)
class ChallengeControl:
    """A challenge button. `in_thread` rides on Accept: the thread must exist before the match starts in it."""

    challenge_id: int
    action: ChallengeAction
    in_thread: bool = False

    @property
    def custom_id(self) -> str:
        return f"bgc:{self.challenge_id}:{self.action.value}{':t' if self.in_thread else ''}"

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ChallengeControl:
        return cls(int(match["challenge"]), ChallengeAction(match["action"]), match["thread"] is not None)

    @classmethod
    def parse(cls, custom_id: str) -> ChallengeControl:
        match = CHALLENGE_TEMPLATE.fullmatch(custom_id)
        if match is None:
            raise ValueError(f"not a challenge control: {custom_id!r}")
        return cls.from_match(match)
