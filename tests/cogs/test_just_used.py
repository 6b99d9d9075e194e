"""The memory of controls just used (issue 15's silent second press) stays cheap on a busy bot: only the
expired entries at its front are dropped, and a control used again moves to the back."""

from __future__ import annotations

from cogs.play import forget_older


def test_only_the_entries_used_before_the_cut_are_forgotten() -> None:
    used = {("roll:1", 1): 10.0, ("step:1", 1): 20.0, ("roll:2", 2): 30.0}
    forget_older(used, 25.0)
    assert used == {("roll:2", 2): 30.0}


def test_nothing_is_visited_past_the_first_recent_entry() -> None:
    # In the order of use, so the walk stops at the first entry still recent; a stale value behind it (which the
    # cog never writes: it re-inserts on use) shows that the rest of the dict was not looked at.
    used = {("a", 1): 5.0, ("b", 1): 50.0, ("c", 1): 1.0}
    forget_older(used, 10.0)
    assert list(used) == [("b", 1), ("c", 1)]


def test_nothing_to_forget_leaves_the_dict_as_it_was() -> None:
    used = {("a", 1): 50.0, ("b", 1): 60.0}
    forget_older(used, 10.0)
    assert used == {("a", 1): 50.0, ("b", 1): 60.0}
    forget_older({}, 10.0)
