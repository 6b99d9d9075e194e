"""A guild's settings (turn limit, default match length, threads, default clock) and each player's own
preferences (auto_done), both with their defaults until changed."""

from __future__ import annotations

from collections import OrderedDict

from bot.i18n import N_, available_languages
from bot.service.clocks import ClockPreset, parse_preset
from bot.service.context import ServiceContext, duration, stored_clock
from bot.service.errors import ServiceError
from bot.service.records import MAX_TURN_LIMIT_SECONDS, MIN_TURN_LIMIT_SECONDS, GuildSettings, PlayerPrefs, PlayerRef
from bot.store import languages as language_store
from bot.store import players as player_store
from bot.store import web as web_store
from bot.store.backend import Connection

#: How many players' settings the service keeps in memory.
PREFS_CACHE_SIZE = 10_000


class GuildAndPlayerSettings:
    """Reads and changes of the settings; a player's are kept in memory once read."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx
        self._prefs: OrderedDict[int, PlayerPrefs] = OrderedDict()
        #: The servers' chosen languages, read once per process (every public board asks).
        self._languages: dict[int, str | None] = {}

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        return _guild_settings(guild_id, await player_store.load_guild_settings(self._ctx.db, guild_id))

    async def set_turn_limit(self, guild_id: int, seconds: int) -> GuildSettings:
        """Change the guild's turn time limit (R9.5); running turns are measured against the new limit."""
        if not MIN_TURN_LIMIT_SECONDS <= seconds <= MAX_TURN_LIMIT_SECONDS:
            raise ServiceError(
                N_("The turn time limit must be between {least} and {most}."),
                least=duration(MIN_TURN_LIMIT_SECONDS),
                most=duration(MAX_TURN_LIMIT_SECONDS),
            )
        return await self._save(guild_id, turn_limit_seconds=seconds)

    async def set_default_length(self, guild_id: int, length: int) -> GuildSettings:
        """Change the match length offered by default in this guild (0 = money game, 1..25)."""
        if not 0 <= length <= 25:
            raise ServiceError(N_("The default match length must be 1 to 25 points, or 0 for a money game."))
        return await self._save(guild_id, default_length=length)

    async def set_threads(self, guild_id: int, on: bool) -> GuildSettings:
        """Whether `/bg challenge` plays in a new thread when the challenger does not say."""
        return await self._save(guild_id, threads=on)

    async def set_clock(self, guild_id: int, clock: ClockPreset) -> GuildSettings:
        """The clock `/bg challenge` uses when the challenger does not choose one."""
        return await self._save(guild_id, clock=clock)

    async def web_page(self, guild_id: int) -> bool:
        """Whether the server's web page (ladder, recent matches, players) is on; off by default."""
        return await web_store.web_enabled(self._ctx.db, guild_id)

    async def set_web_page(self, guild_id: int, on: bool) -> bool:
        """Turn the server's web page on or off (`/bgadmin web`); match pages stay reachable by their links."""
        now = self._ctx.clock()

        async def write(connection: Connection) -> None:
            await web_store.set_web_enabled(connection, guild_id, on, now)

        await self._ctx.db.write(write)
        return on

    async def guild_language(self, guild_id: int) -> str | None:
        """The language the server's admin chose for its public messages (`/bgadmin language`), or None: the
        server's own language as Discord reports it."""
        if guild_id not in self._languages:
            self._languages[guild_id] = await language_store.guild_language(self._ctx.db, guild_id)
        return self._languages[guild_id]

    async def set_guild_language(self, guild_id: int, language: str | None) -> str | None:
        """Choose the server's language (one with a catalogue), or None for Discord's server language again."""
        if language is not None and language not in available_languages():
            raise ServiceError(N_("There is no catalogue for the language {language}."), language=language)
        now = self._ctx.clock()

        async def write(connection: Connection) -> None:
            await language_store.set_guild_language(connection, guild_id, language, now)

        await self._ctx.db.write(write)
        self._languages[guild_id] = language
        return language

    async def _save(
        self,
        guild_id: int,
        *,
        turn_limit_seconds: int | None = None,
        default_length: int | None = None,
        threads: bool | None = None,
        clock: ClockPreset | None = None,
    ) -> GuildSettings:
        async def write(connection: Connection) -> GuildSettings:
            current = _guild_settings(guild_id, await player_store.load_guild_settings(connection, guild_id))
            new = GuildSettings(
                guild_id,
                current.turn_limit_seconds if turn_limit_seconds is None else turn_limit_seconds,
                current.default_length if default_length is None else default_length,
                current.threads if threads is None else threads,
                current.clock if clock is None else clock,
            )
            await player_store.save_guild_settings(
                connection,
                player_store.StoredGuildSettings(
                    guild_id, new.turn_limit_seconds, new.default_length, new.threads, stored_clock(new.clock)
                ),
            )
            return new

        return await self._ctx.db.write(write)

    async def player_prefs(self, user_id: int) -> PlayerPrefs:
        """The player's settings (the defaults until they change one). Kept in memory once read: a process
        sees the changes made through itself at once (several processes sharing the file would each keep
        the value they read first, until restarted)."""
        cached = self._prefs.get(user_id)
        if cached is None:
            stored = await player_store.load_player_prefs(self._ctx.db, user_id)
            cached = PlayerPrefs(user_id) if stored is None else PlayerPrefs(user_id, stored.auto_done)
            self._remember_prefs(cached)
        return cached

    async def set_player_prefs(self, player: PlayerRef, *, auto_done: bool | None = None) -> PlayerPrefs:
        """Change the player's settings (None leaves one as it is); remembered for all their matches. With
        auto_done, a Step confirms the turn in the same action once the play is complete (R9.2)."""
        current = await self.player_prefs(player.user_id)
        new = PlayerPrefs(player.user_id, current.auto_done if auto_done is None else auto_done)
        now = self._ctx.clock()

        async def write(connection: Connection) -> None:
            await player_store.remember_player(connection, player.user_id, player.name, now)
            await player_store.save_player_prefs(
                connection, player_store.StoredPlayerPrefs(new.user_id, new.auto_done), now
            )

        await self._ctx.db.write(write)
        self._remember_prefs(new)
        return new

    def _remember_prefs(self, prefs: PlayerPrefs) -> None:
        self._prefs[prefs.user_id] = prefs
        self._prefs.move_to_end(prefs.user_id)
        while len(self._prefs) > PREFS_CACHE_SIZE:
            self._prefs.popitem(last=False)


def _guild_settings(guild_id: int, stored: player_store.StoredGuildSettings | None) -> GuildSettings:
    if stored is None:
        return GuildSettings(guild_id)
    return GuildSettings(
        guild_id, stored.turn_limit_seconds, stored.default_length, stored.threads, parse_preset(stored.clock)
    )
