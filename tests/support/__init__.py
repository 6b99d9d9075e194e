"""Test support code: the Discord stand-in and the bots used to test it."""
