"""The drawing processes, spoken to from the event loop itself: each is forked from the bot's forkserver with one
end of a socket pair, and the loop sends it pickled calls and reads their pictures back with its own non-blocking
socket calls (`loop.sock_sendall`, `loop.sock_recv_into`).

Why not a ProcessPoolExecutor: it hands every call to a thread of its own that pickles it, and every result to
another that reads and unpickles it. Under load each of those threads waits for the GIL while the event loop holds
it (up to the interpreter's 5-ms switch interval, at each read of a 60-KB picture from the pipe), so a board
would wait for threads besides its drawing, and those threads would take the GIL from the database's thread in
turn. Here nothing but the loop touches a picture on its way back.

A process answers its calls in the order sent, each answer with its call's number: one reader task per process
hands each answer to its caller, and drops the answer of a caller given up on (cancelled). A process that ends
(killed, out of memory) is replaced, and each call it had is run once more in a new one (`DrawingProcesses.run`).
Each process also ends with the bot: at the end of its socket, and by `exit_with` (a bot killed outright).
"""

from __future__ import annotations

import asyncio
import itertools
import os
import pickle
import socket
import struct
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.context import ForkServerContext
from multiprocessing.process import BaseProcess
from typing import Any

from bot.processes import exit_with

#: Before each call and each answer: its number and the length of the pickle that follows.
HEADER = struct.Struct("!QI")


class DrawingProcessEnded(RuntimeError):
    """The drawing process ended before it answered (killed, out of memory); the next call starts another."""


def serve(channel: socket.socket, parent: int) -> None:
    """In a drawing process: answer each call read from `channel` in turn, until the bot closes it or ends."""
    exit_with(parent)
    with channel, channel.makefile("rb") as calls:
        while header := calls.read(HEADER.size):
            number, size = HEADER.unpack(header)
            answer = _answer(calls.read(size))
            channel.sendall(HEADER.pack(number, len(answer)))  # apart: a 60-KB picture is not copied once more
            channel.sendall(answer)


def _answer(pickled: bytes) -> bytes:
    """The call's result, or the exception it raised (one that cannot be pickled as a RuntimeError naming it)."""
    try:
        outcome: tuple[bool, Any] = (True, pickle.loads(pickled)())
    except Exception as error:
        outcome = (False, error)
    try:
        return pickle.dumps(outcome, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception as error:
        return pickle.dumps((False, RuntimeError(f"{outcome[1]!r} ({error})")), protocol=pickle.HIGHEST_PROTOCOL)


@dataclass(eq=False)
class _Process:
    """One drawing process, the bot's end of its socket, and its calls not yet answered (on `loop`)."""

    process: BaseProcess
    channel: socket.socket
    numbers: itertools.count[int] = field(default_factory=itertools.count)
    waiting: dict[int, asyncio.Future[bytearray]] = field(default_factory=dict)
    unread: int = 0  # calls sent whose answers are not read whole yet (those of callers given up on too)
    loop: asyncio.AbstractEventLoop | None = None
    sending: asyncio.Lock | None = None
    reader: asyncio.Task[None] | None = None
    ended: bool = False

    def on(self, loop: asyncio.AbstractEventLoop) -> asyncio.Lock:
        """Ready for calls from `loop` (tests start a loop each; the process outlives them): its send lock."""
        if self.loop is not loop or self.sending is None or self.reader is None or self.reader.done():
            self.loop, self.sending = loop, asyncio.Lock()
            self.reader = loop.create_task(self._read(loop), name=f"drawing process {self.process.pid}")
        return self.sending

    def end(self, why: str) -> None:
        """Fail the calls waiting for answers, stop the process if it still runs, and close the socket: at once,
        or by its reader once that has given up its read (closed under a read, the socket's number could be
        given to a new process's socket, and the old read's clean-up would unregister that one)."""
        self.ended = True
        for waiting in self.waiting.values():
            if not waiting.done():
                waiting.set_exception(DrawingProcessEnded(why))
        self.waiting.clear()
        if self.process.is_alive():
            self.process.kill()
        reader = self.reader
        if reader is None or reader.done() or reader is _current_task() or reader.get_loop().is_closed():
            self.channel.close()
        else:
            reader.cancel()

    async def _read(self, loop: asyncio.AbstractEventLoop) -> None:
        """Hand each answer to its caller, until the process ends. Stopped (its loop ends) while an answer may be
        on its way, the process is ended: a part of one read would put the stream out of step."""
        try:
            while True:
                number, size = HEADER.unpack(await _received(loop, self.channel, HEADER.size))
                answer = await _received(loop, self.channel, size)
                self.unread -= 1
                waiting = self.waiting.pop(number, None)
                if waiting is not None and not waiting.done():
                    waiting.set_result(answer)
        except (OSError, EOFError):
            self.end(f"The drawing process {self.process.pid} ended")
        except asyncio.CancelledError:
            if not self.ended and self.unread:
                self.end("The event loop stopped while a board was being drawn")
            raise
        finally:
            if self.ended:
                self.channel.close()


class DrawingProcesses:
    """`count` drawing processes, started on first use (or by `start`): `run(call)` runs `call()` in the least busy
    one and returns its result, raising what it raised. A call whose process ends before it answers is run once
    more in a new one: calls are drawings, pure functions of their arguments."""

    def __init__(self, count: int, context: ForkServerContext) -> None:
        self.count = count
        self._context = context
        self._processes: list[_Process] = []

    @property
    def pids(self) -> list[int]:
        return [each.process.pid for each in self._processes if each.process.pid is not None]

    def start(self) -> None:
        """Every process started now (each a fork of the forkserver), in place of those that ended."""
        self._processes = [each for each in self._processes if not each.ended]
        while len(self._processes) < self.count:
            self._processes.append(self._started())

    async def run(self, call: Callable[[], Any]) -> Any:
        loop = asyncio.get_running_loop()
        for each in self._processes:  # answers owed to an event loop gone (tests start a loop each) would be lost
            if each.loop not in (None, loop) and each.unread:
                each.end("Its event loop stopped while a board was being drawn")
        pickled = pickle.dumps(call, protocol=pickle.HIGHEST_PROTOCOL)
        try:
            return await self._run_once(loop, pickled)
        except DrawingProcessEnded:  # a process found ended (killed while idle, say): the call again, in a new one
            return await self._run_once(loop, pickled)

    async def _run_once(self, loop: asyncio.AbstractEventLoop, pickled: bytes) -> Any:
        self.start()
        chosen = min(self._processes, key=lambda each: each.unread)
        number = next(chosen.numbers)
        answered: asyncio.Future[bytearray] = loop.create_future()
        chosen.waiting[number] = answered
        try:
            async with chosen.on(loop):
                await self._send(loop, chosen, HEADER.pack(number, len(pickled)) + pickled)
            ok, value = pickle.loads(await answered)
        finally:
            chosen.waiting.pop(number, None)
        if not ok:
            raise value
        return value

    @staticmethod
    async def _send(loop: asyncio.AbstractEventLoop, chosen: _Process, message: bytes) -> None:
        """The call sent to the process. Its socket failing ends the process (its calls, this one too, then fail
        with DrawingProcessEnded); so does a call sent in part (cancelled half way), which the process would read
        with the next call's start as its rest."""
        chosen.unread += 1
        try:
            await loop.sock_sendall(chosen.channel, message)
        except OSError:
            chosen.end(f"The drawing process {chosen.process.pid} ended")
        except asyncio.CancelledError:
            chosen.end("A call to the drawing process was cancelled as it was sent")
            raise

    def close(self) -> None:
        for each in self._processes:
            each.end("The drawing processes were closed")
        self._processes = []

    def _started(self) -> _Process:
        ours, theirs = socket.socketpair()
        process = self._context.Process(target=serve, args=(theirs, os.getpid()), name="drawing", daemon=True)
        process.start()
        theirs.close()
        ours.setblocking(False)
        return _Process(process, ours)


def _current_task() -> asyncio.Task[Any] | None:
    try:
        return asyncio.current_task()
    except RuntimeError:  # no event loop running (the bot's end, a test's)
        return None


async def _received(loop: asyncio.AbstractEventLoop, channel: socket.socket, size: int) -> bytearray:
    """Exactly `size` bytes from the socket (the buffer they were read into: unpickled as it is, not copied);
    EOFError when it ends first."""
    buffer = bytearray(size)
    view, got = memoryview(buffer), 0
    while got < size:
        count = await loop.sock_recv_into(channel, view[got:])
        if count == 0:
            raise EOFError
        got += count
    return buffer
