"""The controls and the prompt for whoever acts next, read from the engine's match (pure: no Discord I/O).

Each phase has its buttons (R6, R7.4, R9.2): Roll and Double at the start of a turn when a double is allowed
(otherwise the engine has already rolled, R9.4), the move menu while moving, Take / Drop (/ Beaver) when
doubled, Accept / Refuse after a beaver, Accept / Decline for a resignation. Only actions the engine allows
now get a button.
"""

from __future__ import annotations

import discord

from bot.engine import actions
from bot.engine.game import Phase
from bot.engine.match import Match
from cogs.ui.custom_ids import GameAction, GameControl
from cogs.ui.event_text import dice_text, escape_name, escape_names, escape_text, points_text
from cogs.ui.move_menu import ButtonSpec, Rows, SelectSpec, move_menu
from cogs.ui.resign_menu import match_buttons

_GREEN, _RED, _BLUE, _GREY = (
    discord.ButtonStyle.success,
    discord.ButtonStyle.danger,
    discord.ButtonStyle.primary,
    discord.ButtonStyle.secondary,
)

#: (action type the engine must allow, button label, control, style), per phase.
_ANSWERS: dict[Phase, tuple[tuple[type[actions.Action], str, GameAction, discord.ButtonStyle], ...]] = {
    Phase.ROLLING: (
        (actions.Roll, "Roll", GameAction.ROLL, _BLUE),
        (actions.Double, "Double", GameAction.DOUBLE, _GREY),
    ),
    Phase.DOUBLED: (
        (actions.Take, "Take", GameAction.TAKE, _GREEN),
        (actions.Drop, "Drop", GameAction.DROP, _RED),
        (actions.Beaver, "Beaver", GameAction.BEAVER, _BLUE),
    ),
    Phase.BEAVERED: (
        (actions.AcceptBeaver, "Accept beaver", GameAction.ACCEPT_BEAVER, _GREEN),
        (actions.RefuseBeaver, "Refuse beaver", GameAction.REFUSE_BEAVER, _RED),
    ),
    Phase.RESIGNING: (
        (actions.AcceptResignation, "Accept resignation", GameAction.ACCEPT_RESIGNATION, _GREEN),
        (actions.DeclineResignation, "Decline", GameAction.DECLINE_RESIGNATION, _RED),
    ),
}


def controls(match_id: int, version: int, match: Match, picked: int | None = None) -> Rows:
    """The buttons for the player to act now; none when the match is over."""
    player = match.to_act
    if player is None:
        return ()
    phase = match.phase
    extras = match_buttons(match_id, version, match)  # Resign and Moves beside the play controls (issue 33)
    if phase is Phase.MOVING:
        dice = match.dice
        if dice is None:
            return ()
        return move_menu(match_id, version, match.game.position, dice, match.steps, picked, extras)
    allowed = match.allowed(player)
    row = tuple(
        ButtonSpec(label, GameControl(match_id, version, control), style)
        for action_type, label, control, style in _ANSWERS.get(phase, ())
        if action_type in allowed
    )
    return (row + extras,) if row else ()


#: Discord's subtext markdown: a small grey line. The status line starts with it, so it can be told apart.
STATUS_PREFIX = "-# "


def status_line(match: Match) -> str:
    """The numbers a player weighs before acting, in words for those who cannot see the picture well: pip
    counts, the match score (and the Crawford game, R8.3) and the cube, or the cube on offer while a double or a
    beaver waits for its answer (R6.2, R6.4)."""
    names = escape_names(match.names)
    pips = [match.board(player).mover_pips for player in (0, 1)]
    parts = [f"Pips: {names[0]} {pips[0]}, {names[1]} {pips[1]}"]
    length = match.options.length
    if length:
        crawford = ", Crawford game" if match.crawford else ""
        parts.append(f"Score: {names[0]} {match.scores[0]}, {names[1]} {match.scores[1]} (to {length}{crawford})")
    owner, answering = match.cube_owner, match.to_act
    if match.phase in (Phase.DOUBLED, Phase.BEAVERED) and answering is not None:
        parts.append(f"Cube: {match.game.offered} offered to {names[answering]}")
    elif owner is not None:
        parts.append(f"Cube: {match.cube}, {names[owner]}'s")
    else:
        parts.append(f"Cube: {match.cube}, centred")
    return STATUS_PREFIX + " · ".join(parts)


def how_to_move(match: Match) -> str:
    """The ways to enter a play that the move menu offers now (cogs.ui.move_menu), in a sentence."""
    dice = match.dice
    extras = match_buttons(0, 0, match)  # the same rows as the controls: the extras take room from the menus
    rows = () if dice is None else move_menu(0, 0, match.game.position, dice, match.steps, extras=extras)
    menus = sum(isinstance(row, SelectSpec) for row in rows)
    green = any(
        button.control.action is GameAction.PLAY for row in rows if not isinstance(row, SelectSpec) for button in row
    )
    if not menus and not green:
        return "choose a checker to move, or type it with `/bg move`."
    chosen = "a green button" if green else "the list" if menus == 1 else "the lists"
    return (
        f"choose your whole play from {chosen} (it ends your turn), or move checker by checker, or type it "
        "with `/bg move`."
    )


def has_played(match: Match, player: int) -> bool:
    """Whether `player` has finished a turn of their own in this match (a whole play, or steps and Done)."""
    return any(
        isinstance(entry.action, actions.Move | actions.Confirm) and entry.action.player == player
        for entry in match.log.entries
    )


def prompt(match: Match, mention: str) -> str:
    """What the player to act is asked to do, addressed to them (`mention`); empty when the match is over."""
    player = match.to_act
    if player is None:
        return ""
    game = match.game
    other = escape_name(match.names[1 - player])
    phase = match.phase
    if phase is Phase.ROLLING:
        return f"{mention}, your turn: **Roll**, or **Double** to {game.cube * 2}."
    if phase is Phase.MOVING and match.dice is not None:
        steps = escape_text(" ".join(str(step) for step in match.steps))  # a hit's `*` is no italics
        entered = f" So far: {steps}." if match.steps else ""
        if not match.next_steps():
            return f"{mention}, press **Done** to finish your turn, or **Undo**.{entered}"
        if has_played(match, player):  # the how-to sentence once per match, on the player's first turn
            return f"{mention}, play your {dice_text(match.dice)}.{entered}"
        return f"{mention}, play your {dice_text(match.dice)}: {how_to_move(match)}{entered}"
    if phase is Phase.DOUBLED:
        beaver = ", **Beaver**" if actions.Beaver in match.allowed(player) else ""
        return (
            f"{mention}, {other} doubles to {game.offered}: **Take** (play on with the cube at "
            f"{game.offered}){beaver} or **Drop** (give up this game, losing {points_text(game.cube)})?"
        )
    if phase is Phase.BEAVERED:
        return (
            f"{mention}, {other} beavered: **Accept beaver** (cube at {game.offered}, owned by {other}) or "
            f"**Refuse beaver** (lose {points_text(game.offered // 2)})?"
        )
    if phase is Phase.RESIGNING and game.resignation is not None:
        points = game.resignation_points(game.resignation[1])
        return f"{mention}, {other} offers to resign for {points_text(points)}: **Accept resignation** or **Decline**?"
    return f"{mention}, it is your turn."
