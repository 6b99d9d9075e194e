"""The words a board picture shows, as plain data (issue 35): the renderer draws them and never translates.

English by default; the front end (cogs.ui.board_words) fills one `BoardWords` from the server's catalogue and
passes it in `BoardState.words`. Each text is a template with `{name}` fields, filled here with numbers and names.
The value is hashable, so the row parts and banners drawn with it are cached per language like any other part.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.outcome import OutcomeKind


@dataclass(frozen=True, slots=True)
class BoardWords:
    """Every word on a board picture. Keep them about as short as the English: the boxes are fixed."""

    to_play: str = "to play"
    to_answer: str = "to answer"
    winner: str = "winner"
    cube: str = "cube"  # beside the cube
    offered: str = "offered"  # beside a cube on offer
    pips: str = "{pips} pips"
    score: str = "Score"
    match: str = "{length}-point match"
    money_game: str = "Money game"
    crawford: str = "Crawford game"
    position_id: str = "Position ID {id}"
    match_id: str = "Match ID {id}"
    # the result across a game's final board
    point: str = "{count} point"
    points: str = "{count} points"
    wins_single: str = "{winner} wins a single game: {points}"
    wins_gammon: str = "{winner} wins a gammon: {points}"
    wins_backgammon: str = "{winner} wins a backgammon: {points}"
    dropped: str = "{loser} dropped: {winner} wins {points}"
    resigned: str = "{loser} resigned: {winner} wins {points}"
    timed_out: str = "{loser}'s time ran out: {winner} wins {points}"
    match_won: str = "{winner} wins the match {mine}-{theirs}"
    score_line: str = "Score: {first} {first_score}, {second} {second_score} ({length}-point match)"

    def points_text(self, points: int) -> str:
        return (self.point if points == 1 else self.points).format(count=points)

    def headline(self, kind: OutcomeKind) -> str:
        """The template of the banner's first line for how the game ended."""
        return {
            OutcomeKind.SINGLE: self.wins_single,
            OutcomeKind.GAMMON: self.wins_gammon,
            OutcomeKind.BACKGAMMON: self.wins_backgammon,
            OutcomeKind.DROPPED: self.dropped,
            OutcomeKind.RESIGNED: self.resigned,
        }.get(kind, self.timed_out)  # CLAIMED, TIMEOUT: the loser ran out of time (R9.5)


ENGLISH = BoardWords()
