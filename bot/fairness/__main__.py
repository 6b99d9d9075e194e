"""`python -m bot.fairness FILE.mat`: recompute every roll of an exported match from its seeds."""

from __future__ import annotations

import sys
from pathlib import Path

from bot.fairness.check import check_mat


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("Usage: python -m bot.fairness FILE.mat  (a match exported with /bg export after it ended)")
        return 2
    try:
        text = Path(argv[0]).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        print(f"Cannot read {argv[0]}: {error}")
        return 2
    result = check_mat(text)
    print("\n".join(result.lines))
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
