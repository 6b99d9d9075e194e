"""What a match costs in Discord (issue 33): the messages the bot created, edited and deleted, and the files it
uploaded, in the places a match was played in, counted from the stand-in's record of calls (`standin.calls`)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from tests.e2e.boards_left import live_controls
from tests.support.discord_standin import Channel, DiscordStandin

#: A roll in a match's move list (bot.records.move_list): `Alice  3-1: 8/5 6/5`, or `6-5: cannot move`.
ROLL = re.compile(r"\b[1-6]-[1-6]:")
#: The budget on the whole-play path (issue 33).
CALLS_PER_TURN = 2.5


@dataclass(frozen=True)
class Counts:
    """Calls of one match: created, edited, deleted messages and uploaded files."""

    created: int
    edited: int
    deleted: int
    uploads: int

    @property
    def calls(self) -> int:
        return self.created + self.edited + self.deleted

    def per_turn(self, turns: int) -> float:
        return self.calls / max(turns, 1)

    def __str__(self) -> str:
        return f"{self.created} created, {self.edited} edited, {self.deleted} deleted, {self.uploads} uploads"


def counts(standin: DiscordStandin, channel_ids: set[int], since: int = 0) -> Counts:
    """The calls in these channels from `since` (an index into standin.calls) on."""
    kinds: Counter[str] = Counter()
    uploads = 0
    for call in standin.calls[since:]:
        if call.channel_id in channel_ids:
            kinds[call.kind] += 1
            uploads += call.uploads
    return Counts(kinds["create"], kinds["edit"], kinds["delete"], uploads)


def turns_in(move_list: str) -> int:
    """How many turns (rolls) a move list holds."""
    return len(ROLL.findall(move_list))


def kept(channel: Channel) -> list[str]:
    """The first line of every message still in the channel, oldest first."""
    return [(m.content.splitlines() or [""])[0] for m in channel.messages if not m.deleted and not m.ephemeral]


def live_boards(channel: Channel) -> int:
    """Messages of the channel a member could still press a game control on."""
    return sum(1 for m in channel.messages if not m.deleted and not m.ephemeral and live_controls(m))


def unread_mentions(channel: Channel, user_id: int) -> int:
    """Boards still there that notified this user (a deleted message's mention is gone with it; the challenge,
    which names the challenged member, is no board)."""
    return sum(1 for m in channel.messages if not m.deleted and m.attachments and user_id in m.pinged)
