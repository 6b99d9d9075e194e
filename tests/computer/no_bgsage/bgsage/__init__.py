"""Stands in for bgsage on a platform without its wheels: put this folder first on PYTHONPATH (tests only)."""

raise ImportError("bgsage has no build for this platform (simulated by tests/computer/no_bgsage)")
