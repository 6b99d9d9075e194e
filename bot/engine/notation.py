"""Reading plays written in notation (R10.1); writing them is `str(play)` in bot.engine.play.

A text is read into checker paths (`8/5*/1` is one checker through 5, `13/7(2)` two checkers), then the
paths are played out die by die on the board in every order; the legal play whose result they reach is the
answer. When none is reached, the message says why in a player's words.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Sequence

from bot.engine.errors import IllegalPlayError, InvalidPlayError
from bot.engine.legal import LegalPlays, dice_left, why_not
from bot.engine.movegen import HIT_BIT, STEPS, WEIGHT, Board, board_key, make_step, unmake_step
from bot.engine.play import BAR, NO_PLAY_TEXT, OFF, Play, Step, point_name
from bot.i18n.messages import N_, Message

Path = tuple[tuple[int, bool], ...]  # (point, a hit is marked there), starting with the start point

_POINT = re.compile(r"(bar|b|off|\d{1,2})(\*?)")
_REPEAT = re.compile(r"(.*?)\((\d+)\)")
_SPACES_AROUND_SLASH = re.compile(r"\s*/\s*")
_SPACES_BEFORE_MARK = re.compile(r"\s+(?=[*(])")


def _point_of(name: str) -> int:
    """The point a name `_POINT` matched stands for (over 25 for a number too high, refused by the caller)."""
    return BAR if name in ("bar", "b") else OFF if name == "off" else int(name)


#: Every ASCII spelling `_POINT` reads (`13`, `05`, `99`, `bar`, `b`, `off`, each with or without `*`), read once.
_POINT_NAMES: dict[str, tuple[int, bool]] = {
    name + star: (_point_of(name), bool(star))
    for name in ("bar", "b", "off", *(str(n) for n in range(100)), *(f"0{n}" for n in range(10)))
    for star in ("", "*")
}

#: A refusal quotes at most this much of what the player typed (Discord refuses messages over 2,000 characters).
QUOTE_LIMIT = 40


def _shown(text: str) -> str:
    """A piece of the player's text as quoted in a refusal: in quotes, cut short when long."""
    return f"'{text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 1] + chr(0x2026)}'"


def read_paths(text: str) -> list[Path]:
    """The checker paths a text names, a repeated one listed once per checker.

    :raises InvalidPlayError: for text that is not notation.
    :raises IllegalPlayError: for a step that goes backwards.
    """
    cleaned = " ".join(text.lower().replace(",", " ").split())  # each run of white space one space
    if " /" in cleaned or "/ " in cleaned or " *" in cleaned or " (" in cleaned:  # a step with spaces inside
        cleaned = _SPACES_BEFORE_MARK.sub("", _SPACES_AROUND_SLASH.sub("/", cleaned))
    paths: list[Path] = []
    for token in cleaned.split():
        count = 1
        repeat = _REPEAT.fullmatch(token) if token.endswith(")") else None
        if repeat:
            token, count = repeat.group(1), _repeat_count(repeat.group(2))
        parts = token.split("/")
        if len(parts) < 2:
            raise InvalidPlayError(
                N_("I can't read {text}: write steps like 24/18 13/11, bar/22*, 6/off or 13/7(2)"), text=_shown(token)
            )
        path = tuple(_read_point(part, token, first=index == 0) for index, part in enumerate(parts))
        for (start, _), (end, _) in itertools.pairwise(path):
            if end >= start:
                raise IllegalPlayError(
                    N_("{text} moves backwards: checkers move from higher points to lower ones, towards off"),
                    text=_shown(token),
                )
        paths.extend([path] * count)
    return paths


def _repeat_count(digits: str) -> int:
    """How many checkers a `(n)` after a step moves: 1 to 4. A longer number is refused before it is converted
    (Python converts at most 4,300 digits), quoted cut short."""
    digits = digits.lstrip("0") or "0"
    count = int(digits) if len(digits) <= 2 else 0
    if not 1 <= count <= 4:
        shown = digits if len(digits) <= QUOTE_LIMIT else digits[: QUOTE_LIMIT - 1] + chr(0x2026)
        raise InvalidPlayError(
            N_("'({count})' repeats a step {count} times: a turn has at most four moves"), count=shown
        )
    return count


def _read_point(part: str, token: str, *, first: bool) -> tuple[int, bool]:
    read = _POINT_NAMES.get(part)
    if read is None:  # not a usual spelling: the pattern decides (`\d` also reads other scripts' digits)
        match = _POINT.fullmatch(part)
        if not match:
            raise InvalidPlayError(
                N_(
                    "I can't read {part} in {text}: points are 1 to 24, bar or off; "
                    "write steps like 24/18 13/11, bar/22*, 6/off or 13/7(2)"
                ),
                part=_shown(part),
                text=_shown(token),
            )
        name, star = match.groups()
        read = (_point_of(name), bool(star))
    point, star = read
    if point > BAR:
        raise InvalidPlayError(
            N_("There is no point {point}: points are 1 to 24 (25 is the bar, 0 is off)"), point=point
        )
    if first and point == OFF:
        raise InvalidPlayError(N_("{text} starts from off: a borne-off checker never moves again"), text=_shown(token))
    if not first and point == BAR:
        raise InvalidPlayError(N_("{text} ends on the bar: only a hit sends a checker there"), text=_shown(token))
    if first and star:
        raise InvalidPlayError(
            N_("{text} marks a hit on its starting point; put '*' after the point where you hit"), text=_shown(token)
        )
    return read


class _Realizer:
    """Plays paths out die by die in every order, collecting the step sequences that do all of them."""

    def __init__(
        self, mover: Sequence[int], opponent: Sequence[int], dice: tuple[int, int], paths: list[Path], table: LegalPlays
    ):
        self.mover = mover
        self.opponent = opponent
        self.table = table
        self.marked = {point for path in paths for point, star in path if star}
        self.me: Board = list(mover)
        self.opp: Board = list(reversed(opponent))
        self.dice = dice
        self.paths = paths
        self.current = [path[0][0] for path in paths]
        self.next_index = [1] * len(paths)
        self.lengths = [len(path) for path in paths]
        self.kinds = [paths.index(path) for path in paths]  # checkers on equal paths share the first one's index
        self.key = board_key(tuple(mover))  # the result key (see movegen.result_key) of the steps made so far
        self.found: list[tuple[Step, ...]] = []
        self.failure: tuple[tuple[bool, int], Message] | None = None
        self.seen: set[tuple[int, ...]] = set()
        self.candidates: list[Play] = []
        self.answer: Play | None = None

    def run(self) -> None:
        self._extend(dice_left(self.dice), [])

    def _fail(self, depth: int, message: Message, *, by_rule: bool) -> None:
        """Keep the most telling reason: a rule that stops dice which fit the text (a blocked point, the bar)
        beats text that does not fit the dice; then the reason found furthest into the play wins."""
        rank = (by_rule, depth)
        if self.failure is None or rank > self.failure[0]:
            self.failure = (rank, message)

    def _extend(self, left: list[int], steps: list[Step]) -> None:
        # Where each checker is on its path, the key (the mover's board and the blots hit) and the dice left are
        # all that decides what follows: another order of the same steps that got here has the same outcomes.
        state = (*self.current, *self.next_index, self.key, *left)
        if self.answer is not None or state in self.seen:
            return
        self.seen.add(state)
        pending = [i for i, length in enumerate(self.lengths) if self.next_index[i] < length]
        if not pending:
            self._complete(tuple(steps))
            return
        if not left:
            roll = f"{self.dice[0]}-{self.dice[1]}"
            self._fail(
                len(steps), Message(N_("That is more than your roll of {roll} can move"), {"roll": roll}), by_rule=False
            )
            return
        tried: set[tuple[int, int, int]] = set()
        for i in pending:
            stage = (self.kinds[i], self.current[i], self.next_index[i])
            if stage in tried:  # two checkers on the same path and stage: trying one is enough
                continue
            tried.add(stage)
            self._advance(i, left, steps)
            if self.answer is not None:
                return

    def _complete(self, steps: tuple[Step, ...]) -> None:
        """All paths are played: keep the legal play they reach, and stop at one whose hits match the `*` marks."""
        self.found.append(steps)
        play = self.table.by_key.get(self.key)
        if play is None:
            return
        if {step.end for step in play.steps if step.hit} == self.marked:
            self.answer = play
        else:
            self.candidates.append(play)

    def _advance(self, i: int, left: list[int], steps: list[Step]) -> None:
        start = self.current[i]
        target = self.paths[i][self.next_index[i]][0]
        fits = False
        for die in sorted(set(left), reverse=True):
            landing = start - die
            if landing < target and not (target == OFF and landing < OFF):
                continue
            fits = True
            problem = why_not(self.me, self.opp, start, die)
            if problem:
                self._fail(len(steps), problem, by_rule=True)
                continue
            end = max(landing, OFF)
            hit = end > OFF and self.opp[end] == 1
            make_step(self.me, self.opp, start, end, hit)
            moved = WEIGHT[end] - WEIGHT[start] + (HIT_BIT[end] if hit else 0)
            self.key += moved
            self.current[i] = end
            if end == target:
                self.next_index[i] += 1
            rest = list(left)
            rest.remove(die)
            steps.append(STEPS[start][die][hit])
            self._extend(rest, steps)
            steps.pop()
            if end == target:
                self.next_index[i] -= 1
            self.current[i] = start
            self.key -= moved
            unmake_step(self.me, self.opp, start, end, hit)
            if self.answer is not None:
                return
        if not fits:
            segment_start = self.paths[i][self.next_index[i] - 1][0]
            text = f"{point_name(segment_start)}/{point_name(target)}"
            roll = f"{self.dice[0]}-{self.dice[1]}"
            why = Message(N_("With {roll} no die or sum of dice makes {steps}"), {"roll": roll, "steps": text})
            self._fail(len(steps), why, by_rule=False)


def parse_play(
    mover: Sequence[int], opponent: Sequence[int], dice: tuple[int, int], text: str, table: LegalPlays
) -> Play:
    """The play in `table` that `text` writes (see the module docstring); `dice` has the higher die first."""
    roll = f"{dice[0]}-{dice[1]}"
    if text.strip().lower() in ("", NO_PLAY_TEXT):
        if table.dice_used == 0:
            return table.plays[0]
        if text.strip():
            raise IllegalPlayError(N_("You can move with {roll}: for example {play}"), roll=roll, play=table.plays[0])
        raise InvalidPlayError(N_("Your play is empty: write steps like 24/18 13/11, bar/22*, 6/off or 13/7(2)"))
    realizer = _Realizer(mover, opponent, dice, read_paths(text), table)
    realizer.run()
    if realizer.answer is not None:
        return realizer.answer
    if realizer.candidates:
        return realizer.candidates[0]
    if not realizer.found:
        assert realizer.failure is not None
        failure = realizer.failure[1]
        raise IllegalPlayError(failure.template, **failure.params)
    too_few = _too_few_dice(dice, table, max(realizer.found, key=len))
    raise IllegalPlayError(too_few.template, **too_few.params)


def _too_few_dice(dice: tuple[int, int], table: LegalPlays, steps: tuple[Step, ...]) -> Message:
    """Why a play that can be made is still illegal: it leaves dice unplayed that must be played (R4, R4.6)."""
    high, low = dice
    roll = f"{high}-{low}"
    if table.dice_used == 0:
        return Message(N_("Nothing can be played with {roll}: your turn passes"), {"roll": roll})
    if table.single_die is not None and len(steps) == 1:
        if table.single_die == high:
            return Message(
                N_("With {roll} you must play the {die} when only one die can be played"), {"roll": roll, "die": high}
            )
        return Message(N_("With {roll} only the {die} can be played"), {"roll": roll, "die": low})
    example = _example(table, steps)
    if high != low:
        return Message(N_("You must play both dice: {play} is possible"), {"play": example})
    if table.dice_used == 4:
        return Message(N_("You must play all four {die}s: {play} is possible"), {"die": high, "play": example})
    return Message(
        N_("You must play {count} of your four {die}s: {play} is possible"),
        {"count": table.dice_used, "die": high, "play": example},
    )


def _example(table: LegalPlays, steps: tuple[Step, ...]) -> Play:
    """A legal play that keeps the player's own steps if one does, else the first legal play."""
    wanted = Counter((step.start, step.die) for step in steps)
    for play in table.plays:
        have = Counter((step.start, step.die) for step in play.steps)
        if not wanted - have:
            return play
    return table.plays[0]
