"""tasks.py installs the project with uv, and with pip where uv cannot be installed or fails (issue 30)."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest

import tasks


def commands_run(monkeypatch: pytest.MonkeyPatch, failing: str | None) -> tuple[bool, list[list[str]]]:
    """What `_install_with_uv` returns and runs when the command naming `failing` fails (None: none fails)."""
    run: list[list[str]] = []

    def fake_run(args: list[str], **_: Any) -> subprocess.CompletedProcess[bytes]:
        run.append(args)
        return subprocess.CompletedProcess(args, 1 if failing and failing in " ".join(args) else 0)

    monkeypatch.setattr(tasks.subprocess, "run", fake_run)
    return tasks._install_with_uv(), run


def test_uv_is_installed_into_the_venv_then_installs_the_project_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    done, run = commands_run(monkeypatch, failing=None)
    assert done
    assert run[0] == [str(tasks.PYTHON), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", tasks.UV]
    assert run[1][:3] == [str(tasks.BIN / "uv"), "pip", "install"]
    assert {"--compile-bytecode", ".[dev]"} <= set(run[1]) and run[1][run[1].index("--python") + 1] == str(tasks.PYTHON)
    assert run[1][run[1].index("-r") + 1] == tasks.DEV_LOCK  # the lock file's versions


def test_a_change_of_the_lock_file_installs_again(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("pyproject.toml", tasks.DEV_LOCK):
        (tmp_path / name).write_text((tasks.ROOT / name).read_text())
    monkeypatch.setattr(tasks, "ROOT", tmp_path)
    before = tasks.installed_from()
    assert tasks.installed_from() == before
    (tmp_path / tasks.DEV_LOCK).write_text((tasks.ROOT / tasks.DEV_LOCK).read_text().replace("==", "==0", 1))
    assert tasks.installed_from() != before


@pytest.mark.parametrize("failing", ["pip install", "uv pip install"])
def test_a_failed_step_hands_the_install_to_pip(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], failing: str
) -> None:
    done, run = commands_run(monkeypatch, failing=failing)
    assert not done
    assert len(run) == (1 if failing == "pip install" else 2)
    assert "installing with pip instead" in capsys.readouterr().err
