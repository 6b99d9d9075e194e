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


def readme_rows() -> dict[str, str]:
    """NAME -> the README's row that names it."""
    text = (ROOT / "README.md").read_text()
    table = text[text.index("## Settings") :].split("\n## ", 1)[0]
    rows = {}
    for line in table.splitlines():
        found = _ROW.match(line)
        if found:
            rows |= dict.fromkeys(re.findall(r"`([A-Z_]+)`", found.group(1)), line)
    return rows


def readme_names() -> set[str]:
    return set(readme_rows())


def bounds(name: str) -> tuple[float | None, float | None]:
    """The lowest and highest value Settings takes for a number (None: no bound that way)."""
    low = high = None
    for rule in Settings.model_fields[name].metadata:
        low = getattr(rule, "ge", None) if getattr(rule, "ge", None) is not None else low
        high = getattr(rule, "le", None) if getattr(rule, "le", None) is not None else high
    return low, high


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


def test_the_readme_gives_the_range_of_every_number_with_one() -> None:
    """A bounded number's row says its range as Settings enforces it: `(1-32)`, or `0 or more`."""
    rows = readme_rows()
    for name in Settings.model_fields:
        low, high = bounds(name)
        if low is None and high is None:
            continue
        said = f"{low:g}-{high:g}" if high is not None else f"{low:g} or more"
        assert said in rows[name.upper()], (name, said)
