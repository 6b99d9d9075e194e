"""The tutor's advice on a match's web page and in its .mat file (bot/web, bot.records.advice), on both
databases: each stopped decision with the better choice and what became of it."""

from __future__ import annotations

from aiohttp.test_utils import TestClient, TestServer

from bot.engine.options import MatchOptions
from bot.service import GameService, PlayerRef
from bot.store import Database
from bot.store.backend import Connection
from bot.tutor import store as tutor_store
from bot.tutor.advice import Judgement, Outcome, Threshold
from bot.web import signing
from tests.service.helpers import ALICE, GUILD, announce
from tests.web.helpers import SECRET, app_for

LINE = "13/7 8/7: gave up about 0.12 (blunder); 24/18 13/11 was better; taken back"


async def test_the_page_and_the_file_tell_of_the_tutors_advice(db: Database) -> None:
    service = GameService(db)
    update = await service.computer.start_match(
        guild_id=GUILD,
        channel_id=700,
        human=ALICE,
        computer=PlayerRef(999, "Gammon"),
        options=MatchOptions.match(3),
        level="expert",
        announce=announce,
        tutor=Threshold.BLUNDER,
    )
    record = update.record
    judged = Judgement("checker", "13/7 8/7", "24/18 13/11", 0.1234)

    async def noted(connection: Connection) -> None:
        note = await tutor_store.add_note(connection, record.id, ALICE.user_id, 1, 1, judged, {}, 0, 1.0)
        assert await tutor_store.decide(connection, note.id, Outcome.UNDONE, 2.0)

    await db.write(noted)
    await service.abort_matches_in_channel(700)  # over: its page may be shown
    path = signing.match_path(SECRET, record.id)
    async with TestClient(TestServer(app_for(db))) as client:
        text = await (await client.get(path)).text()
        assert "<h2>Tutor</h2>" in text and f"<li>{LINE}</li>" in text
        mat = await (await client.get(f"{path}/match.mat")).text()
        assert f"; Tutor:\n; 1. {LINE}\n" in mat
