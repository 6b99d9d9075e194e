"""Settings from the environment and an optional `.env` file, in one typed object built by the entry point."""

from __future__ import annotations

import base64
import binascii
import os
import re
from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.sharding import MAX_SHARDS, ShardError, ShardSet, parse_shard_ids

#: Matches up to this many points are analysed when they end, on servers that have not chosen ...
DEFAULT_AUTO_LENGTH = 11
#: ... and the longest a server (`/bgadmin analysis`) or ANALYSIS_AUTO_LENGTH may choose.
MAX_AUTO_LENGTH = 25

LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]

_TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}$")

TOKEN_HELP = (
    "Create a bot at https://discord.com/developers/applications (New Application -> Bot -> Reset Token), "
    "copy its token and put it into a file named .env next to README.md as the line "
    "DISCORD_TOKEN=your-token (see .env.example), or set the DISCORD_TOKEN environment variable. "
    "Then start the bot again."
)


POSTGRES_MISSING = (
    "names PostgreSQL, whose driver (asyncpg) is not installed: install the bot with its postgres extra "
    "(pip install '.[postgres]'), or use SQLite"
)


def _postgres_driver() -> bool:
    """Whether asyncpg can be imported: PostgreSQL support is the `postgres` extra, SQLite needs nothing more."""
    try:
        import asyncpg  # type: ignore[import-not-found,unused-ignore]  # noqa: F401
    except ImportError:
        return False
    return True


def _project_folder() -> Path:
    """The folder of README.md and `.env` when the bot runs from its source, whatever the current folder; else
    (an installed package, as in the image, started in its own folder) the current folder."""
    source = Path(__file__).resolve().parent.parent
    return source if (source / "pyproject.toml").is_file() else Path.cwd()


#: Where `.env` is read from and a relative DATABASE_PATH lives.
PROJECT_FOLDER = _project_folder()


def env_files() -> tuple[Path, ...]:
    """The files of settings in the order read, a later file's lines winning: ENV_FILE alone when set (so that
    the tests' bots read no developer's), else `.env` in the project's folder, then the current folder's."""
    named = os.environ.get("ENV_FILE")
    if named:
        return (Path(named),)
    project, here = PROJECT_FOLDER / ".env", Path.cwd() / ".env"
    return (project,) if here.resolve() == project.resolve() else (project, here)


class SettingsError(Exception):
    """The settings cannot be used; the message is a paragraph meant for the person starting the bot."""


class Settings(BaseSettings):
    """Everything the bot reads from its environment. Unknown variables are ignored."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr = SecretStr("")
    database_path: Path = Path("data/gammon.db")
    #: `sqlite:///data/gammon.db` or `postgresql://user:password@host/db`; wins over DATABASE_PATH.
    database_url: str | None = None
    dev_guild_id: int | None = Field(default=None, gt=0)
    log_level: LogLevel = "INFO"
    #: Worker processes for the computer opponent's thinking; each takes up to one core while it thinks.
    computer_workers: int = Field(default=1, ge=1, le=32)
    #: Seconds a computer turn's decisions may take together: world-class's deep search stops short
    #: to end within them when its workers get little CPU (the bot busy with people's tables). 0: no limit.
    computer_turn_seconds: float = Field(default=2.0, ge=0, le=600)
    #: Threads one computer worker's N-ply search may use (world-class and the analysis; bgsage takes at least 2
    #: for it anyway).
    computer_threads: int = Field(default=1, ge=1, le=16)
    #: Matches against the computer one member may play at a time, so that one member cannot hold
    #: every worker.
    computer_matches_per_member: int = Field(default=2, ge=1, le=100)
    #: Sharding: how many shards the bot has in all (unset: the count Discord recommends) ...
    shard_count: int | None = Field(default=None, ge=1, le=MAX_SHARDS)
    #: ... and which of them this process serves: `0-3`, `0,2` (unset: all of them, one process as before).
    shard_ids: str = ""
    #: Requests a second Discord lets the bot make, all its processes together (Discord's global limit, unless
    #: Discord has raised it); each process keeps under its shards' part of it.
    discord_requests_per_second: float = Field(default=50, ge=10, le=100_000)
    #: Seconds without a match to analyse after which the analysis worker ends, giving back its memory;
    #: the next analysis starts it again. 0: it never ends.
    analysis_idle_seconds: float = Field(default=60.0, ge=0)
    #: Matches up to this many points are analysed when they end, on servers whose admins have not chosen with
    #: `/bgadmin analysis`. 0: none, unless a server turns it on.
    analysis_auto_length: int = Field(default=DEFAULT_AUTO_LENGTH, ge=0, le=MAX_AUTO_LENGTH)
    #: Seconds without an action of theirs in a match after which a player is away: the turn passing
    #: to them then posts the board anew with a mention that notifies them; else the board is edited in place.
    away_seconds: float = Field(default=45.0, ge=0, le=86400)
    #: The web pages: on only when both the address players reach them at and the secret that signs
    #: their links are set. `python -m bot.web` serves them on WEB_HOST:WEB_PORT; the bot only adds links.
    web_base_url: str = ""
    web_secret: SecretStr = SecretStr("")
    web_host: str = "127.0.0.1"
    web_port: int = Field(default=8080, ge=1, le=65535)
    #: Requests one address may make per minute (the pages' images count too).
    web_rate_limit: int = Field(default=600, ge=1, le=100_000)
    #: Behind a reverse proxy: take the address from the last entry of X-Forwarded-For.
    web_behind_proxy: bool = False
    #: The live board, a Discord Activity (docs/activity.md): the application's OAuth2 client id and secret, which
    #: the web server exchanges the page's code with; both set (and the web pages on): the boards offer it.
    discord_client_id: int | None = Field(default=None, gt=0)
    discord_client_secret: SecretStr = SecretStr("")
    #: Where the web server reaches Discord's API for that exchange.
    discord_api_url: str = "https://discord.com/api/v10"
    #: The pages that may frame the Activity (Discord's clients), as CSP frame-ancestors sources.
    activity_frame_ancestors: str = "https://discord.com https://*.discord.com https://*.discordsays.com"

    @field_validator("dev_guild_id", "shard_count", "discord_client_id", mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @model_validator(mode="after")
    def _check_shards(self) -> Settings:
        self.shard_ids = self.shard_ids.strip()
        if self.shard_ids:
            if self.shard_count is None:
                raise ValueError(
                    f"SHARD_IDS={self.shard_ids} needs SHARD_COUNT, the number of shards of the whole bot (every "
                    "process must be started with the same SHARD_COUNT)"
                )
            try:
                parse_shard_ids(self.shard_ids, self.shard_count)
            except ShardError as error:
                raise ValueError(str(error)) from None
        return self

    def shards(self) -> ShardSet:
        """The shards this process logs in with (and whose guilds' timers it runs)."""
        if self.shard_count is None:
            return ShardSet.everything()
        if not self.shard_ids:
            return ShardSet(self.shard_count)
        return ShardSet(self.shard_count, frozenset(parse_shard_ids(self.shard_ids, self.shard_count)))

    @field_validator("database_url", mode="before")
    @classmethod
    def _blank_url_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("database_url")
    @classmethod
    def _known_database(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(("sqlite:///", "postgresql://", "postgres://")):
            raise ValueError("must start with sqlite:///, postgresql:// or postgres://")
        if value is not None and value.startswith(("postgresql://", "postgres://")) and not _postgres_driver():
            raise ValueError(POSTGRES_MISSING)
        return value

    def database(self) -> str:
        """Where the data lives: DATABASE_URL when set, else the SQLite file DATABASE_PATH (a relative one in the
        project's folder)."""
        return self.database_url or str(PROJECT_FOLDER / self.database_path)

    @field_validator("web_base_url")
    @classmethod
    def _web_url(cls, value: str) -> str:
        value = value.strip().rstrip("/")
        if value and not value.startswith(("http://", "https://")):
            raise ValueError("must start with http:// or https://")
        return value

    @field_validator("web_secret")
    @classmethod
    def _web_secret(cls, value: SecretStr) -> SecretStr:
        secret = value.get_secret_value().strip()
        if secret and len(secret) < 32:
            raise ValueError(
                "must be at least 32 characters (make one with "
                "`python3 -c 'import secrets; print(secrets.token_urlsafe(32))'`)"
            )
        return SecretStr(secret)

    def web_links(self) -> tuple[str, str] | None:
        """(base URL, secret) when the web pages are configured, else None: the bot adds no links then."""
        secret = self.web_secret.get_secret_value()
        return (self.web_base_url, secret) if self.web_base_url and secret else None

    def activity(self) -> tuple[int, str] | None:
        """(client id, client secret) when the live board is configured, else None: no Live board button then."""
        secret = self.discord_client_secret.get_secret_value().strip()
        if self.discord_client_id is None or not secret or self.web_links() is None:
            return None
        return self.discord_client_id, secret

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper_log_level(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value

    @classmethod
    def load(cls, file: Path | str | None = None) -> Settings:
        """Read the settings from the environment and `file` (by default `env_files()`), turning validation errors
        into one readable SettingsError."""
        try:
            return cls(_env_file=env_files() if file is None else file)  # type: ignore[call-arg]
        except ValidationError as error:
            problems = "; ".join(
                f"{'.'.join(str(part) for part in e['loc']).upper()}: {e['msg']}"
                if e["loc"]
                else str(e["msg"]).removeprefix("Value error, ")
                for e in error.errors()
            )
            raise SettingsError(f"The bot's settings are not valid ({problems}). See .env.example.") from None

    def token(self) -> str:
        """The bot token, or SettingsError explaining how to get one when it is missing or malformed."""
        token = self.discord_token.get_secret_value().strip()
        if not token:
            raise SettingsError(f"No Discord bot token is set, so the bot cannot log in. {TOKEN_HELP}")
        if not looks_like_token(token):
            raise SettingsError(
                "The DISCORD_TOKEN that is set does not look like a Discord bot token (three parts separated "
                f"by dots, the first one your bot's id). It may be cut short or be a client secret. {TOKEN_HELP}"
            )
        return token


def looks_like_token(token: str) -> bool:
    """Whether `token` has a bot token's shape: base64 of the numeric bot id, a dot, two more parts."""
    if not _TOKEN_SHAPE.match(token):
        return False
    first = token.split(".", 1)[0]
    try:
        bot_id = base64.urlsafe_b64decode(first + "=" * (-len(first) % 4)).decode("ascii")
    except (binascii.Error, UnicodeDecodeError):
        return False
    return bot_id.isdigit()


def rejected_token_message() -> str:
    """The paragraph shown when Discord itself refuses the token."""
    return f"Discord rejected the bot token in DISCORD_TOKEN (it may have been reset or revoked). {TOKEN_HELP}"
