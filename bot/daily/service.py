"""The daily position's use cases: a server's setting, what is due, a post stored before it is sent (and the
earlier post revealed in the same transaction), an answer, the reveal's figures, a member's figures. No Discord.

Checker candidates come from `rank`, which evaluates in a worker process (bot.daily.ranker); cube candidates and
the shipped positions need no evaluation.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.analysis.result import DecisionResult, MatchAnalysis
from bot.daily import store
from bot.daily.choose import Found, costliest, puzzle_of
from bot.daily.posts import DailySetting, StoredPost
from bot.daily.puzzle import Candidate, Puzzle
from bot.daily.schedule import due_day
from bot.daily.shipped import next_shipped
from bot.i18n import N_
from bot.service import GameService
from bot.service.errors import ServiceError
from bot.sharding import ShardSet
from bot.store.backend import Database, Queries

log = logging.getLogger(__name__)

#: The latest analyses of a server searched for its next position.
ANALYSES = 50
#: The latest posts a streak is counted over.
STREAK_WINDOW = 400

Rank = Callable[[DecisionResult], Awaitable[tuple[Candidate, ...]]]


class DailyClosedError(ServiceError):
    """An answer to a position that is revealed (or unknown)."""


@dataclass(frozen=True, slots=True)
class NewPost:
    post: StoredPost
    puzzle: Puzzle


@dataclass(frozen=True, slots=True)
class Reveal:
    """A revealed post's figures: how many chose each candidate (by its place in the menu), and who was right."""

    post: StoredPost
    puzzle: Puzzle
    counts: dict[int, int]
    right: tuple[int, ...]  # members, in the order they answered
    answered: int


@dataclass(frozen=True, slots=True)
class Answered:
    puzzle: Puzzle
    choice: int


@dataclass(frozen=True, slots=True)
class MemberFigures:
    answered: int
    right: int
    streak: int  # right answers to the latest revealed positions in a row (one missed or wrong ends it)


class DailyService:
    def __init__(self, db: Database, clock: Callable[[], float], rank: Rank | None = None) -> None:
        self.db = db
        self.clock = clock
        self.rank = rank

    @classmethod
    def beside(cls, game: GameService, rank: Rank | None = None) -> DailyService:
        """On the game service's database and clock (the tests' faster clock too)."""
        return cls(game.db, game.now, rank)

    # --- the setting --------------------------------------------------------------------------------------------

    async def setting(self, guild_id: int) -> DailySetting | None:
        return await self.db.read(lambda c: store.setting(c, guild_id))

    async def turn_on(self, guild_id: int, channel_id: int, hour: int) -> DailySetting:
        if not 0 <= hour <= 23:
            raise ServiceError(N_("The hour is a whole hour of the day in UTC, from 0 to 23."))
        await self.db.write(lambda c: store.set_setting(c, guild_id, channel_id, hour, True))
        return DailySetting(guild_id, channel_id, hour, True)

    async def turn_off(self, guild_id: int) -> DailySetting | None:
        """Off, keeping the channel and the hour; None when the server never had it on."""
        found = await self.setting(guild_id)
        if found is not None:
            await self.db.write(lambda c: store.set_setting(c, guild_id, found.channel_id, found.hour, False))
        return found

    # --- posting ------------------------------------------------------------------------------------------------

    async def due(self, guilds: ShardSet) -> list[tuple[DailySetting, int]]:
        """The servers of these guilds whose position is due now, each with its day."""
        now = self.clock()
        found = await self.db.read(store.enabled_with_last_day)
        due = [
            (setting, due_day(setting.hour, last, now)) for setting, last in found if guilds.serves(setting.guild_id)
        ]
        return [(setting, day) for setting, day in due if day is not None]

    async def next_position(self, guild_id: int) -> tuple[str, Puzzle]:
        """The server's costliest analysed decision not posted before, else the next shipped position."""
        used = await self.db.read(lambda c: store.sources(c, guild_id))
        rows = await self.db.read(lambda c: store.guild_analyses(c, guild_id, ANALYSES))
        found = await asyncio.to_thread(_costliest, rows, used)
        if found is not None:
            try:
                return found.source, await self._puzzle(found)
            except Exception:
                log.exception("Ranking the daily position %s failed; a shipped one is posted instead", found.source)
        return next_shipped(used)

    async def _puzzle(self, found: Found) -> Puzzle:
        decision = found.decision
        candidates: tuple[Candidate, ...] = ()
        if decision.kind == "checker":
            if self.rank is None:
                raise RuntimeError("Nothing ranks checker plays here")
            candidates = await self.rank(decision)
        return puzzle_of(decision, found.length, candidates)

    async def start_post(self, guild_id: int, day: int, channel_id: int, source: str, puzzle: Puzzle) -> NewPost | None:
        """Store the day's post, and close the answers to the earlier ones, in one transaction, before the message
        is sent; None when the day has its post already."""
        now = self.clock()

        async def work(connection: Queries) -> StoredPost | None:
            if not await store.add_post(connection, guild_id, day, channel_id, source, puzzle.to_json(), now):
                return None
            await store.reveal_before(connection, guild_id, day)
            return await store.post(connection, guild_id, day)

        stored = await self.db.write(work)
        return None if stored is None else NewPost(stored, puzzle)

    async def unsent(self, guilds: ShardSet) -> list[StoredPost]:
        return [post for post in await self.db.read(store.unsent) if guilds.serves(post.guild_id)]

    async def record_message(self, guild_id: int, day: int, message_id: int) -> None:
        """The post's message is out (0: it could not be sent, and is not tried again)."""
        await self.db.write(lambda c: store.record_message(c, guild_id, day, message_id))

    async def reveal_before(self, guild_id: int, day: int) -> Reveal | None:
        """The reveal that goes with day `day`'s post: the server's post before it, with its answers."""

        async def work(connection: Queries) -> Reveal | None:
            earlier = await store.previous(connection, guild_id, day)
            if earlier is None:
                return None
            answers = await store.answers(connection, guild_id, earlier.day)
            counts = Counter(choice for _, choice, _ in answers)
            right = tuple(user for user, _, correct in answers if correct)
            return Reveal(earlier, Puzzle.from_json(earlier.puzzle), dict(counts), right, len(answers))

        return await self.db.read(work)

    # --- answers ------------------------------------------------------------------------------------------------

    async def answer(self, guild_id: int, day: int, user_id: int, choice: int) -> Answered:
        """Store (or change) the member's answer while the post is open.
        :raises DailyClosedError: when it is revealed; ServiceError for a choice not on the menu."""
        now = self.clock()

        async def work(connection: Queries) -> Answered:
            post = await store.post(connection, guild_id, day)
            if post is None or post.revealed:
                raise DailyClosedError(
                    N_("This daily position is closed: its answer is revealed. Try the latest one in its channel.")
                )
            puzzle = Puzzle.from_json(post.puzzle)
            if not 0 <= choice < len(puzzle.candidates):
                raise ServiceError(N_("That is not one of the position's answers."))
            await store.answer(connection, guild_id, day, user_id, choice, puzzle.is_right(choice), now)
            return Answered(puzzle, choice)

        return await self.db.write(work)

    async def member_figures(self, guild_id: int, user_id: int) -> MemberFigures:
        async def work(connection: Queries) -> MemberFigures:
            answered, right = await store.member_counts(connection, guild_id, user_id)
            recent = await store.member_recent(connection, guild_id, user_id, STREAK_WINDOW)
            streak = 0
            for correct in recent:
                if not correct:
                    break
                streak += 1
            return MemberFigures(answered, right, streak)

        return await self.db.read(work)


def _costliest(rows: list[tuple[int, str]], used: set[str]) -> Found | None:
    """In a thread: the analyses read from JSON, and their costliest usable decision."""
    return costliest(((match_id, MatchAnalysis.from_json(text)) for match_id, text in rows), used)
