"""`python -m bot.i18n.compile`: write the `.mo` beside every language's `.po` that lacks a current one
(bot.i18n.catalogues reads them; tasks.py and the Dockerfile run this)."""

from __future__ import annotations

import os

from bot.i18n.catalogues import available_languages, compiled, is_current, mo_path


def compile_catalogues() -> list[str]:
    """Write the `.mo` of every language whose `.mo` is missing or out of date; the languages written."""
    written = []
    for language in available_languages()[1:]:
        if is_current(language):
            continue
        partial = mo_path(language).with_suffix(f".mo.{os.getpid()}")
        partial.write_bytes(compiled(language))
        partial.replace(mo_path(language))  # whole or not at all, for a bot starting meanwhile
        written.append(language)
    return written


def main() -> None:
    written = compile_catalogues()
    if written:  # quiet otherwise: tasks.py runs this before every command
        print(f"compiled the catalogues of {', '.join(written)}")


if __name__ == "__main__":
    main()
