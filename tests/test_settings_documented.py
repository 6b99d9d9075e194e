"""Every setting of `bot.settings.Settings` is in the README's settings table and in `.env.example`, with the same
default, and neither names one that does not exist: one source for each setting, and its documents follow it."""

from __future__ import annotations

import re
from pathlib import Path

from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
#: A row of the README's settings table: its first cell names one setting or several (`A`, `B`).
_ROW = re.compile(r"^\| (`[A-Z_]+`(?:, `[A-Z_]+`)*) \|")


def settings_names() -> set[str]:
    return {name.upper() for name in Settings.model_fields}


def readme_names() -> set[str]:
    text = (ROOT / "README.md").read_text()
    table = text[text.index("## Settings") :].split("\n## ", 1)[0]
    names = set()
    for line in table.splitlines():
        found = _ROW.match(line)
        if found:
            names |= set(re.findall(r"`([A-Z_]+)`", found.group(1)))
    return names


def env_example() -> dict[str, str]:
    """NAME -> value of every setting line of .env.example."""
    lines = (ROOT / ".env.example").read_text().splitlines()
    return dict(line.split("=", 1) for line in lines if re.match(r"^[A-Z_]+=", line))


def test_the_readme_table_lists_every_setting_and_no_other() -> None:
    assert readme_names() == settings_names()


def test_env_example_lists_every_setting_with_its_default() -> None:
    example = env_example()
    assert set(example) == settings_names()
    for name, field in Settings.model_fields.items():
        value, default = example[name.upper()], field.default
        if default is None or str(default) in ("", "**********"):
            assert value == "", name  # no default: left empty
        elif isinstance(default, bool):
            assert value == str(default).lower(), name
        elif isinstance(default, float) and default.is_integer():
            assert value in (str(default), str(int(default))), name
        else:
            assert value == str(default), name
