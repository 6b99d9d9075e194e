"""Boards left with live controls (issue 16's leftover): what an end-to-end test checks when a match is over, and a
way to make a board's edit slow on purpose (held at the stand-in) while the bot stores another action meanwhile."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from tests.e2e.table import Table, acknowledged_in_time, labels, whole_play_buttons
from tests.support.discord_standin import Channel, DiscordStandin, Message, Reply, ScenarioUser, wait_for_edit
from tests.support.discord_standin.faults import Hold


def live_controls(message: Message) -> list[str]:
    """The game controls a member could still press on a message (enabled buttons and select menus of a match;
    not, say, an analysis's **All decisions**). A deleted message has none (issue 33: replaced boards are deleted)."""
    if message.deleted:
        return []
    return [
        button.label or ""
        for button in message.buttons
        if not button.disabled
        and (button.custom_id or "").startswith("bg:")
        and not (button.custom_id or "").endswith(":moves")  # the move list: a private answer, no game control
    ] + [
        menu.placeholder or menu.custom_id
        for menu in message.selects
        if not menu.disabled and menu.custom_id.startswith("bg:")
    ]


def stale_controls(channel: Channel, final: Message) -> list[tuple[int, str, list[str]]]:
    """Every message of the channel but `final` that can still be pressed: its id, last line and controls."""
    return [
        (message.id, message.content.rsplit("\n", 1)[-1], live_controls(message))
        for message in channel.messages
        if message is not final and live_controls(message)
    ]


def all_retired(channel: Channel, final: Message) -> bool:
    return not stale_controls(channel, final)


def no_controls(message: Message) -> bool:
    return not live_controls(message)


def match_of(message: Message) -> int:
    """The id of the match whose game controls the message carries (`bg:<match>:<version>:...`)."""
    ids = [button.custom_id or "" for button in message.buttons]
    (match,) = {int(custom_id.split(":")[1]) for custom_id in ids if custom_id.startswith("bg:")}
    return match


def seat_to_act(database: Path, match: int | None = None) -> int | None:
    """Who must act in the match (by default the bot's only match) as stored in its SQLite file (0 the human or the
    challenger, 1 the computer or the acceptor)."""
    with contextlib.closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as db:
        if match is None:
            (state,) = db.execute("SELECT state FROM match_snapshots").fetchone()
        else:
            (state,) = db.execute("SELECT state FROM match_snapshots WHERE match_id = ?", (match,)).fetchone()
    to_act = json.loads(state)["game"]["to_act"]
    return None if to_act is None else int(to_act)


@dataclass
class HeldHandOver:
    """A hand-over held at the stand-in (`hold`), and the press that made it (`press`: its reply, once answered)."""

    hold: Hold
    press: asyncio.Task[Reply]

    def release(self) -> None:
        self.hold.release()


async def hand_over_held(
    standin: DiscordStandin, table: Table, player: ScenarioUser, *, new_board: bool = False
) -> HeldHandOver:
    """End the player's turn by clicks while the Discord call that hands it over is held at the stand-in (returned
    once that call is being made). Rolling and the steps of a turn edit the player's board in place; so does the
    press that ends the turn (a whole play, a choice from the menu, Done: issue 33, the board then says the computer
    is thinking), in the press's own answer: that answer is held, so the press is not acknowledged until it is let
    go. `new_board`: the next player counts as away (a bot run with AWAY_SECONDS=0), so the hand-over posts a new
    board: that post is held instead."""
    board = table.game
    for _ in range(12):
        shown = labels(board)
        plays = whole_play_buttons(board)
        if plays or board.selects or "Done" in shown:
            held = (
                standin.hold("POST", f"/channels/{table.channel.id}/messages")
                if new_board
                else standin.hold("POST", "/callback")
            )
            if plays:
                pressing = player.click(board, plays[0])
            elif board.selects:
                menu = board.selects[0]
                pressing = player.select(board, menu.options[0][1], custom_id=menu.custom_id)
            else:
                pressing = player.click(board, "Done")
            press = asyncio.ensure_future(pressing)
            await held.wait_reached(timeout=15)
            return HeldHandOver(held, press)
        version = board.version
        label = "Roll" if "Roll" in shown else next(label for label in shown if label not in ("Undo", "Back"))
        acknowledged_in_time(await player.click(board, label))
        await wait_for_edit(board, version, timeout=15)
    raise AssertionError("the turn was never ready to hand over (a roll with no play cannot be staged)")


async def only_the_final_board_is_live(standin: DiscordStandin, channel: Channel, final: Message) -> None:
    """Every message of the channel but `final` loses its game controls (right after the final board is posted),
    and the final board of a finished match offers Rematch only (issue 20)."""
    try:
        await standin.eventually(partial(all_retired, channel, final), timeout=5, what="every earlier board retired")
    except TimeoutError:
        raise AssertionError(f"boards left with controls: {stale_controls(channel, final)}") from None
    assert live_controls(final) == ["Rematch"], (final.content, live_controls(final))
