"""The checker candidates ranked by bgsage (bot.daily.ranking), in this process and in a worker process
(bot.daily.ranker, the path the bot takes)."""

from __future__ import annotations

from bot.analysis import analyse
from bot.daily.ranker import Ranker
from bot.daily.ranking import CANDIDATES, checker_candidates
from tests.analysis.matches import deliberate_blunder


def test_the_best_plays_and_the_play_made_are_the_candidates() -> None:
    decision = analyse(deliberate_blunder().log, "quick").decisions[0]  # 3-1 played 6/3 6/5
    candidates = checker_candidates(decision)
    texts = [c.text for c in candidates]
    assert texts == sorted(texts) and len(texts) == CANDIDATES + 1  # the play made is not among the best five
    played = [c for c in candidates if c.played]
    assert [c.text for c in played] == ["6/3 6/5"]
    best = max(candidates, key=lambda c: c.equity)
    assert best.text == "8/5 6/5" and best.equity - played[0].equity > 0.3


async def test_the_worker_ranks_them_the_same() -> None:
    decision = analyse(deliberate_blunder().log, "quick").decisions[0]
    ranker = Ranker()
    try:
        assert await ranker(decision) == checker_candidates(decision)
    finally:
        ranker.close()
