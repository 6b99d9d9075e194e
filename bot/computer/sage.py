"""The one place that imports bgsage: its analyzers, one per depth, kept for the life of the process.

bgsage ships compiled wheels for a few platforms only. When it cannot be imported, `available()` is False,
`unavailable_reason()` says why, and nothing else in the bot changes: the computer commands refuse politely.
The answers are plain tuples and floats, so the rest of bot.computer does not depend on bgsage's types.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.computer.cube_equities import CubeEquities
from bot.computer.uncached import without_position_cache
from bot.i18n import N_

_T = TypeVar("_T")

#: bgsage's function that turns one 1-ply candidate's cubeless equity into a cubeful one: a few calls into its
#: compiled part, microseconds each.
CHEAP_CONVERSION = "_convert_move_legacy"


class InlineCheapConversions(ThreadPoolExecutor):
    """bgsage's thread pools, except for its 1-ply cubeful conversions, which run inline. bgsage hands those to a
    pool of at least two threads for every checker play, whatever it is told to use: handing each candidate
    between threads cost 4-6 times the play itself (1,500 opening plays at 1-ply: 2.7 s of CPU, 0.4-0.7 s
    inline, the same plays). The deeper levels' pools, whose work is real, keep their threads."""

    def map(
        self, fn: Callable[..., _T], *iterables: Iterable[Any], timeout: float | None = None, chunksize: int = 1
    ) -> Iterator[_T]:
        if getattr(fn, "__name__", "") == CHEAP_CONVERSION:
            return map(fn, *iterables)
        return super().map(fn, *iterables, timeout=timeout, chunksize=chunksize)


@dataclass(frozen=True)
class _Engine:
    bgsage: Any
    analyzer: Any  # bgsage.analyzer
    cpp: Any  # bgbot_cpp, bgsage's compiled part


_loaded: list[_Engine | BaseException] = []


def _load() -> _Engine | None:
    """bgsage, imported on first use rather than with this module: the processes that only read its plain types
    (the analysis's pictures in a drawing process) or never evaluate do not carry it (9 MB). None when it cannot
    be imported (`unavailable_reason` says why)."""
    if not _loaded:
        try:
            import bgbot_cpp
            import bgsage
            import bgsage.analyzer

            bgsage.analyzer.ThreadPoolExecutor = InlineCheapConversions
            _loaded.append(_Engine(bgsage, bgsage.analyzer, bgbot_cpp))
        except Exception as error:  # ImportError, or OSError when its compiled part cannot load
            _loaded.append(error)
    found = _loaded[0]
    return found if isinstance(found, _Engine) else None


def _engine() -> _Engine:
    engine = _load()
    if engine is None:
        raise RuntimeError(NOT_AVAILABLE)
    return engine


#: Threads bgsage may use for one N-ply search (the setting COMPUTER_THREADS, given to each worker as it starts:
#: `use_threads`). bgsage itself raises it to at least 2 for 2-ply and deeper (world-class); the 1-ply levels
#: (beginner to expert) use one core.
THREADS = 1


def use_threads(threads: int) -> None:
    """In a worker process, as it starts: the threads its N-ply searches may use from now on."""
    global THREADS
    THREADS = threads


#: The refusal of every computer command where bgsage is missing (marked: shown in the member's language).
NOT_AVAILABLE = N_("The computer opponent is not available on this server (its engine, bgsage, is not installed).")


def available() -> bool:
    return _load() is not None


def unavailable_reason() -> str:
    error = None if available() else _loaded[0]
    return "" if error is None else f"{type(error).__name__}: {error}"


@dataclass(frozen=True, slots=True)
class CubeState:
    """The cube and score as bgsage sees them, from the side whose board is given."""

    value: int = 1
    owner: str = "centered"  # "centered", "player" (the side on roll) or "opponent"
    away: tuple[int, int] = (0, 0)  # points each side still needs; (0, 0) in a money game
    crawford: bool = False
    jacoby: bool = False
    beavers: bool = False

    def arguments(self) -> dict[str, Any]:
        return {
            "away1": self.away[0],
            "away2": self.away[1],
            "is_crawford": self.crawford,
            "jacoby": self.jacoby,
            "beaver": self.beavers,
        }


@dataclass(frozen=True, slots=True)
class Probabilities:
    """win, gammon win, backgammon win, gammon loss, backgammon loss (the gammons include backgammons)."""

    win: float
    gammon_win: float
    backgammon_win: float
    gammon_loss: float
    backgammon_loss: float

    def inverted(self) -> Probabilities:
        return Probabilities(
            1.0 - self.win, self.gammon_loss, self.backgammon_loss, self.gammon_win, self.backgammon_win
        )


@dataclass(frozen=True, slots=True)
class RankedMove:
    board: tuple[int, ...]  # after the move, seen from the player who moved
    equity: float  # cubeful where bgsage can, per unit of cube
    probs: Probabilities  # after the move, the mover's


@dataclass(frozen=True, slots=True)
class CubeAnswer:
    """bgsage's cube analysis of a position before the roll, from the side on roll (per unit of cube)."""

    no_double: float
    double_take: float
    double_pass: float
    should_double: bool
    should_take: bool
    beaver: bool  # the taker would beaver (money games with beavers)
    probs: Probabilities


_analyzers: dict[int, Any] = {}


def _analyzer(plies: int) -> Any:
    engine = _engine()
    analyzer = _analyzers.get(plies)
    if analyzer is None:
        analyzer = engine.bgsage.BgBotAnalyzer(eval_level=f"{plies}ply", parallel_threads=THREADS)
        without_position_cache(analyzer)
        _analyzers[plies] = analyzer
    return analyzer


def _probs(value: Any) -> Probabilities:
    return Probabilities(
        float(value.win),
        float(value.gammon_win),
        float(value.backgammon_win),
        float(value.gammon_loss),
        float(value.backgammon_loss),
    )


def checker_play(plies: int, board: tuple[int, ...], dice: tuple[int, int], cube: CubeState) -> list[RankedMove]:
    """Every play bgsage finds for this roll, best first."""
    result = _analyzer(plies).checker_play(list(board), dice[0], dice[1], cube.value, cube.owner, **cube.arguments())
    return [RankedMove(tuple(map(int, move.board)), float(move.equity), _probs(move.probs)) for move in result.moves]


def after_move(plies: int, board: tuple[int, ...], cube: CubeState) -> tuple[float, Probabilities]:
    """The cubeful equity and probabilities of a board just after a move, for the player who moved."""
    arguments = cube.arguments()
    del arguments["beaver"]
    result = _analyzer(plies).post_move_analytics(list(board), cube.owner, cube.value, **arguments)
    return float(result.cubeful_equity), _probs(result.probs)


def cube_action(plies: int, board: tuple[int, ...], cube: CubeState) -> CubeAnswer:
    if plies == 1:
        return one_ply_cube_action(board, cube)
    return bgsages_cube_action(_analyzer(plies), board, cube)


def bgsages_cube_action(analyzer: Any, board: tuple[int, ...], cube: CubeState) -> CubeAnswer:
    """The cube decision as `analyzer`, one of bgsage's, makes it (at 1 ply: loading its nets again)."""
    result = analyzer.cube_action(list(board), cube.value, cube.owner, **cube.arguments())
    return CubeAnswer(
        float(result.equity_nd),
        float(result.equity_dt),
        float(result.equity_dp),
        bool(result.should_double),
        bool(result.should_take),
        bool(result.is_beaver),
        _probs(result.probs),
    )


def one_ply_cube_action(board: tuple[int, ...], cube: CubeState) -> CubeAnswer:
    """bgsage's 1-ply cube decision (its evaluate_cube_decision_unified, step by step) with the net the 1-ply
    analyzer holds. bgsage's own call loads its nets from disk again on every decision: 40-60 ms where this
    takes well under one. The same answers, float for float (tests/computer/test_sage_cube.py); it reaches into
    bgsage's internals as share_one_ply does, and leaves the decision to bgsage where they are not as expected."""
    analyzer = _analyzer(1)
    strategy = getattr(getattr(getattr(analyzer, "_analyzer", None), "_inner", None), "_strategy_1ply", None)
    if strategy is None:  # another bgsage version: its own (slower) call
        return bgsages_cube_action(analyzer, board, cube)
    engine = _engine()
    cpp, listed = engine.cpp, list(board)
    flipped = cpp.flip_board(listed)  # the position as its opponent just left it
    before_roll = cpp.invert_probs_py(strategy.evaluate_board(flipped, flipped)["probs"])
    efficiency = cpp.cube_efficiency(before_roll, cpp.is_race(listed), *cpp.pip_counts(listed))
    money = cube.away == (0, 0)
    owner = engine.analyzer.resolve_owner(cube.owner)
    away1, away2 = cube.away
    decided = cpp.cube_decision_1ply(
        before_roll, cube.value, owner, efficiency, away1, away2, cube.crawford, cube.jacoby and money
    )
    double_take, double_pass = decided.equity_dt, decided.equity_dp
    beaver = cube.beavers and money and double_take < 0.0  # bgsage's binding leaves beavers out: its rule, here
    if beaver:
        double_take *= 2.0  # the beavered cube: exact in single precision, as bgsage computes it
    return CubeAnswer(
        float(decided.equity_nd),
        float(double_take),
        float(double_pass),
        min(double_take, double_pass) > decided.equity_nd if beaver else bool(decided.should_double),
        double_take <= double_pass if beaver else bool(decided.should_take),
        beaver,
        _probs(engine.bgsage.Probabilities.from_list(before_roll)),  # bgsage clamps them so
    )


def cube_is_live(cube: CubeState) -> bool:
    """Whether doubling can change anything at this score (not in the Crawford game, not a dead cube)."""
    if cube.away == (0, 0):
        return cube.owner != "opponent"
    return bool(_engine().bgsage.can_double_match(cube.away[0], cube.away[1], cube.value, cube.owner, cube.crawford))


# --- match analysis (bot.analysis) -------------------------------------------------------------------

#: One roll's equity in a cube analysis's details: (die1, die2, cubeful equity of its best play, weight).
RollEquity = tuple[int, int, float, int]


def ranked_plays(
    plies: int, board: tuple[int, ...], dice: tuple[int, int], cube: CubeState, force: tuple[tuple[int, ...], ...] = ()
) -> list[RankedMove]:
    """Every play, best first, with the boards in `force` (the play made) always evaluated at full depth:
    bgsage ranks every play at 1 ply and searches the best few (and the forced ones) at `plies`."""
    result = _analyzer(plies).checker_play(
        list(board),
        dice[0],
        dice[1],
        cube.value,
        cube.owner,
        force_boards=[list(b) for b in force] or None,
        **cube.arguments(),
    )
    return [RankedMove(tuple(map(int, move.board)), float(move.equity), _probs(move.probs)) for move in result.moves]


def cube_with_rolls(plies: int, board: tuple[int, ...], cube: CubeState) -> tuple[CubeEquities, list[RollEquity]]:
    """The cube analysis at `plies` (at least 2) and, from the same search, each of the 21 rolls' equity after its
    best play (one ply less deep): the luck of the roll that came costs nothing more. At 2 plies with the nets
    the analyzer holds (bot.computer.two_ply: bgsage's own call builds them again each time, most of its cost)."""
    held = _held_two_ply() if plies <= 2 else None
    if held is not None:
        from bot.computer.two_ply import Unreproducible

        try:
            done = held.analyse(board, two_ply_state(cube))
        except Unreproducible:
            return bgsages_cube_with_rolls(_analyzer(max(2, plies)), board, cube)
        return done.equities, [(low, high, equity, 1 if low == high else 2) for low, high, equity in done.rolls]
    return bgsages_cube_with_rolls(_analyzer(max(2, plies)), board, cube)


def two_ply_state(cube: CubeState) -> Any:
    """`cube` as bot.computer.two_ply takes it (a two_ply.Cube): bgsage plays matches without Jacoby and beavers."""
    from bot.computer.two_ply import Cube

    money = cube.away == (0, 0)
    owner = _engine().analyzer.resolve_owner(cube.owner)
    return Cube(cube.value, owner, cube.away, cube.crawford, cube.jacoby and money, cube.beavers and money)


_two_ply: list[Any] = []


def _held_two_ply() -> Any:
    """bot.computer.two_ply's analysis with the nets of bgsage's 2-ply analyzer, or None where bgsage is not as
    expected (another version: its own call then). In a process that holds the 1-ply analyzer already (the
    computer's worker, judging for the tutor), with that one's net: the same net as the 2-ply analyzer ranks with
    (see share_one_ply), and no second copy of the nets (about 50 MB)."""
    if not _two_ply:
        source = _analyzers.get(2) or _analyzers.get(1) or _analyzer(2)
        inner = getattr(getattr(source, "_analyzer", None), "_inner", None)
        net = getattr(inner, "_strategy_1ply", None)
        held = None
        # bgsage ranks plays another way with a GamePlanStrategy net
        cpp = _engine().cpp
        if net is not None and not isinstance(net, cpp.GamePlanStrategy):
            from bot.computer.two_ply import TwoPly

            held = TwoPly(cpp, net)
        _two_ply.append(held)
    return _two_ply[0]


def bgsages_cube_with_rolls(
    analyzer: Any, board: tuple[int, ...], cube: CubeState
) -> tuple[CubeEquities, list[RollEquity]]:
    """cube_with_rolls as bgsage's own call makes it (building its nets again)."""
    result = analyzer.cube_action(list(board), cube.value, cube.owner, incl_2ply_details=True, **cube.arguments())
    answer = CubeEquities(
        float(result.equity_nd),
        float(result.equity_dt),
        float(result.equity_dp),
        bool(result.should_double),
        bool(result.should_take),
        bool(result.is_beaver),
    )
    rolls = [
        (
            int(entry["die1"]),
            int(entry["die2"]),
            float(entry["cubeful_equity"]),
            1 if entry["die1"] == entry["die2"] else 2,
        )
        for entry in (result.details or {}).get("nd") or []
    ]
    return answer, rolls


def roll_luck(rolls: list[RollEquity], dice: tuple[int, int], *, opening: bool) -> float | None:
    """How much better the roll that came is than the average roll (bgsage.luck_from_equities), or None."""
    bgsage = _engine().bgsage
    per_roll = [bgsage.RollEquity(die1=a, die2=b, equity=equity, weight=weight) for a, b, equity, weight in rolls]
    result = bgsage.luck_from_equities(per_roll, dice[0], dice[1], ply=1, level_label="1-ply", is_opening_roll=opening)
    return None if result is None else float(result.luck)


def share_one_ply() -> bool:
    """Make the 1-ply analyzer of the 2-ply one's own 1-ply net and bearoff database (the analysis worker uses
    both depths: one copy of the 24 nets, 18 MB, and of the database, 5 MB, less). bgsage ranks the plays of a
    2-ply search with that very net, so the answers are the same. It reaches into bgsage's internals: when they
    are not as expected (another version), nothing changes and it returns False. True again once shared."""
    engine = _load()
    if _one_ply_shared:
        return True
    if engine is None or 1 in _analyzers:
        return False
    try:
        from bgsage.analyzer import _CubefulAnalyzer, _OnePlyAnalyzer

        deep = _analyzer(2)
        inner = deep._analyzer._inner
        one = _OnePlyAnalyzer.__new__(_OnePlyAnalyzer)
        one._weights, one._strategy_1ply, one._bearoff_db = inner._weights, inner._strategy_1ply, inner._bearoff_db
        shared = engine.bgsage.BgBotAnalyzer.__new__(engine.bgsage.BgBotAnalyzer)
        shared.__dict__.update(deep.__dict__)
        shared._eval_level = "1ply"
        shared._analyzer = _CubefulAnalyzer(one)
    except (ImportError, AttributeError, TypeError):
        return False
    _analyzers[1] = shared
    _one_ply_shared.append(True)
    return True


_one_ply_shared: list[bool] = []
