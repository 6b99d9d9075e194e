"""Where the slowest boards of a load run spent their time: the harness's clicks joined to the bot's own timeline of
each interaction (bench/load/site, written with `--trace`), both on the system's monotonic clock."""

from __future__ import annotations

import json
import statistics
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Click:
    """A click at a human table as the harness saw it: its channel, dispatch, the board stored, the board seen."""

    channel: int
    started: float
    stored: float
    seen: float


def timelines_path(trace: Path) -> Path:
    return trace.with_name(trace.name + ".timelines")


def step_kind(name: str) -> str:
    """A step's part of a board's time: the acknowledgement, the transaction, the drawing, or Discord requests."""
    if name.startswith("webhook POST /interactions"):
        return "acknowledge"
    if name.startswith("transaction"):
        return "transaction"
    if name.startswith("draw"):
        return "draw"
    return "other requests"


PARTS = ("to the bot", "acknowledge", "transaction", "draw", "other requests", "the bot's loop between")


def split(click: Click, timeline: dict[str, Any]) -> dict[str, float]:
    """Seconds of each part between the click's dispatch and its board stored; steps that overlap (a request sent
    while a board is drawn) are cut so that the parts add up to the whole."""
    parts = dict.fromkeys(PARTS, 0.0)
    parts["to the bot"] = timeline["received"] - click.started
    covered = timeline["received"]
    for name, started, ended in sorted(timeline["steps"], key=lambda step: step[1]):
        started, ended = max(started, covered), min(ended, click.stored)
        if ended > started:
            parts[step_kind(name)] += ended - started
            covered = ended
    parts["the bot's loop between"] = (
        click.stored
        - timeline["received"]
        - sum(parts[kind] for kind in ("acknowledge", "transaction", "draw", "other requests"))
    )
    return parts


def breakdown(clicks: list[Click], trace: Path, slowest: float = 0.01) -> dict[str, Any]:
    """The parts' mean in ms over the slowest `slowest` of the boards (by dispatch to stored), and their medians
    over all of them; clicks without a timeline of theirs (the bot did not see them) are counted."""
    path = timelines_path(trace)
    if not path.exists():
        return {}
    by_channel: dict[int, list[dict[str, Any]]] = {}
    for timeline in json.loads(path.read_text()).values():
        by_channel.setdefault(timeline["channel"], []).append(timeline)
    for timelines in by_channel.values():
        timelines.sort(key=lambda timeline: timeline["received"])
    joined = []
    for click in clicks:
        mine = next(
            (t for t in by_channel.get(click.channel, []) if click.started <= t["received"] <= click.stored), None
        )
        if mine is not None:
            joined.append((click.stored - click.started, split(click, mine)))
    return summarized(joined, len(clicks), PARTS, slowest)


@dataclass(frozen=True)
class Ack:
    """An interaction at a human table as the stand-in saw it: its id, dispatch and acknowledgement."""

    id: int
    dispatched: float
    acknowledged: float


ACK_PARTS = ("to the bot", "in the bot: queued", "in the bot: handled", "to the stand-in")
#: The step the bot's probes note when a click's handler task first runs (bench/load/site).
HANDLER_STARTED = "handler task started"


def ack_split(ack: Ack, timeline: dict[str, Any]) -> dict[str, float] | None:
    """Seconds from the dispatch to the bot's receipt, from there to its handler's first run (the wait for the
    event loop: zero where there is no such step, a slash command), from there to its callback request, and from the
    request to the stand-in's receipt of it; None when the timeline has no callback request (an autocomplete)."""
    asked = next((started for name, started, _ in timeline["steps"] if step_kind(name) == "acknowledge"), None)
    if asked is None:
        return None
    received = timeline["received"]
    handled = next((started for name, started, _ in timeline["steps"] if name == HANDLER_STARTED), received)
    return {
        "to the bot": received - ack.dispatched,
        "in the bot: queued": handled - received,
        "in the bot: handled": asked - handled,
        "to the stand-in": ack.acknowledged - asked,
    }


def ack_breakdown(acks: list[Ack], trace: Path, slowest: float = 0.01) -> dict[str, Any]:
    """Like `breakdown`, for the acknowledgements: the parts' means over the slowest `slowest` of them."""
    path = timelines_path(trace)
    if not path.exists():
        return {}
    timelines = json.loads(path.read_text())
    joined = []
    for ack in acks:
        timeline = timelines.get(str(ack.id))
        parts = None if timeline is None else ack_split(ack, timeline)
        if parts is not None:
            joined.append((ack.acknowledged - ack.dispatched, parts))
    return summarized(joined, len(acks), ACK_PARTS, slowest)


def summarized(
    joined: list[tuple[float, dict[str, float]]], total: int, parts: tuple[str, ...], slowest: float
) -> dict[str, Any]:
    """The parts' means in ms over the slowest `slowest` of the joined latencies, and their medians over all."""
    if not joined:
        return {"joined": 0, "clicks": total}
    joined.sort(key=lambda pair: pair[0])
    tail = joined[-max(1, round(slowest * len(joined))) :]
    return {
        "joined": len(joined),
        "clicks": total,
        "slowest": len(tail),
        "slowest_mean_ms": {part: round(1000 * statistics.fmean(p[part] for _, p in tail), 1) for part in parts},
        "all_median_ms": {part: round(1000 * statistics.median(p[part] for _, p in joined), 1) for part in parts},
    }
