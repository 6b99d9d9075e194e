"""The bot process of the load set-up `sqlite-aiosqlite` (issue 19's driver comparison): its SQLite file opened
through aiosqlite (bench/aiosqlite_backend.py) instead of the product's stdlib backend; nothing else changes.

The set-up puts this directory first on PYTHONPATH in place of the timing probes' (bench/load/site, whose probes
wrap the stdlib backend). First the stand-in's own sitecustomize (next on the path) runs, pointing discord.py at
the stand-in; then `bot.store.database.connect`, which `open_database` calls, opens SQLite targets through
aiosqlite (PostgreSQL URLs as before).
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

for _entry in sys.path:
    _other = Path(_entry) / "sitecustomize.py"
    if _entry and _other.is_file() and _other.resolve() != Path(__file__).resolve():
        runpy.run_path(str(_other), run_name="sitecustomize_standin")
        break


def _through_aiosqlite() -> None:
    import bot.store.database
    from bench.aiosqlite_backend import AiosqliteDatabase
    from bot.store.backend import Database

    product_connect = bot.store.database.connect

    async def connect(target: Path | str) -> Database:
        if bot.store.database.is_postgres(str(target)):
            return await product_connect(target)
        database = AiosqliteDatabase(bot.store.database.sqlite_path(str(target)))
        try:
            await database.open()
        except BaseException:
            await database.close()
            raise
        return database

    bot.store.database.connect = connect


_through_aiosqlite()
