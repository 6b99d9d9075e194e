"""Colours. The board itself is the same object in every theme; only its surroundings follow Discord's theme.

Checker colours are chosen to differ in lightness (ivory against near-black), not only in hue, so that they stay
apart for colour-blind players; marks use amber and sky blue, a pair that colour-blind viewers also tell apart.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]


def hex_rgb(value: str) -> RGB:
    value = value.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


@dataclass(frozen=True, slots=True)
class CheckerColours:
    face: RGB
    rim: RGB
    edge: RGB
    text: RGB  # counts printed on the checker, pips on the dice


@dataclass(frozen=True, slots=True)
class Theme:
    name: str
    background: RGB
    text: RGB
    dim_text: RGB
    turn_highlight: RGB  # behind the row of the player on roll
    frame: RGB
    frame_edge: RGB
    frame_text: RGB
    field: RGB
    points: tuple[RGB, RGB]
    bar: RGB
    tray: RGB
    players: tuple[CheckerColours, CheckerColours]
    last_play: RGB
    partial_play: RGB
    cube_face: RGB
    cube_text: RGB

    def flat_colours(self) -> list[RGB]:
        """The colours drawn as flat areas; the PNG palette keeps them exact."""
        colours = [
            self.background,
            self.text,
            self.dim_text,
            self.turn_highlight,
            self.frame,
            self.frame_edge,
            self.frame_text,
            self.field,
            *self.points,
            self.bar,
            self.tray,
            self.last_play,
            self.partial_play,
            self.cube_face,
            self.cube_text,
        ]
        for player in self.players:
            colours += [player.face, player.rim, player.edge, player.text]
        return list(dict.fromkeys(colours))


_IVORY = CheckerColours(
    face=hex_rgb("#f4efe3"), rim=hex_rgb("#d9cfbb"), edge=hex_rgb("#4a4238"), text=hex_rgb("#1d1b18")
)
_EBONY = CheckerColours(
    face=hex_rgb("#26272b"), rim=hex_rgb("#45474e"), edge=hex_rgb("#b9bcc4"), text=hex_rgb("#f4f4f6")
)


def _theme(name: str, background: str, text: str, dim_text: str, turn_highlight: str) -> Theme:
    return Theme(
        name=name,
        background=hex_rgb(background),
        text=hex_rgb(text),
        dim_text=hex_rgb(dim_text),
        turn_highlight=hex_rgb(turn_highlight),
        frame=hex_rgb("#5a3d2b"),
        frame_edge=hex_rgb("#3b281c"),
        frame_text=hex_rgb("#f1e3cc"),
        field=hex_rgb("#2d6150"),
        points=(hex_rgb("#d8c39a"), hex_rgb("#a5503f")),
        bar=hex_rgb("#4c3324"),
        tray=hex_rgb("#24483c"),
        players=(_IVORY, _EBONY),
        last_play=hex_rgb("#ffb321"),
        partial_play=hex_rgb("#3fb4ff"),
        cube_face=hex_rgb("#fbfaf6"),
        cube_text=hex_rgb("#1d1b18"),
    )


# Discord's chat backgrounds and text colours.
DARK = _theme("dark", background="#313338", text="#f2f3f5", dim_text="#b5bac1", turn_highlight="#404249")
LIGHT = _theme("light", background="#ffffff", text="#060607", dim_text="#4e5058", turn_highlight="#ebedef")

THEMES: dict[str, Theme] = {theme.name: theme for theme in (DARK, LIGHT)}


def get_theme(name: str) -> Theme:
    try:
        return THEMES[name]
    except KeyError:
        raise ValueError(f"Unknown theme {name!r}; choose one of {', '.join(THEMES)}") from None
