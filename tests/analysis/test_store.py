"""The analysis rows (migration 012, bot/store/analysis.py): one per match, pending until done, asked again only
after a failure, listed for the restart until posted; each player's PR for /stats and /history."""

from __future__ import annotations

import sqlite3

import aiosqlite

from bot.service import GameService
from bot.store import analysis as store
from bot.store.transaction import on_connection_thread, transaction
from tests.service.helpers import ALICE, BOB, GUILD, start_match


async def test_rows_from_request_to_posted(service: GameService, db: aiosqlite.Connection) -> None:
    first = (await start_match(service, 20)).record.id
    second = (await start_match(service, 21)).record.id

    def work(c: sqlite3.Connection) -> None:
        assert store.request(c, first, "standard", 20, 1.0).status == "pending"
        assert store.request(c, first, "quick", 99, 2.0).channel_id == 20  # asked again: the same row
        store.request(c, second, "standard", 21, 3.0)
        assert [a.match_id for a in store.unfinished(c)] == [first, second]
        assert store.finish(c, first, '{"x": 1}', (6.25, None), 4.0)
        assert not store.finish(c, first, '{"x": 2}', (1.0, 1.0), 5.0)  # done already: unchanged
        store.fail(c, second, 5.0)
        assert [a.match_id for a in store.unfinished(c)] == [first]  # done, not posted yet
        store.mark_posted(c, first)
        assert store.unfinished(c) == []
        assert store.request(c, second, "standard", 22, 6.0).status == "pending"  # a failed one is asked again
        done = store.load(c, first)
        assert done is not None and done.result == '{"x": 1}' and done.posted
        assert [(p.match_id, p.pr) for p in store.recent_prs(c, ALICE.user_id, GUILD)] == [(first, 6.25)]
        assert store.recent_prs(c, BOB.user_id, GUILD) == []  # no rated decision: no PR
        assert store.prs_of_matches(c, ALICE.user_id, [first, second]) == {first: 6.25}
        assert store.auto_length(c, GUILD) == store.DEFAULT_AUTO_LENGTH == 11
        store.set_auto_length(c, GUILD, 3)
        assert store.auto_length(c, GUILD) == 3

    async with transaction(db):
        await on_connection_thread(db, work)
