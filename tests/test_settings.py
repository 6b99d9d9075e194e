"""Settings: defaults, .env parsing, environment precedence and the token checks."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest

from bot.settings import Settings, SettingsError, env_files, looks_like_token

_VARS = ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL")


def fake_token(bot_id: int = 123456789012345678) -> str:
    first = base64.urlsafe_b64encode(str(bot_id).encode()).decode().rstrip("=")
    return f"{first}.GhIjKl.{'x' * 38}"


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in _VARS:
        monkeypatch.delenv(name, raising=False)


def test_defaults_without_env_file(tmp_path: Path) -> None:
    settings = Settings.load(tmp_path / "missing.env")
    assert settings.database_path == Path("data/gammon.db")
    assert settings.dev_guild_id is None
    assert settings.log_level == "INFO"
    assert settings.discord_token.get_secret_value() == ""


def test_env_file_is_parsed(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    token = fake_token()
    env.write_text(
        f"# comment\nDISCORD_TOKEN={token}\nDATABASE_PATH=/tmp/x/y.db\nDEV_GUILD_ID=42\nLOG_LEVEL=debug\nOTHER=1\n"
    )
    settings = Settings.load(env)
    assert settings.token() == token
    assert settings.database_path == Path("/tmp/x/y.db")
    assert settings.dev_guild_id == 42
    assert settings.log_level == "DEBUG"


def test_environment_overrides_env_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    env = tmp_path / ".env"
    env.write_text("LOG_LEVEL=ERROR\nDEV_GUILD_ID=\n")
    monkeypatch.setenv("LOG_LEVEL", "warning")
    settings = Settings.load(env)
    assert settings.log_level == "WARNING"
    assert settings.dev_guild_id is None  # an empty line in .env means "not set"


def test_bad_values_give_one_readable_error(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("DEV_GUILD_ID=abc\nLOG_LEVEL=LOUD\n")
    with pytest.raises(SettingsError) as raised:
        Settings.load(env)
    message = str(raised.value)
    assert "DEV_GUILD_ID" in message and "LOG_LEVEL" in message and ".env.example" in message


def test_missing_token_explains_where_to_get_one(tmp_path: Path) -> None:
    settings = Settings.load(tmp_path / "none")
    with pytest.raises(SettingsError) as raised:
        settings.token()
    message = str(raised.value)
    assert "No Discord bot token" in message
    assert "discord.com/developers/applications" in message
    assert ".env" in message


@pytest.mark.parametrize(
    "token",
    ["abc", "not a token at all", "a.b.c", fake_token().replace(".", ""), "bm90LWRpZ2l0cw.GhIjKl." + "x" * 38],
)
def test_malformed_tokens_are_refused(token: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert not looks_like_token(token)
    monkeypatch.setenv("DISCORD_TOKEN", token)
    with pytest.raises(SettingsError, match="does not look like a Discord bot token"):
        Settings.load(tmp_path / "none").token()


def test_well_formed_token_is_accepted() -> None:
    assert looks_like_token(fake_token())
    assert looks_like_token(fake_token(80351110224678912))


def test_the_env_file_and_a_relative_database_are_the_projects_whatever_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Started from another folder, the bot reads the project's `.env` (then that folder's own, whose lines win)
    and keeps its data in the project."""
    monkeypatch.delenv("ENV_FILE")
    monkeypatch.delenv("DATABASE_PATH", raising=False)
    monkeypatch.chdir(tmp_path)
    project = Path(__file__).resolve().parents[1]
    assert env_files() == (project / ".env", tmp_path / ".env")
    assert Settings.load(tmp_path / "none").database() == str(project / "data" / "gammon.db")
    monkeypatch.chdir(project)
    assert env_files() == (project / ".env",)
    monkeypatch.setenv("ENV_FILE", str(tmp_path / "other.env"))
    (tmp_path / "other.env").write_text("AWAY_SECONDS=7\n")
    assert env_files() == (tmp_path / "other.env",) and Settings.load().away_seconds == 7
