"""`python -m bot.store.migrations.sqlite_translations`: write SQLite's translation of every shared migration
beside them (bot.store.migrations.TRANSLATED), so that no process reading them loads sqlglot; the translations of
migrations that changed or went are removed. `tasks.py setup` and the image run it."""

from __future__ import annotations

import sys
from pathlib import Path

from bot.store.migrations import TRANSLATED, shared_migrations, translate, translation_name


def write_translations(folder: Path = TRANSLATED) -> int:
    """Write the translations not written yet into `folder`, remove the others; returns how many were written."""
    folder.mkdir(exist_ok=True)
    wanted = {translation_name(sql): sql for _, sql in shared_migrations()}
    for old in folder.glob("*.sql"):
        if old.name not in wanted:
            old.unlink()
    written = 0
    for name, sql in wanted.items():
        path = folder / name
        if not path.exists():
            path.write_text(translate(sql), encoding="utf-8")
            written += 1
    return written


if __name__ == "__main__":
    count = write_translations()
    if count:
        print(f"translated {count} shared migrations for SQLite", file=sys.stderr)
