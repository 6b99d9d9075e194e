"""Storage: the database interface (SQLite or PostgreSQL), its migrations and the queries the game service needs."""

from bot.store.backend import Connection, Database, Queries, Row
from bot.store.database import connect, open_database
from bot.store.errors import IntegrityError, StaleVersionError, StoreUnavailableError

__all__ = [
    "Connection",
    "Database",
    "IntegrityError",
    "Queries",
    "Row",
    "StaleVersionError",
    "StoreUnavailableError",
    "connect",
    "open_database",
]
