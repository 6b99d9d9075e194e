"""compose.yaml (issue 19): it parses, and its services, commands and environment agree with the bot's settings.
Docker cannot run here; the health command itself is tested against a real bot in tests/e2e/test_health.py."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml

from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
BOTS = ("bot-a", "bot-b")
#: Read by the storage backends (issue 19, PostgreSQL) rather than by Settings in this module.
STORAGE_VARIABLES = {"DATABASE_URL"}


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    loaded = yaml.safe_load((ROOT / "compose.yaml").read_text())
    assert isinstance(loaded, dict)
    return loaded


def substituted(value: str) -> str:
    """Compose's `${NAME:-default}` with nothing set: the default."""
    return re.sub(r"\$\{[A-Z_]+:-([^}]*)\}", r"\1", value)


def environment(service: dict[str, Any]) -> dict[str, str]:
    return {key: substituted(str(value)) for key, value in service["environment"].items()}


def test_services_and_health_checks(compose: dict[str, Any]) -> None:
    services = compose["services"]
    assert set(services) == {"postgres", *BOTS, "web"}
    assert services["postgres"]["healthcheck"]["test"][0] == "CMD-SHELL"
    assert "pg_isready" in services["postgres"]["healthcheck"]["test"][1]
    for name in BOTS:
        bot = services[name]
        assert bot["build"] == "."
        assert bot["healthcheck"]["test"] == ["CMD", "python", "-m", "bot.health"]
        assert bot["depends_on"]["postgres"]["condition"] == "service_healthy"
        assert bot["restart"] == "unless-stopped"
    assert importlib.util.find_spec("bot.health") is not None
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "COPY bot ./bot" in dockerfile and 'CMD ["python", "-m", "bot"]' in dockerfile


def test_shard_ranges_are_valid_disjoint_and_cover_every_shard(
    compose: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    counts, served = set(), []
    for name in BOTS:
        env = environment(compose["services"][name])
        assert set(env) - STORAGE_VARIABLES <= {field.upper() for field in Settings.model_fields}
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        shards = Settings.load(None).shards()  # the bot's own start-up validation
        assert shards.count is not None and shards.ids is not None and not shards.serves_all
        counts.add(shards.count)
        served.append(shards.ids)
    (count,) = counts  # every process the same SHARD_COUNT
    assert not served[0] & served[1]
    assert served[0] | served[1] == set(range(count))


def test_database_url_points_at_the_postgres_service(compose: dict[str, Any]) -> None:
    postgres = environment(compose["services"]["postgres"])
    for name in BOTS:
        url = urlsplit(environment(compose["services"][name])["DATABASE_URL"])
        assert url.scheme == "postgresql" and url.hostname == "postgres" and url.port == 5432
        assert (url.username, url.password) == (postgres["POSTGRES_USER"], postgres["POSTGRES_PASSWORD"])
        assert url.path == f"/{postgres['POSTGRES_DB']}"
    assert "postgres-data" in compose["volumes"]


def test_the_web_pages_service_reads_the_same_database(
    compose: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 34: `python -m bot.web` from the bot's image, on the bots' database, once the first bot migrated it."""
    web = compose["services"]["web"]
    assert web["build"] == "." and web["command"] == ["python", "-m", "bot.web"]
    assert web["depends_on"]["bot-a"]["condition"] == "service_healthy"
    env = environment(web)
    assert env["DATABASE_URL"] == environment(compose["services"]["bot-a"])["DATABASE_URL"]
    assert set(env) - STORAGE_VARIABLES <= {field.upper() for field in Settings.model_fields}
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    settings = Settings.load(None)
    assert web["ports"] == [f"{settings.web_port}:{settings.web_port}"] and settings.web_host == "0.0.0.0"
    assert importlib.util.find_spec("bot.web.__main__") is not None
