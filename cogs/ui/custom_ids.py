"""What a button means, written into its custom_id so that it keeps working after a restart.

Views hold no game state: a game control carries the match id, the state version the player saw and the
control (plus the point and die for moving, or a whole play in notation). A click from an older state is
refused as out of date instead of acting on a board the player did not see. The select menu of whole plays
carries the match id and version; the chosen option's value is the play in notation (R10.1), so a choice never
depends on the order of a list. Challenge buttons carry the challenge id. Every id is 1-100 characters
(Discord's limit) and the controls of one message are distinct, so ids are unique per message.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from bot.engine import actions

MAX_CUSTOM_ID = 100


class GameAction(enum.StrEnum):
    """The controls of a game message that ask the engine for no action of their own. A control that asks for one
    carries the action's type (`GameControl.action`), written as its word (bot.engine.actions.BY_WORD). The values
    are part of the stored custom_ids: never rename them, and no value is an action's word."""

    PICK = "pick"  # a checker chosen: show the dice it can use (start)
    BACK = "back"  # back from the dice to the checkers
    REMATCH = "rematch"  # under a finished match: a new match, not an action in this one
    RESIGN_SINGLE = "rsingle"  # the private choice after Resign: offer a single game, a gammon, a backgammon (R7.4)
    RESIGN_GAMMON = "rgammon"
    RESIGN_BACKGAMMON = "rbackgammon"
    MOVES = "moves"  # the match's move list so far, answered privately to whoever asks
    LIVE = "live"  # open the live board, a Discord Activity (cogs/live.py), where it is set up


#: The engine's actions that no control asks for, and why; every other action has a control (tests/cogs/
#: test_control_registry.py proves it).
NO_CONTROL: dict[type[actions.Action], str] = {
    actions.Timeout: "nobody asks for it: the service stores it when a player's match clock runs out",
    actions.Abort: "not from a board: a tournament's organiser or a deleted channel ends a match with no result",
}
#: The actions a control asks for, by their words: what a custom id may name besides a GameAction.
ACTION_WORDS: dict[str, type[actions.Action]] = {
    word: cls for word, cls in actions.BY_WORD.items() if cls not in NO_CONTROL
}
#: What a control does: an engine action (by its type) or one of the other controls.
ControlAction = GameAction | type[actions.Action]


class ChallengeAction(enum.StrEnum):
    ACCEPT = "accept"
    DECLINE = "decline"
    CANCEL = "cancel"
    SEED = "seed"  # accept with one's own seed for the dice: opens a short form first


#: A play in notation as written by the engine (R10.1): `24/13`, `bar/22* 13/7(2)`, `6/off`. Always holds a `/`,
#: so it cannot be mistaken for a point number.
PLAY_TEXT = r"[0-9a-z() *]{0,60}/[0-9a-z/*() ]{0,60}"
MAX_PLAY_TEXT = 100

_WORDS = "|".join([*(action.value for action in GameAction), *ACTION_WORDS])
_PLAY = f":{actions.Move.word}"  # a whole play's control: the play in notation follows its word
GAME_TEMPLATE = re.compile(
    rf"bg:(?P<match>[0-9]{{1,20}}):(?P<version>[0-9]{{1,12}}):(?P<action>{_WORDS})"
    rf"(?:(?<!{_PLAY}):(?P<start>[0-9]{{1,2}})(?::(?P<die>[1-6]))?)?"  # a point (and a die), never after a play's word
    rf"(?:(?<={_PLAY}):(?P<play>{PLAY_TEXT}))?(?<!{_PLAY})"  # a play's word always has its play
)
#: The select menus of whole plays (part 2, 3 ... when one menu cannot hold them all); distinct from every game
#: button's id (`plays` is no control's word).
PLAY_SELECT_TEMPLATE = re.compile(r"bg:(?P<match>[0-9]{1,20}):(?P<version>[0-9]{1,12}):plays(?::(?P<part>[2-9]))?")
CHALLENGE_TEMPLATE = re.compile(
    r"bgc:(?P<challenge>[0-9]{1,20}):(?P<action>" + "|".join(a.value for a in ChallengeAction) + ")(?P<thread>:t)?"
)


@dataclass(frozen=True, slots=True)
class GameControl:
    """One control of a game message: which match, the version it was drawn for, and what it does."""

    match_id: int
    version: int
    action: ControlAction
    start: int | None = None
    die: int | None = None
    play: str | None = None  # a whole play's control (Move) only: the play in notation

    def __post_init__(self) -> None:
        word = self.word
        if not isinstance(self.action, GameAction) and ACTION_WORDS.get(word) is not self.action:
            raise ValueError(f"no control asks for {word}")
        needs_start = self.action in (GameAction.PICK, actions.MoveChecker)
        if needs_start != (self.start is not None):
            raise ValueError(f"{word} {'needs' if needs_start else 'takes no'} start point")
        if (self.action is actions.MoveChecker) != (self.die is not None):
            raise ValueError(f"{word}: a die goes with a step and only with a step")
        if self.start is not None and not 1 <= self.start <= 25:
            raise ValueError(f"start point {self.start} is not on the board")
        if (self.action is actions.Move) != (self.play is not None):
            raise ValueError(f"{word}: a play goes with a whole play and only with it")
        if self.play is not None and not 1 <= len(self.play) <= MAX_PLAY_TEXT:
            raise ValueError(f"a play of {len(self.play)} characters is no play")

    @property
    def word(self) -> str:
        """What the custom id calls the control: a GameAction's value or the action's word."""
        return self.action.value if isinstance(self.action, GameAction) else self.action.word

    @property
    def custom_id(self) -> str:
        parts = ["bg", str(self.match_id), str(self.version), self.word]
        if self.start is not None:
            parts.append(str(self.start))
        if self.die is not None:
            parts.append(str(self.die))
        if self.play is not None:
            parts.append(self.play)
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
            control_action(match["action"]),
            None if start is None else int(start),
            None if die is None else int(die),
            match["play"],
        )

    @classmethod
    def parse(cls, custom_id: str) -> GameControl:
        """The control a custom_id encodes; ValueError when it is not one of ours."""
        match = GAME_TEMPLATE.fullmatch(custom_id)
        if match is None:
            raise ValueError(f"not a game control: {custom_id!r}")
        return cls.from_match(match)


def control_action(word: str) -> ControlAction:
    """What the control of this word does; ValueError for a word no control carries."""
    if word in ACTION_WORDS:
        return ACTION_WORDS[word]
    return GameAction(word)


@dataclass(frozen=True, slots=True)
class PlaySelectControl:
    """A select menu of the whole plays of a turn: which match, the version it was drawn for, and which part of
    the plays it holds (1 unless they need several menus). The play comes with the interaction (the chosen
    option's value), so `chosen` turns it into a whole play's control."""

    match_id: int
    version: int
    part: int = 1

    def __post_init__(self) -> None:
        if not 1 <= self.part <= 9:
            raise ValueError(f"part {self.part} of the plays is not 1-9")

    @property
    def custom_id(self) -> str:
        suffix = "" if self.part == 1 else f":{self.part}"
        return f"bg:{self.match_id}:{self.version}:plays{suffix}"

    def chosen(self, play: str) -> GameControl:
        """The control for the option chosen; ValueError for a value that cannot be a play."""
        return GameControl(self.match_id, self.version, actions.Move, play=play)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> PlaySelectControl:
        part = match["part"]
        return cls(int(match["match"]), int(match["version"]), 1 if part is None else int(part))

    @classmethod
    def parse(cls, custom_id: str) -> PlaySelectControl:
        match = PLAY_SELECT_TEMPLATE.fullmatch(custom_id)
        if match is None:
            raise ValueError(f"not a play menu: {custom_id!r}")
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


class TutorAction(enum.StrEnum):
    """The answers to a tutor's note (bot.service.tutor); part of the stored custom ids: never rename them."""

    KEEP = "keep"
    UNDO = "undo"


TUTOR_TEMPLATE = re.compile(
    r"bgt:(?P<match>[0-9]{1,20}):(?P<version>[0-9]{1,12}):(?P<note>[0-9]{1,20}):(?P<action>keep|undo)"
)


@dataclass(frozen=True, slots=True)
class TutorControl:
    """Keep or Undo under a tutor's private note: the match, the version the decision was held at, and the note."""

    match_id: int
    version: int
    note_id: int
    action: TutorAction

    @property
    def custom_id(self) -> str:
        return f"bgt:{self.match_id}:{self.version}:{self.note_id}:{self.action.value}"

    @classmethod
    def from_match(cls, match: re.Match[str]) -> TutorControl:
        return cls(int(match["match"]), int(match["version"]), int(match["note"]), TutorAction(match["action"]))
