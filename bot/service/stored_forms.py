"""How an engine Match is stored: the canonical snapshot text, log entries, the replay that verifies them,
and the match row's columns after an action. Shared by the service, the consistency check and the ratings rebuild.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence

from bot.engine.actions import action_to_json
from bot.engine.dice import CommittedDice, DiceSource, FairnessInfo, MatchSeeds, SecretDice
from bot.engine.match import Match
from bot.engine.match_log import MatchLog
from bot.service.clocks import ClockPreset, MatchClock, parse_preset
from bot.service.errors import CorruptMatchError
from bot.service.records import MatchStatus
from bot.store import matches as match_store
from bot.store.backend import Queries


def snapshot_text(match: Match) -> str:
    """The canonical JSON of the match's state: what the snapshot row stores and the check compares."""
    return json.dumps(match.snapshot(), sort_keys=True, separators=(",", ":"))


def log_header_text(match: Match) -> str:
    """The match log without actions (names, options, opening dice), in the engine's JSON format."""
    log = match.log
    return MatchLog(log.names, log.options, log.start_dice).to_json()


def entry_text(match: Match, index: int) -> str:
    """Log entry `index` as stored in match_actions: the engine's JSON for one action with its dice."""
    entry = match.log.entries[index]
    return json.dumps({**action_to_json(entry.action), "dice": list(entry.dice)}, separators=(",", ":"))


def stored_seeds(stored: match_store.StoredMatch) -> MatchSeeds | None:
    """The seeds of the match's dice; None for a match stored without them (its dice came from the CSPRNG).

    :raises ValueError: when the stored server seed is not hex.
    """
    if stored.server_seed is None or stored.seeds is None:
        return None
    return MatchSeeds(bytes.fromhex(stored.server_seed), stored.seeds[0], stored.seeds[1])


def fairness_info(stored: match_store.StoredMatch) -> FairnessInfo | None:
    """What may be shown about the match's dice now: the server seed only once the match is over, however it ended
    (the one place that decides the reveal)."""
    seeds = stored_seeds(stored)
    if seeds is None:
        return None
    over = stored.status != MatchStatus.ACTIVE.value
    return FairnessInfo(
        seeds.commitment, seeds.challenger_seed, seeds.acceptor_seed, seeds.server_seed.hex() if over else None
    )


def next_dice(stored: match_store.StoredMatch, match: Match) -> DiceSource:
    """Where the match's next rolls come from: its own committed dice, going on after the dice it used (a match
    stored without seeds goes on with the CSPRNG)."""
    seeds = stored_seeds(stored)
    return SecretDice() if seeds is None else CommittedDice(seeds, match.dice_drawn)


async def replay_stored(db: Queries, stored: match_store.StoredMatch) -> Match:
    """The stored match replayed from the log entries its snapshot was made from, and verified (`rebuild_match`):
    read by their count, so that another process's action stored since the snapshot was read is not taken in."""
    return rebuild_match(stored, await match_store.load_log(db, stored.id, stored.log_length))


def rebuild_match(stored: match_store.StoredMatch, entries: Sequence[str]) -> Match:
    """Replay the stored log; CorruptMatchError when it cannot be read or does not give the stored snapshot, or
    when its seeds cannot make its next rolls (`next_dice`)."""
    try:
        data = json.loads(stored.log_header)
        data["actions"] = [json.loads(entry) for entry in entries]
        log = MatchLog.from_dict(data)
        stored_seeds(stored)  # read here so that a damaged seed makes the match unloadable, not its next roll
        match = Match.replay(log)
    except (ValueError, TypeError, KeyError) as error:
        raise CorruptMatchError(
            f"Match #{stored.id} cannot be loaded: its stored action log is damaged ({error}).", match_id=stored.id
        ) from None
    if len(entries) != stored.log_length or snapshot_text(match) != stored.state_json:
        raise CorruptMatchError(
            f"Match #{stored.id} cannot be loaded: its stored state does not match its action log.",
            match_id=stored.id,
        )
    return match


def progress_after(
    stored: match_store.StoredMatch, before: Match, after: Match, now: float, user_id: int | None = None
) -> match_store.MatchProgress:
    """The match row after an action. The turn timer restarts when the match waits for someone new, or a new
    game began; stepping and undoing within one's own turn does not restart it (R9.5). A clocked match charges
    the turn that ended to the player who had to act."""
    new_turn = after.to_act != before.to_act or after.game.number != before.game.number
    used, paused = stored.used, stored.paused
    clock = match_clock(stored, before.options.length)
    if new_turn and clock is not None and before.to_act is not None:
        used, paused = clock.used_after_turn(before.to_act, now), 0.0
    if after.aborted:
        status = MatchStatus.ABORTED.value
    elif after.finished:
        status = MatchStatus.FINISHED.value
    else:
        status = MatchStatus.ACTIVE.value
    last_outcome = after.outcomes[-1].kind.value if after.outcomes else None
    return match_store.MatchProgress(
        status=status,
        last_action_at=now,
        turn_started_at=now if new_turn else stored.turn_started_at,
        reminded=False if new_turn else stored.reminded,
        finished_at=now if after.finished else None,
        winner=after.winner,
        score0=after.scores[0],
        score1=after.scores[1],
        result_kind=last_outcome if after.finished and not after.aborted else None,
        used=used,
        paused=paused,
        acted=acted_after(stored, user_id, now),
    )


def acted_after(stored: match_store.StoredMatch, user_id: int | None, now: float) -> tuple[float | None, float | None]:
    """When each player last acted, with `user_id`'s action now (nobody's when a timer or the service acted)."""
    return acted_now((stored.player0_id, stored.player1_id), user_id, now, stored.acted)


def acted_now(
    player_ids: tuple[int, int],
    user_id: int | None,
    now: float,
    before: tuple[float | None, float | None] = (None, None),
) -> tuple[float | None, float | None]:
    """`before` (when each player last acted) with `user_id`'s seat acting `now`."""
    return (
        now if player_ids[0] == user_id else before[0],
        now if player_ids[1] == user_id else before[1],
    )


def row_after(
    stored: match_store.StoredMatch,
    progress: match_store.MatchProgress,
    log_length: int,
    state_json: str,
    answered_on: tuple[int, int] | None = None,
    now: float = 0.0,
) -> match_store.StoredMatch:
    """The row as it is once the action's transaction commits (so no second read is needed), with the board the
    press is answered on (match_log.record_action)."""
    if answered_on is not None:
        controls_at = stored.controls_at
        if controls_at is None or controls_at < progress.turn_started_at:
            controls_at = now
        stored = dataclasses.replace(
            stored,
            message_channel_id=answered_on[0],
            message_id=answered_on[1],
            message_version=stored.version + 1,
            message_sure=False,
            controls_at=controls_at,
        )
    return dataclasses.replace(
        stored,
        version=stored.version + 1,
        log_length=log_length,
        state_json=state_json,
        status=progress.status,
        last_action_at=progress.last_action_at,
        turn_started_at=progress.turn_started_at,
        reminded=progress.reminded,
        finished_at=progress.finished_at,
        winner=progress.winner,
        score0=progress.score0,
        score1=progress.score1,
        result_kind=progress.result_kind,
        used=progress.used,
        paused=progress.paused,
        acted=progress.acted,
    )


def match_clock(stored: match_store.StoredMatch, length: int) -> MatchClock | None:
    """The match's clock as stored (None without one): the current turn's time runs from when its controls
    were first shown, as the R9.5 turn limit does."""
    preset = parse_preset(stored.clock)
    if preset is ClockPreset.NONE:
        return None
    running = stored.controls_at is not None and stored.controls_at >= stored.turn_started_at
    return MatchClock(preset, length, stored.used, stored.controls_at if running else None, stored.paused)
