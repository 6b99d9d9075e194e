"""Shared fixtures: the Discord stand-in (`standin`, `module_standin`, `shared_standin`) and bot launchers."""

from tests.support.discord_standin.pytest_plugin import (  # noqa: F401  (fixtures and hook, used by name)
    gammon_bot,
    launch_bot,
    module_standin,
    pytest_runtest_makereport,
    pytest_terminal_summary,
    shared_standin,
    standin,
)
