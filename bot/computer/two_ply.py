"""bgsage's 2-ply cube analysis with each roll's equity (what `BgBotAnalyzer.cube_action(...,
incl_2ply_details=True)` runs at 2 plies: cube_decision_nply_with_details in its compiled part), step by step
with the nets bgsage's 2-ply analyzer holds. bgsage's own call builds its 24 nets again on every call (about 40
of its 45-60 ms) and searches the probabilities before the roll at 2 plies apart (which the analysis does not
read); this makes one batched net call per analysis instead. The same answers, float for float
(tests/computer/test_sage_two_ply.py): each step is bgsage's, in single precision, in the order its compiled code
runs it (its `-ffast-math` build turns `x / 36` into `x * (1 / 36)`, and `1 - x / 36` into one fused
multiply-add). bot.computer.sage passes bgsage's compiled module and nets in, and asks bgsage itself where
`Unreproducible` is raised.

For each of the 21 rolls bgsage takes the play its net rates best (after pubeval keeps the best 15 of more
than 16), then values the position after it for the opponent at 1 ply: the net's probabilities, Janowski's
conversion in each cube state with the opponent's own cube decision, averaged over the rolls."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import numpy as np

from bot.computer.cube_equities import CubeEquities
from bot.computer.pubeval import pubeval

F32 = np.float32
#: bgsage's 21 rolls in its order, with their weights out of 36.
ROLLS = (
    *((die, die, 1) for die in range(1, 7)),
    *((low, high, 2) for low in range(1, 6) for high in range(low + 1, 7)),
)
#: The plays pubeval ranks first when a roll has more than PREFILTER of them.
PREFILTER, KEEP = 16, 15
_ONE_36TH = F32(1.0) / F32(36.0)
_TERMINAL = {1: (1, 0, 0, 0, 0), 2: (1, 1, 0, 0, 0), 3: (1, 1, 1, 0, 0)}


class Unreproducible(Exception):
    """A step whose single-precision value this cannot recover exactly: bgsage's own call answers."""


@dataclass(frozen=True, slots=True)
class Cube:
    """bgsage's CubeInfo: `owner` one of its CubeOwner values, from the side on roll."""

    value: int
    owner: Any
    away: tuple[int, int]
    crawford: bool
    jacoby: bool
    beaver: bool

    @property
    def money(self) -> bool:
        return self.away == (0, 0)


@dataclass(frozen=True, slots=True)
class Analysis:
    """What bgsage's call answers (per unit of cube, from the side on roll), but the probabilities."""

    equities: CubeEquities
    rolls: list[tuple[int, int, float]]  # each roll's equity after its best play (bgsage's "nd" details)
    plays: list[tuple[int, ...]]  # each roll's best play (the position itself where none is possible)


@dataclass(frozen=True, slots=True)
class Fixed:
    """A roll whose best play ends the game: the opponent's values in the four states, the roll's equity."""

    values: list[np.float32]
    equity: np.float32


@dataclass(frozen=True, slots=True)
class Leaf:
    """A roll the opponent answers: Janowski's values in the four states and their doubled ones (`expanded`,
    None where there is none), each one value or the neighbouring chances it may be."""

    options: list[tuple[np.float32, ...]]
    expanded: list[Cube | None]

    def collapse(self, analysis: TwoPly, values: list[np.float32]) -> list[np.float32]:
        """The four states' values with the roller's cube decision (bgbot's get_ecf3)."""
        return [
            values[index]
            if self.expanded[index + 1] is None
            else analysis.with_cube(values[index], values[index + 1], state)
            for index, state in zip(range(0, 8, 2), self.expanded[::2], strict=True)
        ]


def _f32(exact: Fraction) -> np.float32:
    """The single-precision float nearest to `exact`, ties to even (one rounding, as the hardware's)."""
    near = F32(float(exact))
    candidates = (np.nextafter(near, F32(-np.inf)), near, np.nextafter(near, F32(np.inf)))
    return min(candidates, key=lambda value: (abs(Fraction(float(value)) - exact), int(value.view(np.int32)) & 1))


def _finished(board: list[int]) -> bool:
    """The side that just moved has borne off its last checker (the only way a play ends the game)."""
    return max(board[1:]) <= 0


def _invert(probs: list[np.float32]) -> list[np.float32]:
    return [F32(1.0) - probs[0], probs[3], probs[4], probs[1], probs[2]]


def _clamp(probs: list[np.float32], board: list[int], race: bool) -> list[np.float32]:
    """bgbot's clamp_probs_to_board: gammons and backgammons the position rules out are exactly zero."""
    probs = list(probs)
    if board[25] + sum(count for count in board[1:25] if count > 0) < 15:
        probs[3] = probs[4] = F32(0.0)
    if board[0] - sum(count for count in board[1:25] if count < 0) < 15:
        probs[1] = probs[2] = F32(0.0)
    if (probs[4] != 0 or probs[2] != 0) and race:
        if probs[4] != 0 and board[25] + sum(count for count in board[19:25] if count > 0) == 0:
            probs[4] = F32(0.0)
        if probs[2] != 0 and board[0] - sum(count for count in board[1:7] if count < 0) == 0:
            probs[2] = F32(0.0)
    return probs


class TwoPly:
    """The analysis with the net bgsage holds: `net` its 1-ply strategy (with the bear-off database), `cpp` its
    compiled module."""

    def __init__(self, cpp: Any, net: Any) -> None:
        self.cpp, self.net = cpp, net
        owners = cpp.CubeOwner
        self._flipped_owner = {owners.CENTERED: owners.CENTERED, owners.PLAYER: owners.OPPONENT}
        self._flipped_owner[owners.OPPONENT] = owners.PLAYER

    def analyse(self, board: tuple[int, ...], cube: Cube) -> Analysis:
        """:raises Unreproducible: where a step's value cannot be recovered exactly."""
        listed = list(board)
        choices = self._choices(listed)
        probs = self._net_probs(listed, choices)
        states = (self._flip(cube), None, self._flip(self._doubled(cube)), None)
        plays = [
            (options[0] if len(options) == 1 else self._best(options, probs)) if options else listed
            for options in choices
        ]
        rolls = [self._roll(play, play is listed, probs, states, cube) for play in plays]
        # A chance recovered as one of its neighbours: every step after the conversion (the cube decisions, the
        # sums, the conversions back) never decreases with it, so the lowest and the highest choices bound every
        # other, and when they give the same answer it is bgsage's.
        answers = [self._finish(rolls, cube, choose) for choose in (min, max)]
        if answers[0] != answers[1]:
            raise Unreproducible("the winning chances recovered as one of their neighbours give different answers")
        return replace(answers[0], plays=[tuple(play) for play in plays])

    def _finish(self, rolls: list[Leaf | Fixed], cube: Cube, choose: Any) -> Analysis:
        """The decision and the rolls' equities from each roll's values (`choose`: min or max, which of its
        neighbours a chance recovered as one of several is taken to be)."""
        totals = [F32(0.0)] * 4
        equities = []
        for (low, high, weight), roll in zip(ROLLS, rolls, strict=True):
            if isinstance(roll, Fixed):
                values, equity = roll.values, roll.equity
            else:
                values = roll.collapse(self, [choose(options) for options in roll.options])
                equity = -values[0] if cube.money else F32(self._equity(F32(1.0) - values[0], cube))
            totals = [total + F32(weight) * value for total, value in zip(totals, values, strict=True)]
            equities.append((low, high, float(equity)))
        if cube.money:
            no_double, doubled = (total * -_ONE_36TH for total in (totals[0], totals[2]))
        else:  # 1 - x / 36 as one fused multiply-add
            no_double, doubled = (_f32(1 - Fraction(float(t)) * Fraction(float(_ONE_36TH))) for t in totals[::2])
        return self._decision(cube, no_double, doubled, equities, [])

    def _choices(self, board: list[int]) -> list[list[list[int]]]:
        """Each roll's plays that bgsage's net compares, in its order: pubeval's best 15 where there are more than
        16 (a play that ends the game always among them; pubeval in one call for all the rolls)."""
        plays: list[list[list[int]]] = [self.cpp.possible_moves(board, low, high) for low, high, _ in ROLLS]
        going_on = [play for options in plays if len(options) > PREFILTER for play in options if not _finished(play)]
        scores = iter(pubeval(going_on, self.cpp.is_race(board)) if going_on else [])
        choices = []
        for options in plays:
            if len(options) <= PREFILTER:
                choices.append(options)
                continue
            ranked = sorted(
                ((-1e30 if _finished(play) else -next(scores), index) for index, play in enumerate(options)),
            )
            choices.append([options[index] for _, index in ranked[:KEEP]])
        return choices

    def _net_probs(self, board: list[int], choices: list[list[list[int]]]) -> dict[tuple[int, ...], list[Any]]:
        """The net's probabilities (after the move) of every board the analysis needs, in one call: the plays
        compared, a forced play, and the position itself when a roll cannot be played."""
        boards: dict[tuple[int, ...], list[int]] = {}
        for options in choices:
            for play in options or [board]:
                if not _finished(play):
                    boards.setdefault(tuple(play), play)
        centered = self.cpp.CubeOwner.CENTERED
        answers = self.cpp.batch_evaluate_post_move([(play, centered) for play in boards.values()], self.net, 1)
        return {key: answer["probs"] for key, answer in zip(boards, answers, strict=True)}

    def _roll(
        self,
        play: list[int],
        stuck: bool,
        probs: dict[tuple[int, ...], list[Any]],
        states: tuple[Cube | None, ...],
        cube: Cube,
    ) -> Leaf | Fixed:
        """One roll, `play` its best play (`stuck`: none is possible, `play` the position itself)."""
        if not stuck and _finished(play):
            return self._game_over(play, states, cube)
        return self._leaf(self.cpp.flip_board(play), probs[tuple(play)], states)

    def _best(self, options: list[list[int]], probs: dict[tuple[int, ...], list[Any]]) -> list[int]:
        """The first of the plays with the highest cubeless equity by the net."""
        best, best_equity = options[0], F32(-1e30)
        for play in options:
            outcome = _TERMINAL[self.cpp.check_game_over(play)] if _finished(play) else probs[tuple(play)]
            equity = F32(self.cpp.cubeless_equity(outcome))
            if equity > best_equity:
                best, best_equity = play, equity
        return best

    def _game_over(self, play: list[int], states: tuple[Cube | None, ...], cube: Cube) -> Fixed:
        won = [float(p) for p in _TERMINAL[self.cpp.check_game_over(play)]]
        lost = [float(p) for p in _invert([F32(p) for p in won])]
        values = [F32(0.0) if state is None else self._cubeless(lost, state) for state in states]
        value = self._cubeless(won, cube)
        return Fixed(values, value if cube.money else F32(self._equity(value, cube)))

    def _cubeless(self, probs: list[float], state: Cube) -> np.float32:
        """A finished game's value in `state`: equity for money (gammons void under Jacoby), or the match-winning
        chance."""
        if state.money:
            return F32(2.0 * probs[0] - 1.0) if self._jacoby(state) else F32(self.cpp.cubeless_equity(probs))
        return F32(self.cpp.cubeless_mwc(probs, *state.away, state.value, state.crawford))

    def _leaf(self, position: list[int], after: list[float], states: tuple[Cube | None, ...]) -> Leaf:
        """bgbot's one-ply cubeful value of `position` before its roll (`after`: the net's probabilities of the
        position flipped) in each state, and in each state doubled where the roller may double."""
        race = self.cpp.is_race(position)
        before = [float(p) for p in _clamp(_invert([F32(p) for p in after]), position, race)]
        efficiency = self.cpp.cube_efficiency(before, race, *self.cpp.pip_counts(position))
        expanded: list[Cube | None] = []
        for state in states:
            expanded += [state, self._doubled(state) if state is not None and self._can_double(state) else None]
        return Leaf([self._janowski(before, state, efficiency) for state in expanded], expanded)

    def _janowski(self, probs: list[float], state: Cube | None, efficiency: float) -> tuple[np.float32, ...]:
        """The conversion's value in `state`: one, or the neighbouring chances that all give its equity."""
        if state is None:
            return (F32(0.0),)
        if state.money:
            return (F32(self.cpp.cl2cf_money(probs, state.owner, efficiency, jacoby_active=self._jacoby(state))),)
        if self._dead(state):  # bgbot's conversion gives the cubeless chance, which its binding gives as it is
            return (F32(self.cpp.cubeless_mwc(probs, *state.away, state.value, state.crawford)),)
        equity = self.cpp.cl2cf(probs, state.value, state.owner, efficiency, *state.away, state.crawford, False)
        return self._winning_chances(F32(equity), state)

    def _dead(self, state: Cube) -> bool:
        """bgbot's is_dead_cube at a match score: no doubling in the Crawford game, nor by a side that may double
        but already takes the match by winning at this cube."""
        if state.crawford:
            return True
        owners = self.cpp.CubeOwner
        player = bool(state.owner in (owners.CENTERED, owners.PLAYER)) and state.away[0] > state.value
        opponent = bool(state.owner in (owners.CENTERED, owners.OPPONENT)) and state.away[1] > state.value
        return not (player or opponent)

    def with_cube(self, held: np.float32, doubled: np.float32, state: Cube | None) -> np.float32:
        """The value with the cube decision of the side on roll: doubled (the opponent taking or passing,
        whichever is better for them) when that is at least as good as holding."""
        assert state is not None
        if state.money:
            doubled = F32(2.0) * doubled
            if state.beaver and doubled < 0:
                doubled = F32(2.0) * doubled
        passed = F32(1.0) if state.money else self._pass_chance(state)
        if doubled >= held and passed >= held:
            return passed if doubled >= passed else doubled
        return held

    def _decision(
        self,
        cube: Cube,
        no_double: np.float32,
        doubled: np.float32,
        rolls: list[tuple[int, int, float]],
        plays: list[tuple[int, ...]],
    ) -> Analysis:
        """bgbot's CubeDecision from the two values: money equities, or match-winning chances."""
        beaver = False
        if cube.money:
            take, passed = F32(2.0) * doubled, F32(1.0)
            beaver = bool(cube.beaver and take < 0)
            nd, dt, dp = no_double, F32(2.0) * take if beaver else take, passed
        else:
            passed = self._pass_chance(cube)
            nd, dt, dp = (F32(self._equity(value, cube)) for value in (no_double, doubled, passed))
        if not self._can_double(cube):
            double, take_it = False, True
        elif cube.money:
            double, take_it = bool(min(dt, dp) > nd), bool(dt <= dp)
        elif not cube.crawford and cube.away[0] > 1 and cube.away[1] == 1:  # the trailer doubles post-Crawford
            double, take_it = True, bool(doubled <= passed)
        else:
            double, take_it = bool(min(doubled, passed) > no_double), bool(doubled <= passed)
        equities = CubeEquities(float(nd), float(dt), float(dp), double, take_it, bool(beaver))
        return Analysis(equities, rolls, plays)

    def _jacoby(self, state: Cube) -> bool:
        return state.jacoby and state.money and bool(state.owner == self.cpp.CubeOwner.CENTERED)

    def _can_double(self, state: Cube) -> bool:
        if not state.money:
            return bool(self.cpp.can_double_match(*state.away, state.value, state.owner, state.crawford))
        return bool(state.owner != self.cpp.CubeOwner.OPPONENT)

    def _doubled(self, state: Cube) -> Cube:
        return replace(state, value=2 * state.value, owner=self.cpp.CubeOwner.OPPONENT)

    def _flip(self, state: Cube) -> Cube:
        """The state as the opponent sees it."""
        return replace(state, owner=self._flipped_owner[state.owner], away=state.away[::-1])

    def _equity(self, chance: np.float32, state: Cube) -> float:
        return float(self.cpp.mwc2eq(float(chance), *state.away, state.value, state.crawford))

    def _pass_chance(self, state: Cube) -> np.float32:
        """The match-winning chance when the opponent passes a double (bgbot's dp_mwc): winning the cube's
        points for sure."""
        return F32(self.cpp.cubeless_mwc([1.0, 0.0, 0.0, 0.0, 0.0], *state.away, state.value, state.crawford))

    def _winning_chances(self, equity: np.float32, state: Cube) -> tuple[np.float32, ...]:
        """The match-winning chances bgsage's conversion may have given before turning one into this equity (its
        binding gives only the equity): the single-precision values that mwc2eq turns into it. mwc2eq never
        decreases and stretches (its slope is 2 over a difference of two chances), so they are few neighbours,
        usually one."""
        value = F32(self.cpp.eq2mwc(float(equity), *state.away, state.value, state.crawford))
        for _ in range(16):
            got = F32(self._equity(value, state))
            if got == equity:
                break
            value = np.nextafter(value, F32(np.inf) if got < equity else F32(-np.inf))
        else:
            raise Unreproducible(f"no winning chance gives the equity {equity} in {state}")
        found = [value]
        for side in (F32(-np.inf), F32(np.inf)):
            neighbour = np.nextafter(value, side)
            while F32(self._equity(neighbour, state)) == equity:
                if len(found) == 64:  # a conversion that hardly depends on the chance
                    raise Unreproducible(f"too many winning chances give the equity {equity} in {state}")
                found.append(neighbour)
                neighbour = np.nextafter(neighbour, side)
        return tuple(found)
