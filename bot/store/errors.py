"""Database errors the rest of the bot may catch, whichever driver raised them."""

from __future__ import annotations


class StoreError(Exception):
    """Base of the store's own errors."""


class IntegrityError(StoreError):
    """A constraint refused the write (a unique index, a check): the transaction was rolled back."""


class StaleVersionError(StoreError):
    """A write found its match at another version than the one it was computed from (another process stored an
    action meanwhile): nothing was written."""


class StoreUnavailableError(StoreError):
    """The database cannot be reached just now (PostgreSQL restarting, the network): nothing was written, and
    the same request can be tried again in a moment."""

    def __init__(self, detail: str = "") -> None:
        super().__init__(detail or "The database is not reachable just now.")
