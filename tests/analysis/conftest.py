from __future__ import annotations

from tests.service.conftest import service  # noqa: F401  (fixture, used by name)
