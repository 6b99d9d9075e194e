"""A test-only bot for the stand-in's own tests: `python -m tests.support.probe_bot`."""
