"""The board picture: size, purity, colours that follow the player, dice, marks, themes, and robustness."""

from __future__ import annotations

import dataclasses
import io
import random

import pytest
from PIL import Image

from bot.engine import CHECKERS, Play, Position, Step
from render import BoardState, board, text_board
from render.layout import Layout
from render.samples import mid_game
from render.theme import THEMES
from tests.render.imaging import decode

LAYOUT = Layout.for_width(1000)
IVORY = THEMES["dark"].players[0].face
EBONY = THEMES["dark"].players[1].face


def start(**fields: object) -> BoardState:
    values: dict[str, object] = {"position": Position.initial(), "on_roll": 0, "names": ("Alice", "Bob")}
    values.update(fields)
    return BoardState(**values)  # type: ignore[arg-type]


def pixel(image: Image.Image, xy: tuple[int, int]) -> tuple[int, int, int]:
    value = image.getpixel(xy)
    assert isinstance(value, tuple)
    return (value[0], value[1], value[2])


def test_picture_is_about_1000_wide_small_and_scales_with_size() -> None:
    png = board(mid_game().state, perspective=0)
    image = decode(png)
    assert image.width == 1000 and 800 <= image.height <= 950
    assert len(png) < 150_000
    for width in (600, 1400):
        assert decode(board(start(), perspective=0, size=width)).width == width


def test_same_arguments_give_the_same_bytes() -> None:
    example = mid_game()
    first = board(example.state, perspective=0, last_play=example.last_play, partial_steps=example.partial_steps)
    again = board(example.state, perspective=0, last_play=example.last_play, partial_steps=example.partial_steps)
    assert first == again


def test_each_player_keeps_its_colour_from_either_side() -> None:
    """Player 0's 6-point is the bottom right from its side (viewer 6) and the top right from player 1's (19)."""
    state = start()
    from_0 = decode(board(state, perspective=0))
    from_1 = decode(board(state, perspective=1))
    assert near(pixel(from_0, LAYOUT.slot_center(6, 0)), IVORY)
    assert near(pixel(from_0, LAYOUT.slot_center(19, 0)), EBONY)
    assert near(pixel(from_1, LAYOUT.slot_center(19, 0)), IVORY)
    assert near(pixel(from_1, LAYOUT.slot_center(6, 0)), EBONY)
    # Empty slot above a 2-checker stack: no checker drawn there.
    assert not near(pixel(from_0, LAYOUT.slot_center(24, 2)), IVORY)


def test_checkers_on_the_bar_and_borne_off_are_drawn() -> None:
    position = Position.from_points({25: 2, 6: 3}, {25: 1, 6: 4})
    image = decode(board(start(position=position), perspective=0))
    assert near(pixel(image, LAYOUT.bar_slot_center(False, 0)), IVORY)  # the bottom player's two: the second
    assert not near(pixel(image, LAYOUT.bar_slot_center(False, 1)), IVORY)  # carries the count "2"
    assert not near(pixel(image, LAYOUT.bar_slot_center(False, 2)), IVORY)
    assert near(pixel(image, LAYOUT.bar_slot_center(True, 0)), EBONY)
    assert not near(pixel(image, LAYOUT.bar_slot_center(True, 1)), EBONY)
    slab = LAYOUT.tray_slab(False, CHECKERS - 5 - 1)  # the tenth borne-off checker of player 0
    assert near(pixel(image, ((slab[0] + slab[2]) // 2, (slab[1] + slab[3]) // 2)), IVORY)


def near(colour: tuple[int, int, int], expected: tuple[int, int, int]) -> bool:
    """Equal up to resampling and palette rounding (a few levels per channel)."""
    return max(abs(a - b) for a, b in zip(colour, expected, strict=True)) <= 8


def die_face_pixel(image: Image.Image, die_index: int, count: int) -> tuple[int, int, int]:
    """A point on a die's face where no die value has a pip (top middle)."""
    x, y = LAYOUT.dice_centers(count, right_half=True)[die_index]
    return pixel(image, (x, y - LAYOUT.die // 4))


def test_used_dice_are_dimmed() -> None:
    image = decode(board(start(dice=(5, 3), used_dice=(3,)), perspective=0))
    assert near(die_face_pixel(image, 0, 2), IVORY)
    dimmed = die_face_pixel(image, 1, 2)
    assert not near(dimmed, IVORY) and sum(dimmed) < sum(IVORY) - 150
    doubles = decode(board(start(dice=(2, 2), used_dice=(2, 2)), perspective=0))
    faces = [near(die_face_pixel(doubles, index, 4), IVORY) for index in range(4)]
    assert faces == [False, False, True, True]


def test_dice_of_the_top_player_are_on_the_left_half() -> None:
    image = decode(board(start(on_roll=1, dice=(6, 1)), perspective=0))
    x, y = LAYOUT.dice_centers(2, right_half=False)[0]
    assert near(pixel(image, (x, y - LAYOUT.die // 4)), EBONY)


def test_last_play_is_marked_where_it_started_and_ended() -> None:
    """Bob (player 1, not on roll) played 13/7: a mark on his old stack, a ring on the landed checker."""
    position = Position.from_points({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 4, 8: 3, 7: 1, 6: 5})
    state = start(position=position)
    plain = decode(board(state, perspective=0))
    marked = decode(board(state, perspective=0, last_play=Play((Step(13, 7, 6),))))
    amber = THEMES["dark"].last_play
    ghost = LAYOUT.slot_center(12, 4)  # Bob's 13-point is viewer 12; he now has 4 there, so slot 4 is empty
    assert pixel(plain, ghost) != pixel(marked, ghost)
    assert pixel(marked, ghost)[0] > 200 and pixel(marked, ghost)[2] < 120  # amber, not the field's green
    ring_x, ring_y = LAYOUT.slot_center(18, 0)  # Bob's 7-point is viewer 18
    edge = (ring_x, ring_y + LAYOUT.checker // 2 - 3)  # inside the ring, drawn over the checker rim
    assert near(pixel(marked, edge), amber) and not near(pixel(plain, edge), amber)


def test_partial_steps_use_their_own_colour() -> None:
    position = Position.from_points({24: 2, 13: 5, 8: 2, 6: 5, 5: 1}, {24: 2, 13: 5, 8: 3, 6: 5})
    image = decode(
        board(start(position=position, dice=(3, 1), used_dice=(3,)), perspective=0, partial_steps=(Step(8, 5, 3),))
    )
    x, y = LAYOUT.slot_center(5, 0)
    assert near(pixel(image, (x, y - LAYOUT.checker // 2 + 3)), THEMES["dark"].partial_play)


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_themes_follow_discord_backgrounds(theme: str) -> None:
    image = decode(board(start(), perspective=0, theme=theme))
    assert near(pixel(image, (2, 2)), THEMES[theme].background)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"perspective": 2}, "perspective"),
        ({"perspective": 0, "theme": "blue"}, "theme"),
        ({"perspective": 0, "size": 50}, "wide"),
    ],
)
def test_bad_arguments_are_refused(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        board(start(), **arguments)  # type: ignore[arg-type]


def random_side(rng: random.Random, blocked: set[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for _ in range(rng.randint(0, CHECKERS)):
        point = rng.choice([p for p in range(1, 26) if p not in blocked])
        counts[point] = counts.get(point, 0) + 1
    return counts


def random_name(rng: random.Random) -> str:
    pools = [
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-.",
        "\u05d0\u05d1\u05d2\u05d3\u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627",
        "\u65e5\u672c\u8a9e\u4e2d\u6587\ud55c\uad6d\uc5b4",
        "\U0001f3b2\U0001f525\U0001f600\u200d\ufe0f\u2764",
        " \t\n\u200f\u202e\x00",
    ]
    length = rng.choice([0, 1, 5, 20, 100])
    text = "".join(rng.choice(rng.choice(pools)) for _ in range(length))
    if rng.random() < 0.2:
        text += "".join(chr(rng.randint(32, 0x2FFFF)) for _ in range(rng.randint(1, 8)))
    return text


def random_state(rng: random.Random) -> tuple[BoardState, int, Play | None, tuple[Step, ...]]:
    mover = random_side(rng, set())
    opponent = random_side(rng, {25 - p for p in mover if p != 25})
    position = Position.from_points(mover, opponent)
    dice = (rng.randint(1, 6), rng.randint(1, 6)) if rng.random() < 0.7 else None
    rolled = (dice[0],) * 4 if dice and dice[0] == dice[1] else (dice or ())
    used = tuple(rng.sample(rolled, rng.randint(0, len(rolled)))) if rolled else ()
    length = rng.choice([0, 1, 5, 7, 25])
    cube_value = 2 ** rng.randint(0, 12)
    answering = rng.choice([None, 0, 1])  # a double or beaver waiting (before a roll), or a resignation
    offered = cube_value * rng.choice([2, 4]) if answering is not None and dice is None and rng.random() < 0.7 else 0
    state = BoardState(
        position=position,
        on_roll=rng.randint(0, 1),
        names=(random_name(rng), random_name(rng)),
        cube_value=cube_value,
        cube_owner=rng.choice([None, 0, 1]),
        dice=dice,
        used_dice=used,
        scores=(rng.randint(0, 30), rng.randint(0, 30)),
        match_length=length,
        crawford=bool(length) and rng.random() < 0.3,
        position_id="4HPwATDgc/ABMA",
        match_id="cAkAAAAAAAAA",
        answering=answering,
        offered_cube=offered,
        game_over=rng.random() < 0.05,
    )

    def steps() -> tuple[Step, ...]:
        result = []
        for _ in range(rng.randint(0, 4)):
            start_point = rng.randint(1, 25)
            end = rng.randint(0, min(24, start_point - 1))
            result.append(Step(start_point, end, rng.randint(1, 6), hit=rng.random() < 0.2))
        return tuple(result)

    last = Play(steps()) if rng.random() < 0.6 else None
    return state, rng.randint(0, 1), last, steps()


#: Random boards drawn by the test below: 300 (a thousand took 20 s of the suite's time and found nothing more).
RANDOM_BOARDS = 300


@pytest.mark.slow
def test_random_boards_render_within_bounds_as_pictures_and_text() -> None:
    rng = random.Random(20261122)
    for _ in range(RANDOM_BOARDS):
        state, perspective, last, partial = random_state(rng)
        theme = rng.choice(sorted(THEMES))
        png = board(state, perspective=perspective, last_play=last, partial_steps=partial, theme=theme)
        assert 10_000 < len(png) < 150_000, state
        with Image.open(io.BytesIO(png)) as image:
            assert image.size == (LAYOUT.width, LAYOUT.height)
        diagram = text_board(state, perspective=perspective, last_play=last, partial_steps=partial).splitlines()
        assert all(len(line) == 44 for line in (row[:44] for row in diagram[1:14]))


def test_boards_drawn_in_threads_match_boards_drawn_one_by_one() -> None:
    """The bot draws in worker threads (asyncio.to_thread): shared caches and fonts must not mix images up."""
    from concurrent.futures import ThreadPoolExecutor

    rng = random.Random(7)
    cases = [random_state(rng) for _ in range(12)]

    def draw(case: tuple[BoardState, int, Play | None, tuple[Step, ...]]) -> bytes:
        state, perspective, last, partial = case
        return board(state, perspective=perspective, last_play=last, partial_steps=partial)

    with ThreadPoolExecutor(max_workers=4) as pool:
        threaded = list(pool.map(draw, cases))
    assert threaded == [draw(case) for case in cases]


def test_warm_up_builds_the_caches_for_every_theme() -> None:
    from render import picture, warm_up

    picture._static.cache_clear()
    warm_up(size=800)
    assert picture._static.cache_info().currsize == len(THEMES)
    board(start(), perspective=0, size=800, theme="light")
    info = picture._static.cache_info()
    assert info.currsize == len(THEMES) and info.hits >= 1  # the board used what warm_up built


def test_a_drawn_board_keeps_each_row_part_once_deflated_and_their_cache_bounded() -> None:
    """A busy bot draws thousands of names, pip counts and scores: kept in full colour as well (three times the
    bytes), the drawing process grew past 250 MB in a 250-s load run; kept undeflated, its name parts alone held
    37 MB at 200 tables."""
    from render import picture, rows
    from render.palette import to_palette

    rows.part_image.cache_clear()
    picture._packed_part.cache_clear()
    rng = random.Random(5)
    for _ in range(40):
        state, perspective, last, partial = random_state(rng)
        board(state, perspective=perspective, last_play=last, partial_steps=partial)
    assert rows.part_image.cache_info().currsize == 0  # the full-colour parts are drawn, converted and dropped
    kept = picture._packed_part.cache_info()
    assert kept.currsize > 40 and kept.maxsize is not None
    name = rows.NamePart(True, 0, "A rather long name, Ünïcode too", "to play", match=False, clocked=False)
    packed = picture._packed_part(1000, "dark", name)
    unpacked = picture._indexed_part(1000, "dark", name)
    assert unpacked.tobytes() == to_palette(name.draw(1000, "dark"), "dark").tobytes()
    # the widest part, a name row at 1000 px, is 738 x 72 at one byte a pixel; deflated, a tenth of that or less
    assert unpacked.size == packed.size == (738, 72) and len(packed.pixels) * 10 < 738 * 72
    assert kept.maxsize * 738 * 72 // 10 < 24 * 2**20  # full of the widest parts; names average 2.8 KB


def test_a_busy_bots_tables_keep_their_drawn_names() -> None:
    """Each table's name rows (two names, with and without the turn's chip) are drawn once, then reused: 300
    tables' boards drawn a second time draw no row part again (1,024 parts would hold about 250 tables')."""
    from render.picture import _packed_part

    example = mid_game()
    tables = [(f"Player {2 * table}", f"Player {2 * table + 1}") for table in range(300)]

    def draw_all() -> None:
        for names in tables:
            for on_roll in (0, 1):
                state = dataclasses.replace(example.state, names=names, on_roll=on_roll)
                board(state, perspective=0, last_play=example.last_play, size=400)

    draw_all()
    drawn = _packed_part.cache_info().misses
    draw_all()
    assert _packed_part.cache_info().misses == drawn
