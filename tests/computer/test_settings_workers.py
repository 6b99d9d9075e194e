"""COMPUTER_WORKERS (issue 16): one worker by default, read from the environment and .env, checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.settings import Settings, SettingsError

ROOT = Path(__file__).resolve().parents[2]


def test_one_worker_by_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COMPUTER_WORKERS", raising=False)
    assert Settings.load(env_file=tmp_path / "missing.env").computer_workers == 1


def test_workers_from_env_file_and_refused_below_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COMPUTER_WORKERS", raising=False)
    env = tmp_path / ".env"
    env.write_text("COMPUTER_WORKERS=3\n")
    assert Settings.load(env_file=env).computer_workers == 3
    monkeypatch.setenv("COMPUTER_WORKERS", "0")
    with pytest.raises(SettingsError, match="COMPUTER_WORKERS"):
        Settings.load(env_file=env)


def test_the_setting_is_documented_where_it_is_set() -> None:
    for name in (".env.example", "README.md", "Dockerfile"):
        assert "COMPUTER_WORKERS" in (ROOT / name).read_text(), name


def test_computer_matches_per_member_is_read_checked_and_documented(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 31, item 4: two by default, set in the environment, at least one."""
    monkeypatch.delenv("COMPUTER_MATCHES_PER_MEMBER", raising=False)
    assert Settings.load(env_file=tmp_path / "missing.env").computer_matches_per_member == 2
    monkeypatch.setenv("COMPUTER_MATCHES_PER_MEMBER", "5")
    assert Settings.load(env_file=tmp_path / "missing.env").computer_matches_per_member == 5
    monkeypatch.setenv("COMPUTER_MATCHES_PER_MEMBER", "0")
    with pytest.raises(SettingsError, match="COMPUTER_MATCHES_PER_MEMBER"):
        Settings.load(env_file=tmp_path / "missing.env")
    for name in (".env.example", "README.md"):
        assert "COMPUTER_MATCHES_PER_MEMBER" in (ROOT / name).read_text(), name


def test_computer_turn_seconds_is_read_checked_and_documented(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 36 item 4: two seconds by default, 0 for no limit, never negative."""
    monkeypatch.delenv("COMPUTER_TURN_SECONDS", raising=False)
    assert Settings.load(env_file=tmp_path / "missing.env").computer_turn_seconds == 2.0
    monkeypatch.setenv("COMPUTER_TURN_SECONDS", "0")
    assert Settings.load(env_file=tmp_path / "missing.env").computer_turn_seconds == 0.0
    monkeypatch.setenv("COMPUTER_TURN_SECONDS", "-1")
    with pytest.raises(SettingsError, match="COMPUTER_TURN_SECONDS"):
        Settings.load(env_file=tmp_path / "missing.env")
    for name in (".env.example", "README.md"):
        assert "COMPUTER_TURN_SECONDS" in (ROOT / name).read_text(), name
