"""A tournament match's dice (issue 31 item 7): its seeds are not empty, the bot chooses neither (the thread's id
and the id of the announcement that showed the commitment), the second is fixed only after the commitment was
shown and before the opening roll, and the export of the match passes bot.fairness's check roll by roll."""

from __future__ import annotations

import random

from bot.fairness.check import check_mat, read_tags
from bot.records import match_to_mat
from bot.service import GameService
from bot.store import Database
from bot.tournaments import TournamentService
from tests.service.conftest import FakeClock
from tests.service.helpers import play_to_the_end
from tests.tournaments.helpers import ORGANISER, open_tournament, player

THREAD = 71_234
ANNOUNCEMENT = 1_300_000_000_000_000_007


async def test_a_tournament_matchs_seeds_come_after_its_commitment_and_its_export_checks(
    db: Database, clock: FakeClock
) -> None:
    games = GameService(db, clock=clock)  # no dice source: the committed dice, as the bot rolls them
    tournaments = TournamentService(db, games, clock=clock, rng=random.Random(31))
    tournament = await open_tournament(tournaments, [player(1), player(2)], length=1)
    await tournaments.start(tournament.id, ORGANISER.user_id)
    [pairing] = await tournaments.pairings()
    thread = await tournaments.set_thread(pairing, THREAD)
    shown: list[str] = []

    async def announce(commitment: str) -> int:
        """The front end posts the announcement: no match and no roll exist yet when the commitment is shown."""
        assert list(await db.execute_fetchall("SELECT id FROM matches")) == []
        shown.append(commitment)
        return ANNOUNCEMENT

    update = await tournaments.start_pairing(pairing, thread, announce)
    assert update is not None and len(shown) == 1
    fairness = update.record.fairness
    assert fairness is not None and fairness.commitment == shown[0]
    assert (fairness.challenger_seed, fairness.acceptor_seed) == (str(THREAD), str(ANNOUNCEMENT))
    [(seed0, seed1)] = await db.execute_fetchall("SELECT seed0, seed1 FROM matches")
    assert (seed0, seed1) == (str(THREAD), str(ANNOUNCEMENT))

    played = await play_to_the_end(games, update.record, 31)  # random legal plays: many rolls
    finished = await games.match(played.id)
    assert finished.match.finished and finished.fairness is not None and finished.fairness.server_seed
    exported = match_to_mat(finished.match.log, fairness=finished.fairness)
    tags = read_tags(exported)
    assert (tags["Dice commitment"], tags["Challenger seed"], tags["Acceptor seed"]) == (
        shown[0],
        str(THREAD),
        str(ANNOUNCEMENT),
    )
    result = check_mat(exported)
    assert result.ok, "\n".join(result.lines)
