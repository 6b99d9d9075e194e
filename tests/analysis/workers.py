"""Analysis worker tasks that misbehave, for the job tests (they run in the pool's worker processes: importable)."""

from __future__ import annotations

import os
from typing import Any


def exit_at_once(log_json: str, level: str) -> dict[str, Any]:
    """A worker that dies on every analysis (as one killed for its memory would)."""
    os._exit(3)
