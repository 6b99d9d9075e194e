"""bgsage's N-ply search without its position cache, for every analyzer bot.computer.sage makes."""

from __future__ import annotations

from typing import Any


class UncachedStrategy:
    """bgsage's N-ply search with its position cache off and nothing to clear. bgsage clears that cache after
    every checker play by writing its whole table (41 MB): in a worker forked from the forkserver, which holds the
    analyzer, that made a private copy of the table in every worker that searched 2 plies deep. Off, the analyses
    are the same and take as long (a match's analysis compared field by field, CPU time within noise)."""

    def __init__(self, strategy: Any) -> None:
        strategy.set_cache_enabled(False)
        self._strategy = strategy

    def clear_cache(self) -> None:
        """Nothing cached, nothing to clear."""

    def __getattr__(self, name: str) -> Any:
        return getattr(self._strategy, name)


def without_position_cache(analyzer: Any) -> None:
    """The N-ply analyzer's search without its position cache (`UncachedStrategy`); where bgsage's inside is not
    as expected (another version), left as it is."""
    inner: Any = getattr(getattr(analyzer, "_analyzer", None), "_inner", None)
    strategy = getattr(inner, "_strategy_nply", None)
    if strategy is not None and hasattr(strategy, "set_cache_enabled") and hasattr(strategy, "clear_cache"):
        inner._strategy_nply = UncachedStrategy(strategy)
