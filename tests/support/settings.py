"""Real settings for tests that build a bot's parts by hand: the defaults of `bot.settings.Settings`, no `.env`."""

from __future__ import annotations

from typing import Any

from pydantic import SecretStr

from bot.settings import Settings


def bot_settings(**overrides: Any) -> Settings:
    """The bot's settings with their defaults (or `overrides`), read from no `.env` file."""
    return Settings(_env_file=None, discord_token=SecretStr("x"), **overrides)  # type: ignore[call-arg]
