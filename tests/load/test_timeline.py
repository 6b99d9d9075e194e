"""bench/load/timeline.py: a slow board's time split into its parts from the bot's timeline of its interaction."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.load.timeline import (
    ACK_PARTS,
    HANDLER_STARTED,
    PARTS,
    Ack,
    Click,
    ack_breakdown,
    ack_split,
    breakdown,
    split,
    timelines_path,
)


def test_the_parts_of_a_board_add_up_and_overlapping_steps_count_once() -> None:
    click = Click(channel=7, started=10.000, stored=10.050, seen=10.055)
    timeline = {
        "channel": 7,
        "received": 10.004,
        "steps": [
            ["webhook POST /interactions/{interaction_id}/{interaction_token}/callback", 10.005, 10.008],
            ["transaction", 10.006, 10.020],  # begun while the acknowledgement was on its way: counted from 10.008
            ["draw_board (awaited)", 10.021, 10.040],
            ["rest POST /channels/{channel_id}/messages", 10.041, 10.060],  # the board stored at 10.050, in it
        ],
    }
    parts = split(click, timeline)
    assert set(parts) == set(PARTS)
    assert parts["to the bot"] == pytest.approx(0.004)
    assert parts["acknowledge"] == pytest.approx(0.003)
    assert parts["transaction"] == pytest.approx(0.012)
    assert parts["draw"] == pytest.approx(0.019)
    assert parts["other requests"] == pytest.approx(0.009)
    assert parts["the bot's loop between"] == pytest.approx(0.003)  # 10.004-10.005, 10.020-10.021, 10.040-10.041
    assert sum(parts.values()) == pytest.approx(click.stored - click.started)


def test_the_slowest_boards_are_joined_to_their_own_interactions(tmp_path: Path) -> None:
    trace = tmp_path / "trace.json"
    clicks, timelines = [], {}
    for n in range(200):
        slow = n % 100 == 0  # two slow boards: their drawing waited 80 ms
        started = 100.0 + n
        draw = 0.080 if slow else 0.010
        clicks.append(Click(channel=n % 3, started=started, stored=started + 0.002 + draw, seen=started + draw + 0.01))
        timelines[str(n)] = {
            "channel": n % 3,
            "received": started + 0.001,
            "steps": [["draw_board (awaited)", started + 0.001, started + 0.001 + draw]],
        }
    timelines["other"] = {"channel": 5, "received": 1.0, "steps": []}  # an interaction no click here made
    timelines_path(trace).write_text(json.dumps(timelines))
    clicks.append(Click(channel=9, started=1000.0, stored=1000.01, seen=1000.02))  # the bot never saw it
    result = breakdown(clicks, trace)
    assert result["joined"] == 200 and result["clicks"] == 201 and result["slowest"] == 2
    assert result["slowest_mean_ms"]["draw"] == pytest.approx(80.0)
    assert result["all_median_ms"]["draw"] == pytest.approx(10.0)
    assert breakdown(clicks, tmp_path / "none.json") == {}


def test_a_slow_acknowledgement_is_split_at_the_bots_receipt_its_handler_and_its_callback_request(
    tmp_path: Path,
) -> None:
    trace = tmp_path / "trace.json"
    callback = "webhook POST /interactions/{interaction_id}/{interaction_token}/callback"
    acks, timelines = [], {}
    for n in range(100):
        queued = 0.007 if n == 50 else 0.0005  # one waited 7 ms for the bot's loop before its handler ran
        dispatched = 10.0 + n
        received = dispatched + 0.002
        handled = received + queued
        asked = handled + 0.002
        acks.append(Ack(n, dispatched, asked + 0.003))
        timelines[str(n)] = {
            "channel": 1,
            "received": received,
            "steps": [
                [HANDLER_STARTED, handled, handled],
                ["transaction", asked + 0.001, asked + 0.004],
                [callback, asked, asked + 0.004],
            ],
        }
    timelines["100"] = {"channel": 1, "received": 200.0, "steps": []}  # an autocomplete: no callback request
    acks.append(Ack(100, 199.0, 200.1))
    timelines["101"] = {"channel": 1, "received": 300.002, "steps": [[callback, 300.003, 300.004]]}  # a command
    acks.append(Ack(101, 300.0, 300.005))
    timelines_path(trace).write_text(json.dumps(timelines))
    result = ack_breakdown(acks, trace)
    assert result["joined"] == 101 and result["clicks"] == 102 and result["slowest"] == 1
    assert set(result["slowest_mean_ms"]) == set(ACK_PARTS)
    assert result["slowest_mean_ms"] == pytest.approx(
        {"to the bot": 2.0, "in the bot: queued": 7.0, "in the bot: handled": 2.0, "to the stand-in": 3.0}
    )
    assert result["all_median_ms"]["in the bot: queued"] == pytest.approx(0.5)
    command = ack_split(acks[-1], timelines["101"])
    assert command == pytest.approx(
        {"to the bot": 0.002, "in the bot: queued": 0.0, "in the bot: handled": 0.001, "to the stand-in": 0.002}
    )
    assert ack_breakdown(acks, tmp_path / "none.json") == {}
