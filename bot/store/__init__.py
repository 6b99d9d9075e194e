"""Storage: the SQLite database, its migrations and the queries the game service needs."""

from bot.store.database import open_database

__all__ = ["open_database"]
