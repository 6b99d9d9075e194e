"""Shared fixtures: the Discord stand-in (`standin`), bot launchers (`launch_bot`, `gammon_bot`)."""

from tests.support.discord_standin.pytest_plugin import (  # noqa: F401  (fixtures and hook, used by name)
    gammon_bot,
    launch_bot,
    pytest_runtest_makereport,
    pytest_terminal_summary,
    standin,
)
