"""Timing probes inside the bot process for load runs with `--trace` only (GAMMON_LOAD_TRACE=path).

The load harness puts this directory first on PYTHONPATH. With the variable set, it wraps (without changing
their behaviour) discord.py's REST requests, the store's write transactions and the board renderer, measures
event-loop lag with a 10 ms ticker, times every step the loop runs (those past 2 ms by what ran), and writes
percentiles of each to the path as JSON when the bot exits; beside it (`<path>.timelines`) each interaction's own
steps on the system's monotonic clock, for bench/load/timeline.py. The samples are kept in memory: a traced run's
peak PSS is about 20 MB higher than an untraced one's. Experiments, by variable: GAMMON_LOAD_SLOW_CALLBACK,
GAMMON_LOAD_SWITCH_INTERVAL, GAMMON_LOAD_NO_GC (below).
First the stand-in's own sitecustomize (next on the path) runs, pointing discord.py at the stand-in.
"""

from __future__ import annotations

import atexit
import json
import os
import runpy
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

_TRACE = os.environ.pop("GAMMON_LOAD_TRACE", None)  # popped: processes the bot starts are not traced
_samples: defaultdict[str, list[float]] = defaultdict(list)


def _summary() -> dict[str, dict[str, float]]:
    from bench.load.quantiles import quantile  # (at the bot's exit, as the other bench.load imports: traced runs only)

    out = {}
    for name, values in sorted(_samples.items()):
        ordered = sorted(values)

        def at(fraction: float, ordered: list[float] = ordered) -> float:
            return round(1000 * quantile(ordered, fraction), 2)

        out[name] = {
            "count": len(ordered),
            "p50_ms": at(0.5),
            "p95_ms": at(0.95),
            "p99_ms": at(0.99),
            "max_ms": at(1.0),
            "total_s": round(sum(ordered), 2),
        }
    return out


for _entry in sys.path:
    _other = Path(_entry) / "sitecustomize.py"
    if _entry and _other.is_file() and _other.resolve() != Path(__file__).resolve():
        runpy.run_path(str(_other), run_name="sitecustomize_standin")
        break

if _TRACE:
    import asyncio

    import discord.http

    import bot.ratings.rebuild
    import bot.service.game_service
    import bot.store.sqlite
    import cogs.ui.board_picture
    import cogs.ui.game_messages

    def _replace_everywhere(original: object, replacement: object, name: str) -> None:
        for module in list(sys.modules.values()):
            if getattr(module, name, None) is original:
                setattr(module, name, replacement)

    _request = discord.http.HTTPClient.request

    async def _timed_request(self: Any, route: Any, **kwargs: Any) -> Any:
        started, started_at = time.perf_counter(), time.monotonic()
        try:
            return await _request(self, route, **kwargs)
        finally:
            _samples[f"rest {route.method} {route.path}"].append(time.perf_counter() - started)
            _note(f"rest {route.method} {route.path}", started_at)

    discord.http.HTTPClient.request = _timed_request  # type: ignore[method-assign]

    # --- each interaction's own timeline, for the slowest boards (the harness joins them to its clicks) ---------
    import contextvars

    import discord.state
    import discord.webhook.async_

    _interaction: contextvars.ContextVar[int] = contextvars.ContextVar("load_interaction", default=0)
    _timelines: dict[int, dict[str, Any]] = {}

    def _note(what: str, started: float, ended: float | None = None) -> None:
        """An awaited step of the interaction being handled (tasks it starts inherit it), on the system's clock."""
        timeline = _timelines.get(_interaction.get())
        if timeline is not None:
            timeline["steps"].append((what, started, time.monotonic() if ended is None else ended))

    _parse = discord.state.ConnectionState.parse_interaction_create

    def _traced_parse(self: Any, data: Any) -> None:
        key = int(data["id"])
        _timelines[key] = {"channel": int(data.get("channel_id") or 0), "received": time.monotonic(), "steps": []}
        token = _interaction.set(key)
        try:
            _parse(self, data)
        finally:
            _interaction.reset(token)

    discord.state.ConnectionState.parse_interaction_create = _traced_parse  # type: ignore[method-assign]

    import discord.ui.view

    from bench.load.timeline import HANDLER_STARTED

    _dynamic_item_call = discord.ui.view.ViewStore.schedule_dynamic_item_call

    async def _noted_dynamic_item_call(self: Any, *args: Any, **kwargs: Any) -> Any:
        """A click's handler task runs its first step now: how long it waited for the loop since the receipt."""
        now = time.monotonic()
        _note(HANDLER_STARTED, now, now)
        return await _dynamic_item_call(self, *args, **kwargs)

    discord.ui.view.ViewStore.schedule_dynamic_item_call = _noted_dynamic_item_call  # type: ignore[method-assign]

    _webhook_request = discord.webhook.async_.AsyncWebhookAdapter.request

    async def _timed_webhook_request(self: Any, route: Any, *args: Any, **kwargs: Any) -> Any:
        started = time.monotonic()
        try:
            return await _webhook_request(self, route, *args, **kwargs)
        finally:
            _samples[f"webhook {route.method} {route.path}"].append(time.monotonic() - started)
            _note(f"webhook {route.method} {route.path}", started)

    discord.webhook.async_.AsyncWebhookAdapter.request = _timed_webhook_request  # type: ignore[method-assign]

    _write = bot.store.sqlite.SqliteDatabase.write

    async def _timed_write(self: Any, work: Any) -> Any:
        asked, asked_at = time.perf_counter(), time.monotonic()
        begun: list[float] = []

        def timed_work(connection: Any) -> Any:  # called once the write lock is held, before the first statement
            begun.append(time.monotonic())
            return work(connection)

        try:
            return await _write(self, timed_work)
        finally:  # wait for the write lock + the body's statements (BEGIN IMMEDIATE with the first) + COMMIT
            _samples["transaction: queue + BEGIN .. COMMIT"].append(time.perf_counter() - asked)
            if begun:
                _samples["transaction: queue + BEGIN"].append(begun[0] - asked_at)
                _note("transaction queued", asked_at, begun[0])
            _note("transaction", asked_at)

    bot.store.sqlite.SqliteDatabase.write = _timed_write  # type: ignore[method-assign]

    def _timed(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            started, started_at = time.perf_counter(), time.monotonic()
            try:
                return await function(*args, **kwargs)
            finally:
                _samples[name].append(time.perf_counter() - started)
                _note(name, started_at)

        return wrapper

    _draw = cogs.ui.board_picture.draw_board
    _replace_everywhere(_draw, _timed("draw_board (awaited)", _draw), "draw_board")

    async def _ticker() -> None:
        while True:
            started = time.perf_counter()
            await asyncio.sleep(0.01)
            _samples["event loop lag"].append(time.perf_counter() - started - 0.01)

    _run = asyncio.run

    _slow = os.environ.get("GAMMON_LOAD_SLOW_CALLBACK")

    def _run_with_ticker(main: Any, **kwargs: Any) -> Any:
        async def with_ticker() -> Any:
            if _slow:  # an experiment: asyncio's debug mode logs every callback slower than this many seconds
                asyncio.get_running_loop().set_debug(True)
                asyncio.get_running_loop().slow_callback_duration = float(_slow)
            ticker = asyncio.create_task(_ticker())
            try:
                return await main
            finally:
                ticker.cancel()

        return _run(with_ticker(), **kwargs)

    asyncio.run = _run_with_ticker

    # --- every step the loop runs, timed: the long ones by what ran (a click waits for the step ahead of it) ---
    import asyncio.events

    _slow_steps: dict[str, list[float]] = {}
    _step_run = asyncio.events.Handle._run

    def _step_name(handle: asyncio.Handle) -> str:
        """What a step ran, by names only: never the repr of the callback or its object, which can change what it
        describes (an aiohttp ClientResponse's repr reads its headers, and their cached property then keeps None
        for good if the response has not started: its start fails with an AttributeError)."""
        callback = getattr(handle, "_callback", None)
        owner = getattr(callback, "__self__", None)
        if isinstance(owner, asyncio.Task):
            coroutine = owner.get_coro()
            return f"task {getattr(coroutine, '__qualname__', type(coroutine).__name__)}"
        inner = getattr(callback, "func", callback)  # a functools.partial: the function it calls
        name = getattr(inner, "__qualname__", None)
        return f"callback {name if isinstance(name, str) else type(inner).__qualname__}"

    def _timed_step(self: asyncio.Handle) -> None:
        started = time.perf_counter()
        try:
            _step_run(self)
        finally:
            took = time.perf_counter() - started
            _samples["loop step"].append(took)
            if took > 0.002:
                _slow_steps.setdefault(_step_name(self), []).append(took)

    asyncio.events.Handle._run = _timed_step  # type: ignore[method-assign]

    def _slow_step_table() -> dict[str, Any]:
        rows = sorted(_slow_steps.items(), key=lambda item: -sum(item[1]))
        return {
            name: {"count": len(times), "total_ms": round(1000 * sum(times), 1), "max_ms": round(1000 * max(times), 1)}
            for name, times in rows[:30]
        }

    if os.environ.get("GAMMON_LOAD_NO_GC"):  # an experiment: how much of the latency is the cyclic collector
        import gc

        gc.disable()

    _switch = os.environ.get("GAMMON_LOAD_SWITCH_INTERVAL")
    if _switch:  # an experiment: how much of the latency is threads waiting for the GIL
        sys.setswitchinterval(float(_switch))

    from bench.load.gc_pauses import GcPauses

    _collections = GcPauses().start()

    def _census() -> dict[str, Any]:
        """What the collector tracks at the exit (frozen objects apart), and the commonest types."""
        import gc
        from collections import Counter

        tracked = gc.get_objects()
        kinds = Counter(type(each).__qualname__ for each in tracked)
        return {"tracked": len(tracked), "frozen": gc.get_freeze_count(), "commonest": kinds.most_common(25)}

    def _with_collections() -> dict[str, Any]:
        return {
            **_summary(),
            **{f"gc {generation}": row for generation, row in _collections.summary().items()},
            "objects at exit": _census(),
            "loop steps past 2 ms": _slow_step_table(),
        }

    _trace_path = Path(_TRACE)
    atexit.register(lambda: _trace_path.write_text(json.dumps(_with_collections(), indent=1)))
    atexit.register(lambda: _trace_path.with_name(_trace_path.name + ".timelines").write_text(json.dumps(_timelines)))
