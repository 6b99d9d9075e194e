"""Which guilds a bot process serves when the bot is split over shards. No Discord imports.

Discord routes a guild's gateway events to shard `(guild_id >> 22) % shard_count` (direct messages go to shard
0). A process started with some of the shards receives only their guilds' events, so its timers must also
touch only those guilds' matches: otherwise two processes would remind, expire or time out the same match.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

#: Discord's limit on shards per bot is far lower; this only keeps a typo (SHARD_COUNT=10000000) out.
MAX_SHARDS = 65536


class ShardError(ValueError):
    """SHARD_COUNT / SHARD_IDS cannot be used; the message says why, for the person starting the bot."""


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord sends a guild's events to; direct messages (no guild) go to shard 0."""
    if shard_count < 1:
        raise ValueError("shard_count must be at least 1")
    if not guild_id:
        return 0
    return (guild_id >> 22) % shard_count


def parse_shard_ids(text: str, shard_count: int) -> tuple[int, ...]:
    """`0-3`, `0,2` or a mix (`0-1,4`) as sorted shard ids, each in 0..shard_count-1 and named once."""
    ids: list[int] = []
    for part in (piece.strip() for piece in text.split(",")):
        if not part:
            raise ShardError(f"SHARD_IDS {text!r} has an empty item; write a range such as 0-3 or a list such as 0,2")
        low, dash, high = part.partition("-")
        try:
            first, last = int(low), int(high) if dash else int(low)
        except ValueError:
            raise ShardError(f"SHARD_IDS {text!r}: {part!r} is not a shard number or a range such as 0-3") from None
        if first < 0 or last < first:
            raise ShardError(f"SHARD_IDS {text!r}: {part!r} is not a range from a lower to a higher shard number")
        ids.extend(range(first, last + 1))
    if len(set(ids)) != len(ids):
        raise ShardError(f"SHARD_IDS {text!r} names a shard more than once")
    out_of_range = [i for i in ids if i >= shard_count]
    if out_of_range:
        raise ShardError(
            f"SHARD_IDS {text!r} names shard {out_of_range[0]}, but with SHARD_COUNT={shard_count} the shards are "
            f"0 to {shard_count - 1}"
        )
    return tuple(sorted(ids))


def format_shard_ids(ids: Iterable[int]) -> str:
    """Shard ids the short way round: (0, 1, 2, 5) -> '0-2,5'."""
    parts: list[str] = []
    run: list[int] = []
    for shard in sorted(ids):
        if run and shard == run[-1] + 1:
            run.append(shard)
            continue
        if run:
            parts.append(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}")
        run = [shard]
    if run:
        parts.append(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}")
    return ",".join(parts)


@dataclass(frozen=True, slots=True)
class ShardSet:
    """The shards this process serves: `count` None (Discord's recommended count, all in this process) or
    `ids` None (every shard of `count`) means every guild is served here, as with a single process."""

    count: int | None = None
    ids: frozenset[int] | None = None

    @classmethod
    def everything(cls) -> ShardSet:
        return cls()

    @property
    def serves_all(self) -> bool:
        return self.count is None or self.ids is None or len(self.ids) >= self.count

    @property
    def share(self) -> float:
        """This process's part of the whole bot's shards: the part of Discord's global limit it may use."""
        if self.serves_all:
            return 1.0
        assert self.count is not None and self.ids is not None
        return len(self.ids) / self.count

    def serves(self, guild_id: int | None) -> bool:
        """Whether this process gets the guild's events, and so handles its matches' timers."""
        if self.serves_all:
            return True
        assert self.count is not None and self.ids is not None
        return shard_of(guild_id, self.count) in self.ids

    def describe(self) -> str:
        """For the log: 'all shards', 'shards 0-1 of 4'."""
        if self.count is None:
            return "all shards (the count Discord recommends)"
        if self.ids is None:
            return f"all {self.count} shards"
        return f"shard{'s' if len(self.ids) > 1 else ''} {format_shard_ids(self.ids)} of {self.count}"


def heartbeat_key(shards: ShardSet | None) -> str:
    """Where a process records that it is up (the `meta` table): one key for a bot in one process, and one per
    process of a sharded bot ('heartbeat:0-1/4'), as each stops and starts on its own (bot.health reads it)."""
    if shards is None or shards.serves_all or shards.ids is None:
        return "heartbeat"
    return f"heartbeat:{format_shard_ids(shards.ids)}/{shards.count}"
