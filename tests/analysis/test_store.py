"""The analysis rows (migration 012, bot/store/analysis.py): one per match, pending until done, asked again only
after a failure, listed for the restart until posted; each player's PR for /stats and /history."""

from __future__ import annotations

from bot.service import GameService
from bot.store import analysis as store
from bot.store.backend import Connection, Database
from tests.service.helpers import ALICE, BOB, GUILD, start_match


async def test_rows_from_request_to_posted(service: GameService, db: Database) -> None:
    first = (await start_match(service, 20)).record.id
    second = (await start_match(service, 21)).record.id

    async def work(c: Connection) -> None:
        assert (await store.request(c, first, "standard", 20, 1.0)).status == "pending"
        assert (await store.request(c, first, "quick", 99, 2.0)).channel_id == 20  # asked again: the same row
        await store.request(c, second, "standard", 21, 3.0)
        assert [(a.match_id, guild) for a, guild in await store.unfinished(c)] == [(first, GUILD), (second, GUILD)]
        assert await store.finish(c, first, '{"x": 1}', (6.25, None), 4.0)
        assert not await store.finish(c, first, '{"x": 2}', (1.0, 1.0), 5.0)  # done already: unchanged
        await store.fail(c, second, 5.0)
        assert [a.match_id for a, _ in await store.unfinished(c)] == [first]  # done, not posted yet
        await store.mark_posted(c, first)
        assert await store.unfinished(c) == []
        assert (await store.request(c, second, "standard", 22, 6.0)).status == "pending"  # a failed one is asked again
        done = await store.load(c, first)
        assert done is not None and done.result == '{"x": 1}' and done.posted
        assert [(p.match_id, p.pr) for p in await store.recent_prs(c, ALICE.user_id, GUILD)] == [(first, 6.25)]
        assert await store.recent_prs(c, BOB.user_id, GUILD) == []  # no rated decision: no PR
        assert await store.prs_of_matches(c, ALICE.user_id, [first, second]) == {first: 6.25}
        assert await store.auto_length(c, GUILD, 11) == 11 and await store.auto_length(c, GUILD, 0) == 0  # the bot's
        await store.set_auto_length(c, GUILD, 3)
        assert await store.auto_length(c, GUILD, 11) == 3 and await store.auto_length(c, GUILD, 0) == 3  # the server's

    await db.write(work)
