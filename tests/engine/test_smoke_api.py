"""The public API in one place: the names other parts of the bot import."""

from bot.engine import IllegalPlayError, InvalidPlayError, Play, Position, Step


def test_opening_31_has_16_plays_and_the_point_making_play_parses() -> None:
    start = Position.initial()
    plays = start.legal_plays((3, 1))
    assert len(plays) == 16  # R4.5: one per distinct result; the known count for an opening 3-1
    play = start.parse_play("8/5 6/5", (3, 1))
    assert play in plays
    assert play == Play((Step(8, 5, 3), Step(6, 5, 1))) or set(play.steps) == {Step(8, 5, 3), Step(6, 5, 1)}


def test_errors_are_value_errors() -> None:
    assert issubclass(IllegalPlayError, ValueError)
    assert issubclass(InvalidPlayError, ValueError)
