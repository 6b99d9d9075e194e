"""TournamentService: sign-up, seeding, pairings, advancing and the champion, over the game service.

No Discord here. Organiser rights are decided by the front end (Manage Server, or the role the server set) and
passed in as `may_organise`; the tournament's creator may always organise it. Each step is one write trip.

Restart safety: the winner of a tournament match is stored by a match-finished hook, inside the transaction
that stores the match's result, so no advance is ever lost. Matches are started by `start_pairing`, which
ties the new match to its bracket slot in the same write trip (the slot's primary key and the match_id's
uniqueness make a second start impossible): after a restart `pairings()` lists exactly the matches still to
start.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable

from bot.engine.actions import Abort
from bot.engine.dice import commitment, new_server_seed
from bot.engine.options import MatchOptions
from bot.i18n import N_, Message
from bot.service import GameService, MatchRecord, MatchStatus, MatchUpdate, NotFoundError, PlayerRef, ServiceError
from bot.service import commands as cmd
from bot.store import players as player_store
from bot.store.backend import Connection, Database
from bot.store.errors import IntegrityError
from bot.tournaments import store
from bot.tournaments.bracket import MIN_PLAYERS, Slot, seed_by_rating
from bot.tournaments.records import (
    Announce,
    Cancellation,
    DecidedBy,
    MatchState,
    Pairing,
    Tournament,
    TournamentStatus,
)
from bot.tournaments.steps import (
    NotToStart,
    awardable_slot,
    check_new,
    clean_reason,
    decide,
    load_locked,
    require_not_over,
    require_organiser,
    require_signup,
    unstarted_pairings,
)

LIST_LIMIT = 10


class TournamentService:
    def __init__(
        self,
        db: Database,
        games: GameService,
        *,
        clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
    ) -> None:
        self.db = db
        self.games = games
        self._clock = clock
        self._rng = rng if rng is not None else random.SystemRandom()
        #: Set whenever a tournament changed (a result stored, a start): the front end wakes up on it.
        self.changed = asyncio.Event()
        #: match id -> (winner, reason) of an award whose match is being stopped (see `award`).
        self._awards: dict[int, tuple[int, str]] = {}
        games.add_match_finished_hook(self.on_match_finished)

    # --- sign-up ----------------------------------------------------------------------------------------------

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organiser: PlayerRef,
        may_organise: bool,
        name: str,
        length: int,
        size: int,
        starts_at: float | None = None,
    ) -> Tournament:
        """Open a tournament for sign-up. Refused: no organiser rights, a bad name, length or size, a start time
        in the past, a name in use by another open or running tournament of the guild."""
        now = self._clock()
        name = check_new(may_organise, name, length, size, starts_at, now)

        async def write(connection: Connection) -> int:
            await player_store.remember_player(connection, organiser.user_id, organiser.name, now)
            try:
                return await store.insert_tournament(
                    connection,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    name=name,
                    length=length,
                    size=size,
                    starts_at=starts_at,
                    organiser_id=organiser.user_id,
                    now=now,
                )
            except IntegrityError:
                raise ServiceError(
                    N_("There is already a tournament called {tournament} here: choose another name."),
                    tournament=name,
                ) from None

        return await self.tournament(await self.db.write(write))

    async def join(self, tournament_id: int, player: PlayerRef) -> Tournament:
        """Sign up. Refused: already signed up, full, started or over."""
        now = self._clock()

        async def write(connection: Connection) -> None:
            tournament = await load_locked(connection, tournament_id)
            require_signup(tournament, "join")
            if tournament.entrant(player.user_id) is not None:
                raise ServiceError(N_("You are already signed up for {tournament}."), tournament=tournament.name)
            if tournament.full:
                raise ServiceError(
                    N_("{tournament} is full ({size} players)."), tournament=tournament.name, size=tournament.size
                )
            await player_store.remember_player(connection, player.user_id, player.name, now)
            await store.add_entry(connection, tournament_id, player.user_id, now)

        await self.db.write(write)
        return await self.tournament(tournament_id)

    async def leave(self, tournament_id: int, user_id: int) -> Tournament:
        """Take one's name off the list before the start."""

        async def write(connection: Connection) -> None:
            tournament = await load_locked(connection, tournament_id)
            if tournament.entrant(user_id) is None:
                raise ServiceError(N_("You are not signed up for {tournament}."), tournament=tournament.name)
            if tournament.status is TournamentStatus.RUNNING:
                raise ServiceError(
                    N_(
                        "{tournament} has started: you cannot leave it now. Resign your match (`/bg resign`) or ask "
                        "an organiser."
                    ),
                    tournament=tournament.name,
                )
            require_signup(tournament, "leave")
            await store.remove_entry(connection, tournament_id, user_id)

        await self.db.write(write)
        return await self.tournament(tournament_id)

    # --- organising -------------------------------------------------------------------------------------------

    async def start(self, tournament_id: int, user_id: int | None, *, may_organise: bool = False) -> Tournament:
        """Seed the players by the guild's rating (unrated ones drawn at random) and start the bracket; the
        first-round matches are then listed by `pairings()`. `user_id` None: the scheduled start."""
        now = self._clock()

        async def write(connection: Connection) -> None:
            tournament = await load_locked(connection, tournament_id)
            if user_id is not None:
                require_organiser(tournament, user_id, may_organise, "start")
            require_signup(tournament, "start")
            if len(tournament.entrants) < MIN_PLAYERS:
                raise ServiceError(
                    N_("{tournament} needs at least {fewest} players to start; {count} signed up."),
                    tournament=tournament.name,
                    fewest=MIN_PLAYERS,
                    count=len(tournament.entrants),
                )
            players = [entrant.user_id for entrant in tournament.entrants]
            ratings_now = await store.ratings(connection, tournament.guild_id, players)
            await store.seed(connection, tournament_id, seed_by_rating(ratings_now, self._rng), ratings_now, now)

        await self.db.write(write)
        self.changed.set()
        return await self.tournament(tournament_id)

    async def cancel(
        self, tournament_id: int, user_id: int, *, may_organise: bool = False, reason: str | None = None
    ) -> Tournament:
        """Stop a tournament in sign-up or in play. Matches already being played go on as ordinary matches."""
        now = self._clock()

        async def write(connection: Connection) -> None:
            tournament = await load_locked(connection, tournament_id)
            require_organiser(tournament, user_id, may_organise, "cancel")
            require_not_over(tournament)
            said = clean_reason(reason or "")
            note = Cancellation(reason=said or None, by=None if said else user_id).note()
            await store.close(connection, tournament_id, TournamentStatus.CANCELLED, now, note=note)

        await self.db.write(write)
        self.changed.set()
        return await self.tournament(tournament_id)

    async def award(
        self, tournament_id: int, user_id: int, winner_id: int, reason: str, *, may_organise: bool = False
    ) -> tuple[Tournament, MatchUpdate | None]:
        """Decide the winner's current match for them, with the reason shown on the bracket. A match being
        played for it is stopped (its update is returned, to be shown); the award is stored by the hook in the
        same transaction as the stop, so both happen or neither does."""
        reason = clean_reason(reason)
        if not reason:
            raise ServiceError(N_("Give the reason for the award: it is shown with the bracket."))
        now = self._clock()

        async def check(connection: Connection) -> tuple[Slot, int | None]:
            tournament = await load_locked(connection, tournament_id)
            require_organiser(tournament, user_id, may_organise, "award")
            slot = awardable_slot(tournament, winner_id)
            stored = tournament.slot_record(slot.round, slot.index)
            return slot, None if stored is None else stored.match_id

        slot, match_id = await self.db.read(check)
        if match_id is not None and (await self.games.match(match_id)).status is MatchStatus.ACTIVE:
            loser = next(p for p in slot.players if p != winner_id)
            assert loser is not None
            self._awards[match_id] = (winner_id, reason)
            try:
                update = await self.games.act(match_id, loser, cmd.Ask(Abort))
            finally:
                self._awards.pop(match_id, None)
            self.changed.set()
            return await self.tournament(tournament_id), update

        async def write(connection: Connection) -> None:
            tournament = await load_locked(connection, tournament_id)
            bracket = tournament.bracket
            current = None if bracket is None else bracket.slot(slot.round, slot.index)
            if tournament.status is not TournamentStatus.RUNNING or current is None or not current.ready:
                raise ServiceError(N_("This match was decided meanwhile."))
            await decide(connection, tournament, slot.round, slot.index, winner_id, DecidedBy.AWARD, reason, now)

        await self.db.write(write)
        self.changed.set()
        return await self.tournament(tournament_id), None

    # --- pairings ---------------------------------------------------------------------------------------------

    async def pairings(self) -> list[Pairing]:
        """Every bracket match of a running tournament whose two players are known and that has not started."""
        return await self.db.read(unstarted_pairings)

    async def set_thread(self, pairing: Pairing, thread_id: int) -> int:
        """Store the thread opened for a pairing; returns the pairing's thread (an earlier one wins)."""

        async def write(connection: Connection) -> int:
            return await store.set_thread(connection, pairing.tournament_id, pairing.round, pairing.slot, thread_id)

        return await self.db.write(write)

    async def start_pairing(self, pairing: Pairing, channel_id: int, announce: Announce) -> MatchUpdate | None:
        """Start the pairing's match in `channel_id` (its thread), tied to its slot in the same write trip.
        None when it was started already or is no longer to be played (cancelled, awarded).

        The dice: the server seed is drawn first, then `announce(commitment)` shows
        its commitment in the thread and returns the id Discord gave that message. The players' seeds are the
        thread's id and that message's id: the bot chooses neither, and the second exists only once the
        commitment is shown. Only then is the match stored and its opening roll made."""
        tournament = await self.tournament(pairing.tournament_id)
        players = (PlayerRef(pairing.players[0], pairing.names[0]), PlayerRef(pairing.players[1], pairing.names[1]))
        server_seed = new_server_seed()
        announcement_id = await announce(commitment(server_seed))

        async def within(connection: Connection, match_id: int) -> None:
            current = await load_locked(connection, pairing.tournament_id)
            bracket = current.bracket
            slot = None if bracket is None else bracket.slot(pairing.round, pairing.slot)
            if current.status is not TournamentStatus.RUNNING or slot is None or not slot.ready:
                raise NotToStart()
            if set(slot.players) != set(pairing.players):
                raise NotToStart()
            if not await store.link_match(connection, pairing.tournament_id, pairing.round, pairing.slot, match_id):
                raise NotToStart()

        try:
            update = await self.games.start_match_directly(
                guild_id=tournament.guild_id,
                channel_id=channel_id,
                players=players,
                options=MatchOptions.match(tournament.length),
                parent_channel_id=tournament.channel_id,
                within=within,
                seeds=(str(channel_id), str(announcement_id)),
                server_seed=server_seed,
            )
        except NotToStart:
            return None
        except ServiceError:  # the thread is busy: another process started this pairing there just now
            current = (await self.tournament(pairing.tournament_id)).slot_record(pairing.round, pairing.slot)
            if current is not None and current.match_id is not None:
                return None
            raise
        self.changed.set()
        return update

    # --- the hook ---------------------------------------------------------------------------------------------

    async def on_match_finished(self, connection: Connection, record: MatchRecord) -> Callable[[], None]:
        """Advance the winner of a tournament match, inside the transaction that stores its result."""
        award = self._awards.get(record.id)
        now = self._clock()

        async def work() -> None:
            place = await store.slot_of_match(connection, record.id)
            if place is None:
                return
            tournament = await load_locked(connection, place[0])
            if tournament.status is not TournamentStatus.RUNNING:
                return
            winner = record.winner
            if record.status is MatchStatus.FINISHED and winner is not None:
                await decide(connection, tournament, place[1], place[2], winner.user_id, DecidedBy.MATCH, None, now)
            elif award is not None:
                await decide(connection, tournament, place[1], place[2], award[0], DecidedBy.AWARD, award[1], now)
            else:
                await store.changed(connection, tournament.id)  # stopped without a result: an organiser awards it

        await work()
        return self.changed.set  # called once committed

    # --- queries and the front end's bookkeeping ----------------------------------------------------------------

    async def tournament(self, tournament_id: int) -> Tournament:
        return await self.db.read(lambda connection: load_locked(connection, tournament_id))

    async def match_states(self, tournament_id: int) -> dict[tuple[int, int], MatchState]:
        """Each started match's status and scores, by (round, slot): for the bracket picture."""
        return await self.db.read(lambda connection: store.match_states(connection, tournament_id))

    async def by_name(self, guild_id: int, name: str) -> Tournament:
        found = await self.db.read(lambda c: store.find_by_name(c, guild_id, name))
        if found is None:
            raise NotFoundError(
                N_("There is no tournament called {tournament} here."), tournament=" ".join(name.split())
            )
        return await self.tournament(found)

    async def recent(self, guild_id: int) -> list[Tournament]:
        """The guild's open and running tournaments, then the latest finished ones."""

        async def read(connection: Connection) -> list[Tournament]:
            return [await load_locked(connection, i) for i in await store.recent_ids(connection, guild_id, LIST_LIMIT)]

        return await self.db.read(read)

    async def due_to_start(self) -> list[int]:
        now = self._clock()
        return await self.db.read(lambda connection: store.due_to_start(connection, now))

    async def start_when_due(self, tournament_id: int) -> Tournament:
        """The scheduled start: started when there are enough players, else cancelled, saying why."""
        try:
            return await self.start(tournament_id, None)
        except ServiceError as error:
            note = Cancellation(why=Message(error.template, error.params)).note()
            now = self._clock()

            async def write(connection: Connection) -> None:
                tournament = await load_locked(connection, tournament_id)
                if tournament.status is TournamentStatus.SIGNUP:
                    await store.close(connection, tournament_id, TournamentStatus.CANCELLED, now, note=note)

            await self.db.write(write)
            self.changed.set()
            return await self.tournament(tournament_id)

    async def to_show(self) -> list[Tournament]:
        """Tournaments whose message is behind, or whose end is still to be announced."""

        async def read(connection: Connection) -> list[Tournament]:
            return [await load_locked(connection, i) for i in await store.unshown_ids(connection)]

        return await self.db.read(read)

    async def set_message(self, tournament_id: int, channel_id: int, message_id: int) -> None:
        await self.db.write(lambda connection: store.set_message(connection, tournament_id, channel_id, message_id))

    async def mark_shown(self, tournament: Tournament) -> None:
        await self.db.write(lambda connection: store.mark_shown(connection, tournament.id, tournament.changes))

    async def mark_announced(self, tournament_id: int) -> bool:
        return await self.db.write(lambda c: store.mark_announced(c, tournament_id))

    async def organiser_role(self, guild_id: int) -> int | None:
        return await self.db.read(lambda connection: store.organiser_role(connection, guild_id))

    async def set_organiser_role(self, guild_id: int, role_id: int | None) -> None:
        await self.db.write(lambda c: store.set_organiser_role(c, guild_id, role_id))
