"""The golden bracket pictures: tournaments in a few states, drawn as approved.

Regenerate on purpose with `.venv/bin/python -m tests.tournaments.bracket_cases [case ...]` and look at the images.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from bot.tournaments import Tournament, TournamentStatus
from bot.tournaments.records import DecidedBy, Entrant, MatchState, SlotRecord
from cogs.ui.tournament_picture import picture_of
from render.bracket import bracket_image

GOLDEN_DIR = Path(__file__).with_name("golden")
NAMES = [
    "Alice",
    "Bob",
    "Carol",
    "Dmitri",
    "Eleanor Rigby-Fitzgerald the Third",
    "Farah",
    "Gus",
    "Hana",
    "Ivo",
    "山田純",
    "Kemal",
    "Lena",
    "Mo",
]


def tournament(
    count: int,
    results: Mapping[tuple[int, int], tuple[int, DecidedBy, str | None]],
    *,
    status: TournamentStatus = TournamentStatus.RUNNING,
    champion: int | None = None,
    matches: Mapping[tuple[int, int], int] | None = None,
) -> Tournament:
    """A tournament of `count` players seeded in NAMES order (ids 1..count), with results {(round, slot):
    (winner seed, how, reason)} and match ids per slot."""
    entrants = tuple(Entrant(n, NAMES[n - 1], float(n), n, None) for n in range(1, count + 1))
    keys = set(results) | set(matches or {})
    slots = tuple(
        SlotRecord(
            key[0],
            key[1],
            5000 + key[0] * 100 + key[1],
            (matches or {}).get(key),
            results[key][0] if key in results else None,
            results[key][1] if key in results else None,
            results[key][2] if key in results else None,
        )
        for key in sorted(keys)
    )
    return Tournament(
        id=1,
        guild_id=1,
        channel_id=2,
        name="Friday Night Cup",
        length=5,
        size=16,
        starts_at=None,
        organiser_id=99,
        status=status,
        created_at=0.0,
        started_at=1.0,
        finished_at=None,
        champion_id=champion,
        note=None,
        message_channel_id=None,
        message_id=None,
        changes=0,
        shown_changes=0,
        announced=False,
        entrants=entrants,
        slots=slots,
    )


M = DecidedBy.MATCH


def _eight_first_round() -> bytes:
    matches = {(1, 0): 11, (1, 1): 12, (1, 2): 13, (1, 3): 14}
    t = tournament(8, {(1, 0): (1, M, None)}, matches=matches)
    states = {
        (1, 0): MatchState(11, "finished", {1: 5, 8: 2}),
        (1, 1): MatchState(12, "active", {4: 3, 5: 1}),
        (1, 2): MatchState(13, "active", {2: 0, 7: 4}),
        (1, 3): MatchState(14, "active", {3: 0, 6: 0}),
    }
    return bracket_image(picture_of(t, states))


def _five_with_byes_and_an_award(language: str = "en") -> bytes:
    # Seeds 1-3 have byes; 5 beat 4; 2 v 3 was awarded; 1 v 5 is being played.
    matches = {(1, 1): 21, (2, 0): 22, (2, 1): 23}
    results = {(1, 1): (5, M, None), (2, 1): (3, DecidedBy.AWARD, "Bob could not play this week")}
    t = tournament(5, results, matches=matches)
    states = {
        (1, 1): MatchState(21, "finished", {4: 4, 5: 5}),
        (2, 0): MatchState(22, "active", {1: 2, 5: 2}),
        (2, 1): MatchState(23, "aborted", {2: 1, 3: 0}),
    }
    return bracket_image(picture_of(t, states, language))


def _thirteen_with_a_champion() -> bytes:
    # 16 lines, seed order 1,16,8,9,4,13,5,12,2,15,7,10,3,14,6,11: seeds 1-3 have byes.
    results: dict[tuple[int, int], tuple[int, DecidedBy, str | None]] = {}
    results[(1, 1)] = (8, M, None)
    results[(1, 2)] = (4, M, None)
    results[(1, 3)] = (5, M, None)
    results[(1, 5)] = (10, M, None)
    results[(1, 7)] = (6, M, None)
    results[(2, 0)] = (1, M, None)
    results[(2, 1)] = (5, M, None)
    results[(2, 2)] = (10, M, None)
    results[(2, 3)] = (3, M, None)
    results[(3, 0)] = (5, M, None)
    results[(3, 1)] = (10, M, None)
    results[(4, 0)] = (10, M, None)
    matches = {key: 100 + number for number, key in enumerate(sorted(results))}
    t = tournament(13, results, status=TournamentStatus.FINISHED, champion=10, matches=matches)
    states = {key: MatchState(matches[key], "finished", {value[0]: 5}) for key, value in results.items()}
    return bracket_image(picture_of(t, states))


def _two_players_signed_up_and_started() -> bytes:
    t = tournament(2, {}, matches={(1, 0): 7})
    return bracket_image(picture_of(t, {(1, 0): MatchState(7, "active", {1: 0, 2: 0})}))


def _eight_stopped_and_undecided(language: str) -> bytes:
    """The server's language (issue 35): round names, the subtitle, "to be decided", a stopped match's note."""
    t = tournament(8, {(1, 0): (1, M, None)}, matches={(1, 0): 11, (1, 1): 12})
    states = {(1, 0): MatchState(11, "finished", {1: 5, 8: 2}), (1, 1): MatchState(12, "aborted", {4: 1, 5: 2})}
    return bracket_image(picture_of(t, states, language))


GOLDEN_CASES: dict[str, Callable[[], bytes]] = {
    "bracket_eight_first_round": _eight_first_round,
    "bracket_five_byes_award": _five_with_byes_and_an_award,
    "bracket_thirteen_champion": _thirteen_with_a_champion,
    "bracket_two_players": _two_players_signed_up_and_started,
    "bracket_five_byes_award_de": lambda: _five_with_byes_and_an_award("de"),
    "bracket_eight_stopped_el": lambda: _eight_stopped_and_undecided("el"),
    "bracket_eight_stopped_tr": lambda: _eight_stopped_and_undecided("tr"),
}


def main(names: list[str]) -> None:
    """Draw the named cases (all of them when none is named) into their golden files."""
    import io

    from PIL import Image

    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for name, draw in GOLDEN_CASES.items():
        if names and name not in names:
            continue
        path = GOLDEN_DIR / f"{name}.png"
        Image.open(io.BytesIO(draw())).save(path, optimize=True)
        print(f"wrote {path}")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
