"""Sharding (issue 19): Discord's routing formula, SHARD_IDS parsing and which guilds a process serves."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.settings import Settings, SettingsError
from bot.sharding import ShardError, ShardSet, format_shard_ids, parse_shard_ids, shard_of

#: A real-looking snowflake: created at a known time, so its shard is worked out by hand below.
GUILD = 175928847299117063  # Discord's documentation example; (GUILD >> 22) == 41944705796


def test_shard_of_is_discords_formula() -> None:
    assert GUILD >> 22 == 41944705796
    assert shard_of(GUILD, 1) == 0
    assert shard_of(GUILD, 2) == 0  # 41944705796 is even
    assert shard_of(GUILD, 3) == 41944705796 % 3 == 2
    assert shard_of(GUILD + (1 << 22), 2) == 1  # the next millisecond's guild: the other shard of two
    start = GUILD >> 22 << 22
    assert shard_of(start + (1 << 22) - 1, 2) == 0  # the low 22 bits (worker, process, increment) do not count


def test_direct_messages_go_to_shard_zero() -> None:
    assert shard_of(None, 4) == 0
    assert shard_of(0, 4) == 0


def test_shard_of_refuses_no_shards() -> None:
    with pytest.raises(ValueError):
        shard_of(GUILD, 0)


@pytest.mark.parametrize(
    ("text", "count", "expected"),
    [("0-3", 4, (0, 1, 2, 3)), ("0,2", 4, (0, 2)), ("2", 4, (2,)), (" 3 , 0-1 ", 8, (0, 1, 3)), ("1-1", 2, (1,))],
)
def test_shard_ids_ranges_and_lists(text: str, count: int, expected: tuple[int, ...]) -> None:
    assert parse_shard_ids(text, count) == expected


@pytest.mark.parametrize(
    ("text", "count", "says"),
    [
        ("0-4", 4, "shards are 0 to 3"),
        ("4", 4, "names shard 4"),
        ("3-1", 4, "lower to a higher"),
        ("-1", 4, "not a shard number"),
        ("a", 4, "not a shard number"),
        ("0,,1", 4, "empty item"),
        ("0,0-1", 4, "more than once"),
    ],
)
def test_bad_shard_ids_say_why(text: str, count: int, says: str) -> None:
    with pytest.raises(ShardError, match=says):
        parse_shard_ids(text, count)


def test_format_shard_ids() -> None:
    assert format_shard_ids([5, 0, 1, 2]) == "0-2,5"
    assert format_shard_ids([3]) == "3"


def test_shard_set_serves_only_its_shards_guilds() -> None:
    first, second = GUILD, GUILD + (1 << 22)
    zero, one = ShardSet(2, frozenset({0})), ShardSet(2, frozenset({1}))
    assert zero.serves(first) and not zero.serves(second)
    assert one.serves(second) and not one.serves(first)
    assert zero.serves(None) and not one.serves(None)  # direct messages: shard 0
    assert not zero.serves_all
    for everything in (ShardSet.everything(), ShardSet(4), ShardSet(2, frozenset({0, 1}))):
        assert everything.serves_all and everything.serves(first) and everything.serves(second)
    assert zero.describe() == "shard 0 of 2"
    assert ShardSet(4, frozenset({0, 1})).describe() == "shards 0-1 of 4"


@pytest.fixture
def env_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("SHARD_COUNT", "SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path / ".env"


def test_default_is_one_process_with_every_shard(env_file: Path) -> None:
    env_file.write_text("SHARD_COUNT=\nSHARD_IDS=\n")
    settings = Settings.load(env_file)
    assert settings.shard_count is None
    assert settings.shards() == ShardSet.everything()


def test_shard_settings_are_read(env_file: Path) -> None:
    env_file.write_text("SHARD_COUNT=4\nSHARD_IDS=2-3\n")
    shards = Settings.load(env_file).shards()
    assert shards == ShardSet(4, frozenset({2, 3}))
    env_file.write_text("SHARD_COUNT=4\n")
    assert Settings.load(env_file).shards() == ShardSet(4)


@pytest.mark.parametrize(
    ("lines", "says"),
    [
        ("SHARD_IDS=0-1\n", "needs SHARD_COUNT"),
        ("SHARD_COUNT=2\nSHARD_IDS=0-2\n", "shards are 0 to 1"),
        ("SHARD_COUNT=0\n", "SHARD_COUNT"),
        ("SHARD_COUNT=two\n", "SHARD_COUNT"),
        ("SHARD_COUNT=4\nSHARD_IDS=1;2\n", "not a shard number"),
    ],
)
def test_bad_shard_settings_stop_the_start_with_a_clear_error(env_file: Path, lines: str, says: str) -> None:
    env_file.write_text(lines)
    with pytest.raises(SettingsError, match=says) as raised:
        Settings.load(env_file)
    assert ".env.example" in str(raised.value)
