"""The IDs of a finished game and match are the ones GNU Backgammon shows (R10.2, issue 22).

Seeded random matches of every option are played here and, at the end of every game, typed into gnubg from the
last state both agree on (see gnubg_live.py); gnubg's Position ID and Match ID at the end must equal the project's
(`GameWon.gnubg_id`, and `Match.gnubg_id()` once the match is won). The corpus is checked to contain every way a
game ends: bear-offs worth a single game, a gammon and a backgammon, drops, refused beavers, each resignation
before and after the roll, Crawford games, and games after which the next one is the Crawford game.
"""

from __future__ import annotations

import dataclasses
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
from tests.flow.driver import SeededDice, random_action
from tests.flow.gnubg_live import commands_for, run_scripts
from tests.flow.test_match_id import gnubg_match_id
from tests.flow.test_scripted_matches import set_up, start

MATCHES = 260
GNUBG_MAX_MONEY_CUBE = 4096


@dataclass(frozen=True)
class Ending:
    """One finished game: where gnubg starts from, what it is told, and what the project shows at the end."""

    pasted: str
    commands: tuple[str, ...]
    ours: str
    kind: str


def options_for(seed: int) -> MatchOptions:
    rng = random.Random(-seed)
    if seed % 3 == 0:
        return MatchOptions.money(jacoby=rng.random() < 0.5, beavers=rng.random() < 0.6)
    return MatchOptions.match(rng.choice([1, 2, 3, 5, 7]))


def next_action(match: Match, rng: random.Random, resigned_this_turn: bool) -> Action:
    """A random action, kept to what gnubg's commands can say: whole plays (gnubg has no single steps), no
    double of a dead cube or past gnubg's money limit (gnubg refuses those), no second offer after a declined
    one in the same turn (gnubg refuses it), and only a single game resigned while Jacoby applies (gnubg scores
    a resigned gammon in full there; R7.3 here counts it single, a deliberate difference)."""
    player = match.to_act
    assert player is not None
    action = random_action(match, rng, end_early=False)
    allowed = match.allowed(player)
    if Resign in allowed and not resigned_this_turn and rng.random() < 0.02:
        kind = rng.choice(list(WinKind)) if not match.game.jacoby_applies() else WinKind.SINGLE
        return Resign(player, kind)
    if isinstance(action, MoveChecker | Undo | Confirm):
        return Move(player, rng.choice(match.legal_plays()))
    if isinstance(action, Double):
        length = match.options.length
        dead = match.cube >= length - match.scores[player] if length else match.cube >= GNUBG_MAX_MONEY_CUBE
        if dead:
            return Roll(player)
    return action


def kind_of(crawford: bool, phase: Phase, won: ev.GameWon, events: list[ev.Event]) -> str:
    """A name for the way the game ended, for the coverage check."""
    outcome = won.outcome
    name = outcome.kind.value
    if outcome.kind is OutcomeKind.DROPPED and any(isinstance(event, ev.BeaverRefused) for event in events):
        name = "beaver refused"
    elif outcome.kind is OutcomeKind.RESIGNED:
        offered = next(event for event in reversed(events) if isinstance(event, ev.ResignationOffered))
        rolled = phase is Phase.MOVING or any(isinstance(event, ev.Rolled) for event in events)
        name = f"resigned {offered.kind.name.lower()} {'after' if rolled else 'before'} the roll"
    if crawford:
        name += ", Crawford game"
    elif MatchIdFields.decode(won.gnubg_id.split(":")[1]).crawford:
        name += ", the next game is the Crawford game"
    return name


def endings() -> list[Ending]:
    """Every game end of the seeded corpus, with the last exact state before it (a state at a roll or a play)."""
    found: list[Ending] = []
    for seed in range(MATCHES):
        rng = random.Random(seed)
        match = Match(("Alice", "Bob"), options_for(seed), SeededDice(seed))
        pasted, crawford, phase = match.gnubg_id(), match.crawford, match.phase
        since: list[ev.Event] = []
        resigned_this_turn = False
        while not match.finished:
            on_roll = match.game.on_roll
            action = next_action(match, rng, resigned_this_turn)
            events = match.apply(action)
            since += events
            resigned_this_turn = isinstance(action, DeclineResignation) or (
                resigned_this_turn and match.game.on_roll == on_roll
            )
            for event in events:
                if isinstance(event, ev.GameWon):
                    assert event.gnubg_id, "every finished game carries its IDs"
                    ours = match.gnubg_id() if match.finished else event.gnubg_id
                    assert event.gnubg_id == ours
                    found.append(
                        Ending(pasted, tuple(commands_for(since)), ours, kind_of(crawford, phase, event, since))
                    )
            if match.phase in (Phase.ROLLING, Phase.MOVING):
                pasted, since, crawford, phase = match.gnubg_id(), [], match.crawford, match.phase
    return found


@pytest.mark.slow
def test_finished_games_show_the_ids_gnubg_shows() -> None:
    found = endings()
    shown = run_scripts([[f"set gnubgid {ending.pasted}", *ending.commands] for ending in found])
    wrong = [(ending, theirs) for ending, theirs in zip(found, shown, strict=True) if theirs != ending.ours]
    assert not wrong, "\n".join(f"{e.kind}: {e.commands[-3:]} gnubg {theirs} here {e.ours}" for e, theirs in wrong[:5])
    kinds = {ending.kind for ending in found}
    wanted = {
        "single",
        "gammon",
        "backgammon",
        "dropped",
        "beaver refused",
        *(
            f"resigned {kind} {when} the roll"
            for kind in ("single", "gammon", "backgammon")
            for when in ("before", "after")
        ),
    }
    plain = {kind.split(",")[0] for kind in kinds}
    assert wanted <= plain, f"the corpus lacks {wanted - plain}"
    assert any(kind.endswith("Crawford game") and "next" not in kind for kind in kinds)
    assert any(kind.endswith("the next game is the Crawford game") for kind in kinds)
    assert len(found) > 300


def test_the_example_of_issue_22() -> None:
    # A 1-point match: Alice opens with 3-1, resigns a single game at once, and Bob accepts. gnubg shows the
    # score 0-1, Bob to decide, and the dice of the resigned turn.
    match = Match(("Alice", "Bob"), MatchOptions.match(1), FixedDice([3, 1]))
    assert (match.game.on_roll, match.dice) == (0, (3, 1))
    match.apply(Resign(0, WinKind.SINGLE))
    match.apply(AcceptResignation(1))
    assert match.finished and match.match_id() == "MKslAAAACAAE"


def test_a_score_past_15_bits_is_cut_as_gnubg_cuts_it() -> None:
    # A money backgammon at a cube of 16384 scores 49152; the Match ID holds 15 bits of it, as gnubg's does.
    match, _ = start(MatchOptions.money(jacoby=False), [6, 1, 2, 1])
    set_up(match, {1: 1}, {6: 14, 25: 1}, cube=1 << 14, owner=0)
    match.apply(Roll(0))
    assert match.finished and match.scores == [49152, 0]
    fields = match.match_id_fields()
    assert fields.scores == (49152 & 0x7FFF, 0)
    unmasked = dataclasses.replace(fields, scores=(0, 0))
    object.__setattr__(unmasked, "scores", (49152, 0))  # past what MatchIdFields accepts, to ask gnubg itself
    assert match.match_id() == gnubg_match_id(unmasked)
