"""The bracket's pure functions: sizes, the seeding order, byes to the top seeds, advancing, the champion."""

from __future__ import annotations

import random

import pytest

from bot.tournaments.bracket import bracket_size, build, round_count, round_name, seed_by_rating, seed_order


@pytest.mark.parametrize(("players", "size"), [(2, 2), (3, 4), (4, 4), (5, 8), (8, 8), (9, 16), (13, 16), (64, 64)])
def test_the_bracket_is_the_field_rounded_up_to_a_power_of_two(players: int, size: int) -> None:
    assert bracket_size(players) == size


def test_a_bracket_needs_two_players() -> None:
    with pytest.raises(ValueError, match="at least 2"):
        bracket_size(1)


def test_seed_order_pairs_seed_s_with_size_plus_one_minus_s_and_keeps_the_top_two_apart() -> None:
    assert seed_order(2) == [1, 2]
    assert seed_order(4) == [1, 4, 2, 3]
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    for size in (2, 4, 8, 16, 32, 64):
        order = seed_order(size)
        assert sorted(order) == list(range(1, size + 1))
        pairs = [order[i : i + 2] for i in range(0, size, 2)]
        assert all(a + b == size + 1 for a, b in pairs)
        half = size // 2
        assert 1 in order[:half] and 2 in order[half:]  # they can meet in the final only


@pytest.mark.parametrize("players", range(2, 65))
def test_byes_go_to_the_top_seeds_and_no_two_byes_meet(players: int) -> None:
    seeds = list(range(100, 100 + players))
    bracket = build(seeds, {})
    byes = bracket.size - players
    first = bracket.rounds[0]
    got_bye = sorted(bracket.seed_of(slot.winner) for slot in first if slot.bye and slot.winner is not None)
    assert got_bye == list(range(1, byes + 1))
    assert not any(slot.empty for slot in first)
    assert len([slot for slot in bracket.ready() if slot.round == 1]) == (players - byes) // 2
    assert bracket.round_count == round_count(bracket.size)


def test_winners_advance_to_the_next_round_and_the_final_gives_the_champion() -> None:
    seeds = [1, 2, 3, 4, 5]  # size 8: seeds 1-3 have byes, 4 plays 5
    bracket = build(seeds, {})
    # 2 and 3 both had byes: their second-round match can be played at once.
    assert [(slot.round, slot.players) for slot in bracket.ready()] == [(1, (4, 5)), (2, (2, 3))]
    bracket = build(seeds, {(1, 1): 5})
    assert [slot.players for slot in bracket.ready()] == [(1, 5), (2, 3)]
    bracket = build(seeds, {(1, 1): 5, (2, 0): 5, (2, 1): 3})
    assert [slot.players for slot in bracket.ready()] == [(5, 3)]
    assert bracket.round_in_play == 3 and bracket.champion is None
    bracket = build(seeds, {(1, 1): 5, (2, 0): 5, (2, 1): 3, (3, 0): 3})
    assert bracket.champion == 3 and bracket.ready() == [] and bracket.round_in_play is None


def test_a_result_must_name_one_of_the_slots_players() -> None:
    with pytest.raises(ValueError, match="cannot win"):
        build([1, 2, 3, 4], {(1, 0): 2})
    with pytest.raises(ValueError, match="cannot win"):
        build([1, 2, 3, 4], {(2, 0): 1})  # its players are not known yet
    with pytest.raises(ValueError, match="do not exist"):
        build([1, 2, 3, 4], {(1, 5): 1})


def test_seeding_by_rating_puts_rated_players_first_and_draws_the_unrated() -> None:
    ratings: dict[int, float | None] = {1: 1500.0, 2: None, 3: 1600.0, 4: None, 5: 1450.0, 6: None}
    draws = {tuple(seed_by_rating(ratings, random.Random(seed))) for seed in range(40)}
    assert all(draw[:3] == (3, 1, 5) for draw in draws)
    assert len({draw[3:] for draw in draws}) > 1  # the unrated are drawn at random
    assert all(sorted(draw[3:]) == [2, 4, 6] for draw in draws)


def test_round_names() -> None:
    assert [str(round_name(n, 4)) for n in (1, 2, 3, 4)] == ["Round 1", "Quarter-finals", "Semi-finals", "Final"]
