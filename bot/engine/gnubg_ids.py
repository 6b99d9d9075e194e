"""A game of a match as gnubg identifies it: the Match ID's fields and the Position ID (R10.2).

A finished game shows what gnubg shows once it reads the game's record, so that an id pasted into gnubg gives
the same state as the board.
"""

from __future__ import annotations

from bot.engine.game import Game, Phase
from bot.engine.match_id import GameState, MatchIdFields
from bot.engine.options import MatchOptions
from bot.engine.outcome import Outcome, OutcomeKind

_SCORE_BITS = (1 << 15) - 1  # a Match ID holds 15 bits of each score; a huge cube's win can score more
_BORNE_OFF = (OutcomeKind.SINGLE, OutcomeKind.GAMMON, OutcomeKind.BACKGAMMON)


def match_id_fields(game: Game, options: MatchOptions, scores: tuple[int, int]) -> MatchIdFields:
    """The current state as gnubg sees it (R10.2); `scores` include the game when it is finished."""
    if game.outcome is not None:
        return _finished_fields(game, game.outcome, options, scores)
    state = GameState.OVER if game.phase is Phase.ABORTED else GameState.PLAYING
    cube, owner = game.cube, game.cube_owner
    if game.phase is Phase.BEAVERED:  # as gnubg records a beaver: the cube redoubled, owned by the beaverer
        cube, owner = game.offered // 2, 1 - game.on_roll
    resigned = int(game.resignation[1]) if game.resignation is not None else 0
    return MatchIdFields(
        cube=cube,
        cube_owner=owner,
        on_roll=game.on_roll,
        crawford=game.rules.crawford,
        state=state,
        turn=game.to_act if game.to_act is not None else game.on_roll,
        doubled=game.phase in (Phase.DOUBLED, Phase.BEAVERED),
        resigned=resigned,
        dice=game.dice if game.dice and game.in_progress else (0, 0),
        length=options.length,
        scores=scores,
        jacoby=options.is_money and options.jacoby,
    )


def _finished_fields(game: Game, outcome: Outcome, options: MatchOptions, scores: tuple[int, int]) -> MatchIdFields:
    """A finished game as gnubg shows it once it reads the game's record (an imported .mat, a loaded match, any
    step through the record): the game added to the score, the Crawford flag of this game, the turn
    with the loser after a bear-off or a drop and with the player on roll after a resignation (gnubg records
    no offer), the dice of a resigned turn kept, and a refused beaver as the beavered cube owned by the
    beaverer. (Right after an `accept` typed into gnubg, until it reads the record again, gnubg shows the turn
    with the acceptor and the Crawford flag of the next game instead; tests/flow/test_final_ids.py.)"""
    loser = 1 - outcome.winner
    state = {OutcomeKind.DROPPED: GameState.DROPPED, OutcomeKind.RESIGNED: GameState.RESIGNED}.get(
        outcome.kind, GameState.OVER
    )
    cube, owner = game.cube, game.cube_owner
    if outcome.kind is OutcomeKind.DROPPED and outcome.cube != game.cube:  # a refused beaver
        cube, owner = outcome.cube, outcome.winner
    resigned = outcome.kind is OutcomeKind.RESIGNED
    return MatchIdFields(
        cube=cube,
        cube_owner=owner,
        on_roll=loser if outcome.kind in _BORNE_OFF else game.on_roll,
        crawford=game.rules.crawford,
        state=state,
        turn=game.on_roll if resigned else loser,
        doubled=False,
        resigned=int(game.resigned_kind) if resigned and game.resigned_kind is not None else 0,
        dice=game.dice if resigned and game.dice else (0, 0),
        length=options.length,
        scores=(scores[0] & _SCORE_BITS, scores[1] & _SCORE_BITS),  # gnubg keeps 15 bits of each
        jacoby=options.is_money and options.jacoby,
    )


def position_id(game: Game) -> str:
    """The gnubg Position ID of the game, from the side of the player on roll (R10.2); after a bear-off, gnubg
    gives the turn to the loser, so the final position is seen from the loser's side."""
    outcome = game.outcome
    if outcome is not None and outcome.kind in _BORNE_OFF:
        return game.board_for(1 - outcome.winner).position_id()
    return game.position.position_id()
