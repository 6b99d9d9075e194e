"""Boards Discord would not show yet: which matches to try again, and when (bookkeeping only, no Discord calls).

An action is stored before its board is posted. When Discord refuses the post (an outage, a lost permission),
the match is queued here and tried again with a growing pause (2 s, 4 s, ... up to a minute), for as long as it
takes: the stored state is the truth, and the players must get their controls back once Discord does.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import discord

from bot.i18n import N_, translate


class BoardNotShown(Exception):
    """The action was stored, but Discord did not let the bot show the new board. It is shown again later
    (GamePublisher.repairs), and the player is told the truth: nothing was lost."""

    def __init__(self, match_id: int, error: discord.HTTPException) -> None:
        super().__init__(f"The board of match #{match_id} could not be shown: {error}")
        self.match_id = match_id
        self.error = error

    def player_text(self, locale: object = None) -> str:
        """What the player who acted is told, in their language: the truth (their action counts) and what happens
        next."""
        saved = (
            N_(
                "Your action was saved, but the new board could not be shown: I am not allowed to post here (a "
                "moderator took away my Send Messages or Attach Files permission). It will appear as soon as Discord "
                "lets me post it; nothing is lost."
            )
            if isinstance(self.error, discord.Forbidden)
            else N_(
                "Your action was saved, but the new board could not be shown: Discord is having trouble right now. "
                "It will appear as soon as Discord lets me post it; nothing is lost."
            )
        )
        return translate(locale, saved)


FIRST_PAUSE_SECONDS = 2.0
LONGEST_PAUSE_SECONDS = 60.0


@dataclass
class _Due:
    at: float
    failures: int


class Repairs:
    """Matches whose board must be shown again, each with the time of its next try."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._due: dict[int, _Due] = {}

    def add(self, match_id: int, *, at_once: bool = False) -> None:
        """Queue a match, tried after the first pause (or `at_once`); a match already queued keeps its schedule."""
        self._due.setdefault(match_id, _Due(self._clock() + (0.0 if at_once else FIRST_PAUSE_SECONDS), 0))

    def due(self) -> list[int]:
        """The matches whose next try is due now, oldest first."""
        now = self._clock()
        return [match_id for match_id, due in sorted(self._due.items(), key=lambda item: item[1].at) if due.at <= now]

    def succeeded(self, match_id: int) -> None:
        self._due.pop(match_id, None)

    def failed(self, match_id: int) -> None:
        """Try again later, after twice the last pause (at most a minute)."""
        entry = self._due.setdefault(match_id, _Due(0.0, 0))
        entry.failures += 1
        entry.at = self._clock() + min(LONGEST_PAUSE_SECONDS, FIRST_PAUSE_SECONDS * 2**entry.failures)

    def __contains__(self, match_id: object) -> bool:
        return match_id in self._due

    def __len__(self) -> int:
        return len(self._due)
