"""One answer to one press (cogs.ui.press_answer): never before its action is stored, the new board in the press's
own response when it is ready in time, a deferral at the deadline when it is not, and nothing more once Discord
says the press ran out of time."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs.ui.press_answer import PressAnswer


class Response:
    """The interaction's response as discord.py keeps it: one callback, then it is done."""

    def __init__(self, calls: list[str], refuse: int | None = None) -> None:
        self.calls = calls
        self.refuse = refuse  # Discord's error code for every callback, if any
        self.done = False

    def is_done(self) -> bool:
        return self.done

    async def _callback(self, kind: str) -> None:
        self.calls.append(kind)
        if self.refuse is not None:
            raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), {"code": self.refuse})
        self.done = True

    async def defer(self, **_options: Any) -> None:
        await self._callback("defer")

    async def edit_message(self, **fields: Any) -> None:
        await self._callback("update")

    async def send_message(self, content: str, **fields: Any) -> None:
        await self._callback("message")


class Press:
    def __init__(self, refuse: int | None = None, *, ephemeral: bool = False) -> None:
        self.calls: list[str] = []
        self.response = Response(self.calls, refuse)
        self.message = SimpleNamespace(
            id=5, flags=SimpleNamespace(ephemeral=ephemeral), edit=self._edit_by_id, delete=self._delete_by_id
        )
        self.user = SimpleNamespace(id=10)
        self.followup = SimpleNamespace(send=self._followup)

    async def _followup(self, content: str, **fields: Any) -> None:
        self.calls.append("followup")

    async def _edit_by_id(self, **fields: Any) -> None:
        self.calls.append("edit by id")

    async def _delete_by_id(self) -> None:
        self.calls.append("delete by id")

    async def edit_original_response(self, **fields: Any) -> None:
        self.calls.append("edit")

    async def delete_original_response(self) -> None:
        self.calls.append("delete")


def answer_to(press: Press, defer_after: float = 2.0) -> PressAnswer:
    return PressAnswer(press, defer_after=defer_after)  # type: ignore[arg-type]


async def test_a_board_ready_in_time_is_the_press_s_one_answer() -> None:
    press = Press()
    answer = answer_to(press)
    answer.stored()
    await answer.edit(content="the new board")
    answer.stop()
    await answer.acknowledge()  # answered already: nothing more
    assert press.calls == ["update"]


async def test_nothing_is_said_before_the_action_is_stored_even_past_the_deadline() -> None:
    press = Press()
    answer = answer_to(press, defer_after=0.01)
    await asyncio.sleep(0.05)  # the action still being stored
    assert press.calls == []
    answer.stored()  # past the deadline: deferred at once
    await asyncio.sleep(0.01)
    assert press.calls == ["defer"]
    await answer.edit(content="the new board")  # then the board as an edit
    assert press.calls == ["defer", "edit"]


async def test_a_stored_press_whose_board_is_late_is_deferred_at_the_deadline() -> None:
    press = Press()
    answer = answer_to(press, defer_after=0.02)
    answer.stored()
    await asyncio.sleep(0.01)
    assert press.calls == []
    await asyncio.sleep(0.05)
    assert press.calls == ["defer"]


async def test_a_press_that_ran_out_of_time_is_shown_by_the_messages_id() -> None:
    """Unknown interaction (10062): the board is edited (or deleted) by the message's id, and no other answer to the
    press is tried."""
    press = Press(refuse=10062)
    answer = answer_to(press)
    answer.stored()
    await answer.edit(content="the new board")
    await answer.acknowledge()
    await answer.delete()
    answer.stop()
    assert press.calls == ["update", "edit by id", "delete by id"] and answer.answered


async def test_a_private_message_that_ran_out_of_time_is_left_as_it_is() -> None:
    """An ephemeral message (the private Resign choice) cannot be reached by its id: nothing more is tried."""
    press = Press(refuse=10062, ephemeral=True)
    answer = answer_to(press)
    answer.stored()
    await answer.edit(content="You offered to resign a gammon.")
    answer.stop()
    assert press.calls == ["update"]


async def test_another_refusal_is_raised() -> None:
    press = Press(refuse=50013)  # Missing permissions: not a matter of time
    answer = answer_to(press)
    answer.stored()
    with pytest.raises(discord.NotFound):
        await answer.edit(content="the new board")
    answer.stop()


async def test_a_typed_command_is_answered_privately_once_stored_or_after_its_thinking_note() -> None:
    """`/bg move`: the private answer is the command's own response when it is ready in time; a late one is
    deferred as the member's "thinking" note first, then follows it."""
    quick = Press()
    answer = PressAnswer(quick, private=True)  # type: ignore[arg-type]
    answer.stored()
    await answer.reply("Played 8/5 6/5.")
    answer.stop()
    assert quick.calls == ["message"]
    slow = Press()
    answer = PressAnswer(slow, private=True, defer_after=0.01)  # type: ignore[arg-type]
    answer.stored()
    await asyncio.sleep(0.05)
    await answer.reply("Played 8/5 6/5.")
    assert slow.calls == ["defer", "followup"]
