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
