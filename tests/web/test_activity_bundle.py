"""The Activity's SDK bundle: pinned in package.json and package-lock.json, built at set-up (tasks.py) into the web
server's static folder, so that nothing is fetched when the page runs."""

from __future__ import annotations

import json

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
