"""COMPUTER_WORKERS (issue 16): one worker by default, read from the environment and .env, checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.settings import Settings, SettingsError

ROOT = Path(__file__).resolve().parents[2]


def test_one_worker_by_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COMPUTER_WORKERS", raising=False)
    assert Settings.load(tmp_path / "missing.env").computer_workers == 1


def test_workers_from_env_file_and_refused_below_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COMPUTER_WORKERS", raising=False)
    env = tmp_path / ".env"
    env.write_text("COMPUTER_WORKERS=3\n")
    assert Settings.load(env).computer_workers == 3
    monkeypatch.setenv("COMPUTER_WORKERS", "0")
    with pytest.raises(SettingsError, match="COMPUTER_WORKERS"):
        Settings.load(env)


def test_the_setting_is_documented_where_it_is_set() -> None:
    for name in (".env.example", "README.md", "Dockerfile"):
        assert "COMPUTER_WORKERS" in (ROOT / name).read_text(), name


@pytest.mark.parametrize(
    ("variable", "default", "valid", "refused"),
    [
        # issue 31, item 4: matches against the computer one member may play at once, at least one
        ("COMPUTER_MATCHES_PER_MEMBER", 2, "5", "0"),
        # issue 36, item 4: seconds a computer turn may take, 0 for no limit, never negative
        ("COMPUTER_TURN_SECONDS", 2.0, "0", "-1"),
    ],
)
def test_a_computer_setting_is_read_checked_and_documented(
    variable: str, default: float, valid: str, refused: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def value() -> object:
        return getattr(Settings.load(tmp_path / "missing.env"), variable.lower())

    monkeypatch.delenv(variable, raising=False)
    assert value() == default
    monkeypatch.setenv(variable, valid)
    assert value() == float(valid)
    monkeypatch.setenv(variable, refused)
    with pytest.raises(SettingsError, match=variable):
        value()
    for name in (".env.example", "README.md"):
        assert variable in (ROOT / name).read_text(), name
