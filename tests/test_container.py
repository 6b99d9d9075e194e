"""The container image, read from the Dockerfile beside the lock file it installs (no image can be built here): the
versions installed are the lock file's, which pins every dependency of pyproject.toml (and the postgres extra)
inside its range and agrees with the lock file tasks.py installs; the code is in the image once, run from /app; the
health check is the bot's own, as in compose.yaml; and .dockerignore lets in only what the Dockerfile copies."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

import tasks

ROOT = Path(__file__).resolve().parents[1]
#: The image's platform, for the lock files' markers (a few pins hold for some Python versions only).
IMAGE = {
    "python_version": "3.11",
    "python_full_version": "3.11.0",
    "sys_platform": "linux",
    "platform_system": "Linux",
    "platform_machine": "x86_64",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "os_name": "posix",
    "extra": "",
}
DEV_ONLY = {"pytest", "ruff", "mypy", "selenium", "pgserver", "gnubg", "hypothesis", "py-spy"}


def dockerfile() -> list[str]:
    """The Dockerfile's instructions, continuation lines joined."""
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    return [" ".join(line.split()) for line in text.splitlines() if line.strip() and not line.startswith("#")]


def pins(name: str) -> dict[str, str]:
    """A lock file's pins for the image's platform: package -> version."""
    found = {}
    for line in (ROOT / name).read_text().splitlines():
        if not line or line.startswith((" ", "#")):
            continue
        requirement = Requirement(line)
        [specifier] = requirement.specifier
        assert specifier.operator == "==", line  # every line pins one version
        if requirement.marker is None or requirement.marker.evaluate(IMAGE):
            found[canonicalize_name(requirement.name)] = specifier.version
    return found


def project() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]  # type: ignore[no-any-return]


def within(requirements: list[str], locked: dict[str, str]) -> None:
    for text in requirements:
        requirement = Requirement(text)
        name = canonicalize_name(requirement.name)
        if name == "gammon-bot":  # an extra naming others
            continue
        assert name in locked, f"{name} is not in the lock file"
        assert requirement.specifier.contains(locked[name], prereleases=True), (text, locked[name])


def test_the_image_installs_the_runtime_lock_files_versions_and_nothing_else() -> None:
    lines = dockerfile()
    installs = [line for line in lines if "pip install" in line]
    assert installs == ["RUN pip install --no-cache-dir --no-deps -r requirements.txt && pip check"]
    assert lines.index("COPY requirements.txt ./") < lines.index(installs[0]) < lines.index("COPY bot ./bot")
    assert tasks.RUNTIME_LOCK == "requirements.txt"
    locked = pins(tasks.RUNTIME_LOCK)
    within(project()["dependencies"] + project()["optional-dependencies"]["postgres"], locked)
    assert "asyncpg" in locked and not DEV_ONLY & set(locked)  # PostgreSQL in the image, no test tools
    dev = pins(tasks.DEV_LOCK)
    assert {name: dev.get(name) for name in locked} == locked  # the tests run the image's versions
    for requirements in project()["optional-dependencies"].values():
        within(requirements, dev)


def test_the_code_is_in_the_image_once_and_runs_from_there() -> None:
    lines = dockerfile()
    image = lines[lines.index("FROM python:3.11-slim") :]  # after the live board's bundling stage
    assert [line for line in image if line.startswith("COPY ")] == [
        "COPY requirements.txt ./",
        "COPY bot ./bot",
        "COPY cogs ./cogs",
        "COPY render ./render",
        "COPY --from=activity /build/bot/web/static/discordsdk.js ./bot/web/static/",
    ]
    assert "WORKDIR /app" in lines and any("PYTHONPATH=/app" in line for line in lines if line.startswith("ENV "))
    assert not any("pip install" in line and (" . " in f"{line} " or "-e" in line.split()) for line in lines)


def test_the_health_check_is_the_bots_own_as_in_compose() -> None:
    [check] = [line for line in dockerfile() if line.startswith("HEALTHCHECK ")]
    command = json.loads(check.split(" CMD ", 1)[1])
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    assert (
        ["CMD", *command]
        == ["CMD", "python", "-m", "bot.health"]
        == compose["services"]["bot-a"]["healthcheck"]["test"]
    )
    assert "--start-period=60s" in check.split()
    # the web pages' service runs the same image: its own check, not the bot's heartbeat
    assert "bot.health" not in " ".join(compose["services"]["web"]["healthcheck"]["test"])


@pytest.mark.parametrize("secret", [".env", ".git", ".venv", "data", "tests", "gammon.db"])
def test_dockerignore_lets_in_only_what_the_dockerfile_copies(secret: str) -> None:
    patterns = [p for p in (ROOT / ".dockerignore").read_text().splitlines() if p and not p.startswith("#")]
    assert patterns[0] == "*"  # everything out, then back in only:
    let_in = {p[1:] for p in patterns if p.startswith("!")}
    copies = [line.split()[1:-1] for line in dockerfile() if line.startswith("COPY ") and "--from=" not in line]
    copied = {source for sources in copies for source in sources}  # from the build context, not another stage
    assert all(source in let_in or source.split("/")[0] in let_in for source in copied)
    assert let_in <= copied and secret not in let_in
