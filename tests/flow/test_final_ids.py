"""The IDs of a finished game and match are the ones GNU Backgammon shows (R10.2, issues 22 and 31).

gnubg shows a finished game in two ways. Once it reads the game's record (an imported .mat, a loaded match, any step
through the record) it shows the turn after a resignation with the player on roll (its record has no entry for the
offer) and the Crawford flag of the game itself; right after an `accept` typed into it, until it reads the record
again, it shows the turn with the acceptor and the Crawford flag of the next game. The project shows the first
(`GameWon.gnubg_id`, `Match.gnubg_id()` once the match is won), what players see when they open the bot's .mat
export in gnubg (issue 31).

Seeded random matches of every option are played here and checked both ways: exported as .mat and imported by
gnubg, whose IDs at the end of every game must equal the project's; and, at the end of every game, typed into gnubg
from the last state both agree on (see gnubg_live.py), whose IDs must equal the project's but for those two
fields. The corpus is checked to contain every way a game ends: bear-offs worth a single game, a gammon and a
backgammon, drops, refused beavers, each resignation before and after the roll, in Crawford games (ending the
match or not), after them, in money games with and without the Jacoby rule, and games after which the next one is
the Crawford game.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from dataclasses import dataclass

import pytest

from bot.engine import events as ev
from bot.engine.actions import (
    AcceptResignation,
    Action,
    Confirm,
    DeclineResignation,
    Double,
    Move,
    MoveChecker,
    Resign,
    Roll,
    Undo,
)
from bot.engine.dice import FixedDice
from bot.engine.game import Phase
from bot.engine.match import Match
from bot.engine.match_id import MatchIdFields
from bot.engine.options import MatchOptions
from bot.engine.outcome import OutcomeKind
from bot.engine.position import WinKind
from bot.records.mat import match_events, match_to_mat
from tests.flow.driver import SeededDice, random_action
from tests.flow.gnubg_live import commands_for, run_scripts
from tests.flow.scripted import set_up, start
from tests.flow.test_match_id import gnubg_match_id
from tests.records.gnubg_import import import_mats

MATCHES = 300
GNUBG_MAX_MONEY_CUBE = 4096


@dataclass(frozen=True)
class Ending:
    """One finished game: where gnubg starts from, what it is told, what the project shows at the end, and what
    gnubg shows right after the typed end (see the module docstring)."""

    pasted: str
    commands: tuple[str, ...]
    ours: str
    live: str
    kind: str


def options_for(seed: int) -> MatchOptions:
    rng = random.Random(-seed)
    if seed % 3 == 0:
        return MatchOptions.money(jacoby=rng.random() < 0.5, beavers=rng.random() < 0.6)
    return MatchOptions.match(rng.choice([1, 2, 3, 5, 7]))


def next_action(match: Match, rng: random.Random, resigned_this_turn: bool) -> Action:
    """A random action, kept to what gnubg's commands can say: whole plays (gnubg has no single steps), no
    double past gnubg's money limit (gnubg refuses it; a dead cube, R6.1, the engine refuses), no second offer
    after a declined one in the same turn (gnubg refuses it), and only a single game resigned while Jacoby
    applies (gnubg scores a resigned gammon in full there; R7.3 here counts it single, a deliberate difference).
    Resignations are likelier in money games and from the Crawford game on (likelier still before the roll after
    it, where only the trailer ever holds the dice unrolled), so that each kind is met there."""
    player = match.to_act
    assert player is not None
    action = random_action(match, rng, end_early=False)
    allowed = match.allowed(player)
    chance = 0.06 if match.crawford or match.crawford_done or match.options.is_money else 0.02
    if match.crawford_done and not match.crawford:
        chance = 0.5 if match.phase is Phase.ROLLING else 0.1
    if Resign in allowed and not resigned_this_turn and rng.random() < chance:
        kind = rng.choice(list(WinKind)) if not match.game.jacoby_applies() else WinKind.SINGLE
        return Resign(player, kind)
    if isinstance(action, MoveChecker | Undo | Confirm):
        return Move(player, rng.choice(match.legal_plays()))
    if isinstance(action, Double) and match.options.is_money and match.cube >= GNUBG_MAX_MONEY_CUBE:
        return Roll(player)
    return action


def kind_of(match: Match, crawford: bool, phase: Phase, won: ev.GameWon, events: list[ev.Event]) -> str:
    """A name for the way the game ended and where, for the coverage check (`match` is the state after it)."""
    outcome = won.outcome
    name = outcome.kind.value
    if outcome.kind is OutcomeKind.DROPPED and any(isinstance(event, ev.BeaverRefused) for event in events):
        name = "beaver refused"
    elif outcome.kind is OutcomeKind.RESIGNED:
        offered = next(event for event in reversed(events) if isinstance(event, ev.ResignationOffered))
        rolled = phase is Phase.MOVING or any(isinstance(event, ev.Rolled) for event in events)
        name = f"resigned {offered.kind.name.lower()} {'after' if rolled else 'before'} the roll"
    if match.options.is_money:
        name += f", money, Jacoby {'on' if match.options.jacoby else 'off'}"
    elif crawford:
        name += ", Crawford game" + (", match won" if match.finished else "")
    elif not match.finished and match.crawford:
        name += ", the next game is the Crawford game"
    elif match.crawford_done:
        name += ", after the Crawford game"
    return name


def live_view(ours: str, match: Match, won: ev.GameWon) -> str:
    """The project's IDs as gnubg shows them right after the typed end: the turn with the acceptor of a
    resignation, and the Crawford flag of the next game (none once the match is won)."""
    position, match_id = ours.split(":")
    fields = MatchIdFields.decode(match_id)
    turn = won.outcome.winner if won.outcome.kind is OutcomeKind.RESIGNED else fields.turn
    live = dataclasses.replace(fields, turn=turn, crawford=not match.finished and match.crawford)
    return f"{position}:{live.encode()}"


@functools.cache
def corpus() -> tuple[tuple[Match, ...], tuple[Ending, ...]]:
    """The seeded matches, and every game end in them with the last exact state before it (a state at a roll or
    a play)."""
    matches: list[Match] = []
    found: list[Ending] = []
    for seed in range(MATCHES):
        rng = random.Random(seed)
        dice = SeededDice(seed)
        match = Match.start(("Alice", "Bob"), options_for(seed), dice)
        pasted, crawford, phase = match.gnubg_id(), match.crawford, match.phase
        since: list[ev.Event] = []
        resigned_this_turn = False
        while not match.finished:
            on_roll = match.game.on_roll
            action = next_action(match, rng, resigned_this_turn)
            match, events = match.apply(action, dice)
            since += events
            resigned_this_turn = isinstance(action, DeclineResignation) or (
                resigned_this_turn and match.game.on_roll == on_roll
            )
            for event in events:
                if isinstance(event, ev.GameWon):
                    assert event.gnubg_id, "every finished game carries its IDs"
                    ours = match.gnubg_id() if match.finished else event.gnubg_id
                    assert event.gnubg_id == ours
                    kind = kind_of(match, crawford, phase, event, since)
                    live = live_view(ours, match, event)
                    found.append(Ending(pasted, tuple(commands_for(since)), ours, live, kind))
            if match.phase in (Phase.ROLLING, Phase.MOVING):
                pasted, since, crawford, phase = match.gnubg_id(), [], match.crawford, match.phase
        matches.append(match)
    return tuple(matches), tuple(found)


RESIGNATIONS = [
    f"resigned {kind} {when} the roll" for kind in ("single", "gammon", "backgammon") for when in ("before", "after")
]


@pytest.mark.slow
def test_the_corpus_has_every_ending() -> None:
    kinds = {ending.kind for ending in corpus()[1]}
    plain = {kind.split(",")[0] for kind in kinds}
    assert {"single", "gammon", "backgammon", "dropped", "beaver refused", *RESIGNATIONS} <= plain
    wanted = {
        f"{resignation}, {where}"
        for resignation in RESIGNATIONS
        for where in ("after the Crawford game", "money, Jacoby off", "money, Jacoby on")
    }
    # the Crawford game is rolled at once (no cube, R9.4): a resignation there comes after the roll
    wanted |= {
        f"resigned {kind} after the roll, Crawford game, match won" for kind in ("single", "gammon", "backgammon")
    }
    wanted |= {"resigned single after the roll, Crawford game", "single, Crawford game, match won"}
    assert wanted <= kinds, f"the corpus lacks {sorted(wanted - kinds)}"
    assert any(kind.endswith("the next game is the Crawford game") for kind in kinds)
    assert len(corpus()[1]) > 450


@pytest.mark.slow
def test_finished_games_show_the_ids_gnubg_shows_once_it_reads_the_match() -> None:
    matches = corpus()[0]
    texts, endings = [], []
    for match in matches:  # the log replayed twice in a row: the engine's cache of legal plays stays warm
        texts.append(match_to_mat(match))
        endings.append([event for event in match_events(match.log) if isinstance(event, ev.GameWon)])
    imported = import_mats(
        [(text, match.options.is_money and match.options.jacoby) for text, match in zip(texts, matches, strict=True)]
    )
    wrong = []
    for match, result, won in zip(matches, imported, endings, strict=True):
        assert len(result.games) == len(won) and won[-1].gnubg_id == match.gnubg_id()
        for event, states in zip(won, result.games, strict=True):
            _, position, match_id = states[-1]  # gnubg at the game's last entry
            if f"{position}:{match_id}" != event.gnubg_id:
                wrong.append(f"{match.options}, game {event.number}: gnubg {position}:{match_id} here {event.gnubg_id}")
    assert not wrong, "\n".join(wrong[:5])


@pytest.mark.slow
def test_finished_games_show_the_ids_gnubg_shows_right_after_the_typed_end() -> None:
    found = corpus()[1]
    shown = run_scripts([[f"set gnubgid {ending.pasted}", *ending.commands] for ending in found])
    wrong = [(ending, theirs) for ending, theirs in zip(found, shown, strict=True) if theirs != ending.live]
    assert not wrong, "\n".join(
        f"{e.kind}: {e.commands[-3:]} gnubg {theirs} expected {e.live}" for e, theirs in wrong[:5]
    )


def test_the_example_of_issue_22() -> None:
    # A 1-point match: Alice opens with 3-1, resigns a single game at once, and Bob accepts. gnubg shows the
    # score 0-1 and the dice of the resigned turn; the turn is Alice's once gnubg reads the match (issue 31), as
    # saved and loaded again in gnubg 1.07 (MKMlAAAACAAE), though right after the typed `accept` it is Bob's.
    dice = FixedDice([3, 1])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(1), dice)
    assert (match.game.on_roll, match.dice) == (0, (3, 1))
    match = match.apply(Resign(0, WinKind.SINGLE), dice).match
    match = match.apply(AcceptResignation(1), dice).match
    assert match.finished and match.match_id() == "MKMlAAAACAAE"
    fields = match.match_id_fields()
    assert dataclasses.replace(fields, turn=1).encode() == "MKslAAAACAAE"


def test_a_score_past_15_bits_is_cut_as_gnubg_cuts_it() -> None:
    # A money backgammon at a cube of 16384 scores 49152; the Match ID holds 15 bits of it, as gnubg's does.
    match, dice = start(MatchOptions.money(jacoby=False), [6, 1, 2, 1])
    match = set_up(match, {1: 1}, {6: 14, 25: 1}, cube=1 << 14, owner=0)
    match = match.apply(Roll(0), dice).match
    assert match.finished and match.scores == (49152, 0)
    fields = match.match_id_fields()
    assert fields.scores == (49152 & 0x7FFF, 0)
    unmasked = dataclasses.replace(fields, scores=(0, 0))
    object.__setattr__(unmasked, "scores", (49152, 0))  # past what MatchIdFields accepts, to ask gnubg itself
    assert match.match_id() == gnubg_match_id(unmasked)
