"""What a match costs in Discord (issue 33): the messages the bot created, edited and deleted, and the files it
uploaded, in the places a match was played in, counted from the stand-in's record of calls (`standin.calls`)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from tests.e2e.boards_left import live_controls
from tests.support.discord_standin import Channel, DiscordStandin, Message

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


def last_read(standin: DiscordStandin, channel: Channel, user_id: int) -> int:
    """The id of the member's last interaction in the channel (0: none): pressing a button or running a command
    there, they saw every message before it, as Discord marks the channel read."""
    return max(
        (i.id for i in standin.interactions.values() if i.user.id == user_id and i.channel_id == channel.id), default=0
    )


def unread_mentions(standin: DiscordStandin, channel: Channel, user_id: int) -> int:
    """Messages still in the channel that notified this user after they last acted there (issue 33): any message,
    board or not (a reminder or a claim offer of their own would count). A deleted message's mention goes with it;
    one the member saw before acting is read (the challenge they accepted, say). Ids are Discord's snowflakes, in
    order of time."""
    seen = last_read(standin, channel, user_id)
    return sum(1 for m in channel.messages if not m.deleted and not m.ephemeral and user_id in m.pinged and m.id > seen)


def only_what_a_match_keeps(standin: DiscordStandin, thread: Channel, moves: Message, result: Message) -> list[Message]:
    """Issue 33, item 1: a match played in a thread keeps there one final board per game (the last one says who
    won the match, none has controls but the last one's Rematch) and the move list; the channel keeps the challenge
    (a link to the thread now) and the result line. Returns the final boards."""
    finals = [m for m in thread.messages if not m.deleted and not m.ephemeral and m.attachments and m is not moves]
    assert finals and all(not m.buttons for m in finals[:-1]) and "wins the match" in finals[-1].content, kept(thread)
    assert all(" wins " in m.content for m in finals), kept(thread)
    assert [m for m in thread.messages if not m.deleted and not m.ephemeral] == [*finals, moves], kept(thread)
    parent = standin.channels[thread.parent_id or 0]
    left = [m for m in parent.messages if not m.deleted and not m.ephemeral]
    assert len(left) == 2 and f"<#{thread.id}>" in left[0].content and left[1] is result, kept(parent)
    return finals
