"""Comments and docstrings of the product say why the code is so, not when: no issue numbers (git has them)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = ("bot", "cogs", "render")
_ISSUE = re.compile(r"\bissues? ?#?\d+", re.IGNORECASE)


def issue_mentions(root: Path) -> list[str]:
    return [
        f"{path.relative_to(root)}:{number}: {line.strip()}"
        for package in PRODUCT
        for path in sorted((root / package).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if _ISSUE.search(line)
    ]


def test_the_product_names_no_issue_numbers() -> None:
    found = issue_mentions(ROOT)
    assert not found, "\n".join(found)


def test_the_check_finds_an_issue_number_in_a_comment(tmp_path: Path) -> None:
    (tmp_path / "bot").mkdir()
    (tmp_path / "bot" / "a.py").write_text("x = 1  # see issue 12\ny = 2  # an issue with nothing to count\n")
    assert issue_mentions(tmp_path) == ["bot/a.py:1: x = 1  # see issue 12"]
