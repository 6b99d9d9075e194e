"""The controls and the prompt for whoever acts next, read from the engine's match (pure: no Discord I/O).

Each phase has its buttons (R6, R7.4, R9.2): Roll and Double at the start of a turn when a double is allowed
(otherwise the engine has already rolled, R9.4), the move menu while moving, Take / Drop (/ Beaver) when
doubled, Accept / Refuse after a beaver, Accept / Decline for a resignation. Only actions the engine allows
now get a button.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.engine import actions
from bot.engine.game import Phase
from bot.engine.match import Match
from bot.i18n import DEFAULT_LANGUAGE, N_, translate
from cogs.ui.control_words import translated_rows
from cogs.ui.custom_ids import GameControl
from cogs.ui.event_text import dice_text, escape_name, escape_names, escape_text, points_text
from cogs.ui.move_menu import ButtonSpec, Rows, SelectSpec, move_menu
from cogs.ui.resign_menu import match_buttons

_GREEN, _RED, _BLUE, _GREY = (
    discord.ButtonStyle.success,
    discord.ButtonStyle.danger,
    discord.ButtonStyle.primary,
    discord.ButtonStyle.secondary,
)

#: (the action a button asks for, when the engine allows it; the button's label and style), per phase.
_ANSWERS: dict[Phase, tuple[tuple[type[actions.Action], str, discord.ButtonStyle], ...]] = {
    Phase.ROLLING: (
        (actions.Roll, N_("Roll"), _BLUE),
        (actions.Double, N_("Double"), _GREY),
    ),
    Phase.DOUBLED: (
        (actions.Take, N_("Take"), _GREEN),
        (actions.Drop, N_("Drop"), _RED),
        (actions.Beaver, N_("Beaver"), _BLUE),
    ),
    Phase.BEAVERED: (
        (actions.AcceptBeaver, N_("Accept beaver"), _GREEN),
        (actions.RefuseBeaver, N_("Refuse beaver"), _RED),
    ),
    Phase.RESIGNING: (
        (actions.AcceptResignation, N_("Accept resignation"), _GREEN),
        (actions.DeclineResignation, N_("Decline"), _RED),
    ),
}


def controls(
    match_id: int, version: int, match: Match, picked: int | None = None, language: str = DEFAULT_LANGUAGE
) -> Rows:
    """The buttons for the player to act now, labelled in `language`; none when the match is over."""
    player = match.to_act
    if player is None:
        return ()
    phase = match.phase
    extras = match_buttons(match_id, version, match)  # Resign and Moves beside the play controls
    if phase is Phase.MOVING:
        dice = match.dice
        if dice is None:
            return ()
        rows = move_menu(match_id, version, match.game.position, dice, match.steps, picked, extras)
        return translated_rows(rows, language)
    allowed = match.allowed(player)
    row = tuple(
        ButtonSpec(label, GameControl(match_id, version, action_type), style)
        for action_type, label, style in _ANSWERS.get(phase, ())
        if action_type in allowed
    )
    return translated_rows((row + extras,), language) if row else ()


#: Discord's subtext markdown: a small grey line. The status line starts with it, so it can be told apart.
STATUS_PREFIX = "-# "
#: A quote: a note of the turn timer on the board (cogs.ui.timer_text), dropped when the board is edited. No line of
#: what happened starts so (names are escaped at the start of a line: cogs.ui.event_text).
NOTE_PREFIX = "> "


def status_line(match: Match, language: str = DEFAULT_LANGUAGE) -> str:
    """The numbers a player weighs before acting, in words for those who cannot see the picture well: pip
    counts, the match score (and the Crawford game, R8.3) and the cube, or the cube on offer while a double or a
    beaver waits for its answer (R6.2, R6.4)."""
    names = escape_names(match.names)
    pips = [match.board(player).mover_pips for player in (0, 1)]
    both: dict[str, Any] = {"first": names[0], "second": names[1]}
    parts = [
        translate(
            language,
            N_("Pips: {first} {first_pips}, {second} {second_pips}"),
            **both,
            first_pips=pips[0],
            second_pips=pips[1],
        )
    ]
    length = match.options.length
    if length:
        score: dict[str, Any] = both | {
            "first_score": match.scores[0],
            "second_score": match.scores[1],
            "length": length,
        }
        if match.crawford:
            message = N_("Score: {first} {first_score}, {second} {second_score} (to {length}, Crawford game)")
        else:
            message = N_("Score: {first} {first_score}, {second} {second_score} (to {length})")
        parts.append(translate(language, message, **score))
    owner, answering = match.cube_owner, match.to_act
    if match.phase in (Phase.DOUBLED, Phase.BEAVERED) and answering is not None:
        parts.append(
            translate(language, N_("Cube: {cube} offered to {name}"), cube=match.game.offered, name=names[answering])
        )
    elif owner is not None:
        parts.append(translate(language, N_("Cube: {cube}, {name}'s"), cube=match.cube, name=names[owner]))
    else:
        parts.append(translate(language, N_("Cube: {cube}, centred"), cube=match.cube))
    return STATUS_PREFIX + " · ".join(parts)


def how_to_move(match: Match, language: str = DEFAULT_LANGUAGE) -> str:
    """The ways to enter a play that the move menu offers now (cogs.ui.move_menu), in a sentence."""
    dice = match.dice
    extras = match_buttons(0, 0, match)  # the same rows as the controls: the extras take room from the menus
    rows = () if dice is None else move_menu(0, 0, match.game.position, dice, match.steps, extras=extras)
    menus = sum(isinstance(row, SelectSpec) for row in rows)
    green = any(
        button.control.action is actions.Move for row in rows if not isinstance(row, SelectSpec) for button in row
    )
    if not menus and not green:
        return translate(language, N_("choose a checker to move, or type it with `/bg move`."))
    if green:
        message = N_(
            "choose your whole play from a green button (it ends your turn), or move checker by checker, or type "
            "it with `/bg move`."
        )
    elif menus == 1:
        message = N_(
            "choose your whole play from the list (it ends your turn), or move checker by checker, or type it with "
            "`/bg move`."
        )
    else:
        message = N_(
            "choose your whole play from the lists (it ends your turn), or move checker by checker, or type it "
            "with `/bg move`."
        )
    return translate(language, message)


def has_played(match: Match, player: int) -> bool:
    """Whether `player` has finished a turn of their own in this match (a whole play, or steps and Done)."""
    return any(
        isinstance(entry.action, actions.Move | actions.Confirm) and entry.action.player == player
        for entry in match.log.entries
    )


def prompt(match: Match, mention: str, language: str = DEFAULT_LANGUAGE) -> str:
    """What the player to act is asked to do, addressed to them (`mention`, always first: the board's retiring
    finds the prompt by it); empty when the match is over."""
    player = match.to_act
    if player is None:
        return ""
    game = match.game
    other = escape_name(match.names[1 - player])
    phase = match.phase
    if phase is Phase.ROLLING:
        return translate(
            language,
            N_("{mention}, your turn: **Roll**, or **Double** to {cube}."),
            mention=mention,
            cube=game.cube * 2,
        )
    if phase is Phase.MOVING and match.dice is not None:
        return _moving_prompt(match, player, mention, language)
    if phase is Phase.DOUBLED:
        fields: dict[str, Any] = {
            "mention": mention,
            "other": other,
            "cube": game.offered,
            "points": points_text(game.cube, language),
        }
        if actions.Beaver in match.allowed(player):
            message = N_(
                "{mention}, {other} doubles to {cube}: **Take** (play on with the cube at {cube}), **Beaver** or "
                "**Drop** (give up this game, losing {points})?"
            )
        else:
            message = N_(
                "{mention}, {other} doubles to {cube}: **Take** (play on with the cube at {cube}) or **Drop** (give "
                "up this game, losing {points})?"
            )
        return translate(language, message, **fields)
    if phase is Phase.BEAVERED:
        return translate(
            language,
            N_(
                "{mention}, {other} beavered: **Accept beaver** (cube at {cube}, owned by {other}) or "
                "**Refuse beaver** (lose {points})?"
            ),
            mention=mention,
            other=other,
            cube=game.offered,
            points=points_text(game.offered // 2, language),
        )
    if phase is Phase.RESIGNING and game.resignation is not None:
        points = points_text(game.resignation_points(game.resignation[1]), language)
        return translate(
            language,
            N_("{mention}, {other} offers to resign for {points}: **Accept resignation** or **Decline**?"),
            mention=mention,
            other=other,
            points=points,
        )
    return translate(language, N_("{mention}, it is your turn."), mention=mention)


def _moving_prompt(match: Match, player: int, mention: str, language: str) -> str:
    """The prompt while moving: play the dice (with how, on the player's first turn), or finish the turn."""
    dice = dice_text(match.dice) if match.dice is not None else ""
    steps = escape_text(" ".join(str(step) for step in match.steps))  # a hit's `*` is no italics
    entered = " " + translate(language, N_("So far: {steps}."), steps=steps) if match.steps else ""
    if not match.next_steps():
        return (
            translate(language, N_("{mention}, press **Done** to finish your turn, or **Undo**."), mention=mention)
            + entered
        )
    if has_played(match, player):  # the how-to sentence once per match, on the player's first turn
        return translate(language, N_("{mention}, play your {dice}."), mention=mention, dice=dice) + entered
    how = how_to_move(match, language)
    return translate(language, N_("{mention}, play your {dice}: {how}"), mention=mention, dice=dice, how=how) + entered
