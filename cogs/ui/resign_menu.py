"""The Resign button's private follow-up and the move-list button: buttons and texts, no Discord I/O.

Resign opens a private question with one button per kind (R7.4): a single game, a gammon, a backgammon, each
with what accepting would give the opponent. The kind's button carries the version the player saw, so a choice
made after the board moved on is refused as out of date, like any other control.
"""

from __future__ import annotations

import discord

from bot.engine import actions
from bot.engine.match import Match
from bot.engine.position import WinKind
from bot.i18n import DEFAULT_LANGUAGE, N_, translate
from cogs.ui import live_board
from cogs.ui.custom_ids import GameAction, GameControl
from cogs.ui.event_text import escape_name, points_text
from cogs.ui.move_menu import ButtonSpec, Rows

#: The private choice's buttons and the kind each offers.
RESIGN_KINDS: dict[GameAction, WinKind] = {
    GameAction.RESIGN_SINGLE: WinKind.SINGLE,
    GameAction.RESIGN_GAMMON: WinKind.GAMMON,
    GameAction.RESIGN_BACKGAMMON: WinKind.BACKGAMMON,
}
#: Each kind's button, with what accepting would give the opponent.
_KIND_LABELS = {
    WinKind.SINGLE: N_("Single game ({points})"),
    WinKind.GAMMON: N_("Gammon ({points})"),
    WinKind.BACKGAMMON: N_("Backgammon ({points})"),
}
_OFFERED = {
    WinKind.SINGLE: N_("You offered to resign a single game. It is on the board."),
    WinKind.GAMMON: N_("You offered to resign a gammon. It is on the board."),
    WinKind.BACKGAMMON: N_("You offered to resign a backgammon. It is on the board."),
}
#: A message's text holds at most this many characters (Discord's limit is 2000); the rest goes in a file.
MAX_INLINE_LIST = 1900


def match_buttons(match_id: int, version: int, match: Match) -> tuple[ButtonSpec, ...]:
    """Resign (when a player may offer it now, R7.4), Moves, and Live board where the Activity is set up, beside the
    play controls."""
    buttons = []
    if any(actions.Resign in match.allowed(player) for player in (0, 1)):
        buttons.append(ButtonSpec(N_("Resign"), GameControl(match_id, version, actions.Resign)))
    buttons.append(ButtonSpec(N_("Moves"), GameControl(match_id, version, GameAction.MOVES)))
    if live_board.offered():
        buttons.append(ButtonSpec(live_board.LIVE_BOARD, GameControl(match_id, version, GameAction.LIVE)))
    return tuple(buttons)


def may_resign(match: Match, player: int) -> bool:
    return actions.Resign in match.allowed(player)


def resign_rows(match_id: int, version: int, match: Match, language: str = DEFAULT_LANGUAGE) -> Rows:
    """The private choice: one red button per kind, labelled with what accepting would give the opponent, in the
    `language` of the player choosing."""
    game = match.game
    row = tuple(
        ButtonSpec(
            translate(language, _KIND_LABELS[kind], points=points_text(game.resignation_points(kind), language)),
            GameControl(match_id, version, action),
            discord.ButtonStyle.danger,
        )
        for action, kind in RESIGN_KINDS.items()
    )
    return (row,)


def resign_question(match: Match, player: int, language: str = DEFAULT_LANGUAGE) -> str:
    question = N_(
        "What do you offer to resign? {other} may accept (the game ends for those points) or decline "
        "(play goes on). Choose below, or dismiss this message to keep playing."
    )
    return translate(language, question, other=escape_name(match.names[1 - player]))


def offered_text(kind: WinKind, language: str = DEFAULT_LANGUAGE) -> str:
    """The private choice made: what was offered, and where the offer now is."""
    return translate(language, _OFFERED[kind])


def inline_list(text: str, language: str = DEFAULT_LANGUAGE) -> tuple[str, bool]:
    """The move list as a code block that fits one message: the whole list, or its end (then True: the whole
    list goes in a file beside it)."""
    if len(text) + 8 <= MAX_INLINE_LIST:
        return f"```\n{text}\n```", False
    latest = translate(language, N_("The latest moves (the whole list is in the file):"))
    lines = text.splitlines()
    kept: list[str] = []
    room = MAX_INLINE_LIST - len(latest) - 10  # the heading and the code block's fences
    for line in reversed(lines):
        room -= len(line) + 1
        if room < 0:
            break
        kept.append(line)
    body = "\n".join(reversed(kept))
    return f"{latest}\n```\n{body}\n```", True
