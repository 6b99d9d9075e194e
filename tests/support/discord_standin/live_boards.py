"""The stand-in's watch on boards: which of the bot's messages carry live controls of a match, kept up to date as
messages are created, edited and deleted, so that the moment a match shows two such messages is caught as it
happens (a member could press either), not only at the end of a test.

A control of a match is an enabled button or select menu whose custom id is `bg:<match>:<version>:<action>`. The
**Rematch** button under a finished match and **Moves** (a private answer to anyone) are no game controls. A match
is told by its id and its channel: tests that run two bots (SQLite and PostgreSQL) against one stand-in have a
match 1 each, each in a channel of its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tests.support.discord_standin.components import children_of
from tests.support.discord_standin.model import Message

_GAME_CONTROL = re.compile(r"bg:(?P<match>[0-9]+):[0-9]+:(?P<action>[a-z]+)")
NOT_GAME_CONTROLS = frozenset({"rematch", "moves"})


def matches_live_on(message: Message) -> frozenset[int]:
    """The matches whose game controls a member could press on this message."""
    if message.deleted or message.ephemeral:
        return frozenset()
    found = set()
    for child in children_of(message.components):
        found_id = _GAME_CONTROL.fullmatch(child.get("custom_id") or "")
        if found_id is not None and not child.get("disabled") and found_id["action"] not in NOT_GAME_CONTROLS:
            found.add(int(found_id["match"]))
    return frozenset(found)


@dataclass(frozen=True, slots=True)
class TwoLiveBoards:
    """A moment a match had live controls on more than one message."""

    match_id: int
    message_ids: tuple[int, ...]


@dataclass
class LiveBoards:
    """(channel id, match id) -> the ids of the bot's messages with the match's live controls there, and every
    moment one had two or more. `live_on` is the same the other way round (a message's id -> its keys), so that a
    change looks at its own message's matches only, not at every match the stand-in has seen (a load run's
    hundreds of tables, each message of theirs edited several times a minute)."""

    live: dict[tuple[int, int], set[int]] = field(default_factory=dict)
    live_on: dict[int, set[tuple[int, int]]] = field(default_factory=dict)
    moments: list[TwoLiveBoards] = field(default_factory=list)

    def changed(self, message: Message) -> list[TwoLiveBoards]:
        """Take note of a created, edited or deleted message; returns the moments it made (a match now live on
        more than one message)."""
        now_live = {(message.channel_id, match_id) for match_id in matches_live_on(message)}
        made = []
        for key in now_live | self.live_on.pop(message.id, set()):
            ids = self.live.setdefault(key, set())
            if key in now_live:
                ids.add(message.id)
                if len(ids) > 1:
                    made.append(TwoLiveBoards(key[1], tuple(sorted(ids))))
            else:
                ids.discard(message.id)
        if now_live:
            self.live_on[message.id] = now_live
        self.moments.extend(made)
        return made
