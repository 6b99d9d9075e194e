"""The rate limit per address (issue 34): a minute's worth at once, then refused, refilled over time, each
address on its own."""

from __future__ import annotations

from bot.web import limits
from bot.web.limits import RateLimit


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_an_address_gets_its_minute_then_is_refused_and_refilled() -> None:
    clock = Clock()
    limit = RateLimit(60, clock=clock)
    assert all(limit.allow("1.2.3.4") for _ in range(60))
    assert not limit.allow("1.2.3.4")
    assert limit.allow("5.6.7.8")  # another address has its own bucket
    clock.now += 1.0  # one token a second
    assert limit.allow("1.2.3.4")
    assert not limit.allow("1.2.3.4")
    clock.now += 3600
    assert sum(limit.allow("1.2.3.4") for _ in range(100)) == 60  # never more than a minute's worth


def test_the_table_of_addresses_is_bounded(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(limits, "MAX_ADDRESSES", 3)
    limit = RateLimit(1, clock=Clock())
    for address in ("a", "b", "c", "d"):
        assert limit.allow(address)
    assert limit.allow("a")  # forgotten (the oldest), so it starts again
    assert not limit.allow("d")
