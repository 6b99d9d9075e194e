from __future__ import annotations

from bot.engine.options import MatchOptions
from bot.service import GameService
from tests.service.helpers import play_to_the_end, start_match


async def test_a_whole_match(service: GameService) -> None:
    update = await start_match(service, options=MatchOptions(3))
    record = await play_to_the_end(service, update.record, seed=1)
    assert record.match.finished
