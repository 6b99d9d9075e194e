"""The tutor against the computer (bot.service.tutor): a costly decision of the human is judged by the analysis's
evaluator before it is stored; over the match's threshold nothing is stored but a note, answered by Undo (choose
again) or Keep (stored as made, through the same checks). Hints rank the choices on the board. The judgement runs
in-process here (the bot runs it in the computer's workers)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.analysis.decisions import Kind, decision_now
from bot.computer import choose_action, sage
from bot.computer.board import plays_by_result, position_from_sage
from bot.engine import actions as engine
from bot.engine.game import Phase
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.engine.play import Play
from bot.service import GameService, MatchRecord, PlayerRef, ServiceError
from bot.service import commands as cmd
from bot.service import tutor as tutor_service
from bot.service.tutor import HeldError
from bot.store import Database
from bot.tutor.advice import Outcome, Threshold
from tests.service.helpers import ALICE, GUILD, announce, start_match

COMPUTER = PlayerRef(999, "Gammon")


async def in_process(task: Any, *arguments: Any, timeout: float | None = None) -> dict[str, Any]:
    return dict(task(*arguments))


@pytest.fixture
def tutored(service: GameService) -> GameService:
    service.tutor.use(in_process)
    return service


async def start(service: GameService, tutor: Threshold = Threshold.ERROR) -> MatchRecord:
    update = await service.computer.start_match(
        guild_id=GUILD,
        channel_id=500,
        human=ALICE,
        computer=COMPUTER,
        options=MatchOptions(7),
        level="expert",
        announce=announce,
        tutor=tutor,
    )
    return update.record


def plays_ranked(match: Match) -> list[tuple[Play, float]]:
    """The human's plays for the roll, best first, with the net's equity (the tutor's own level)."""
    assert match.dice is not None
    decision = decision_now(match.log, Kind.CHECKER, 0, match.dice)
    position = position_from_sage(decision.board)
    legal = plays_by_result(position, position.legal_plays(match.dice))
    ranked = sage.ranked_plays(1, decision.board, match.dice, decision.cube)
    return [(legal[move.board], move.equity) for move in ranked if move.board in legal]


async def until_a_costly_choice(service: GameService, match_id: int) -> tuple[MatchRecord, Play, Play]:
    """Play on (the computer's turns by its own choice, the human's best plays, rolls kept) until the human's roll
    has a play that loses 0.1 or more: returns the match then, its worst play and its best."""
    for _ in range(200):
        record = await service.match(match_id)
        match = record.match
        if match.to_act == 1:
            action = cmd.ComputerDecision(choose_action(match, "expert"))
            await service.act(match_id, COMPUTER.user_id, action, version=record.version)
            continue
        if match.phase is Phase.MOVING:
            ranked = plays_ranked(match)
            if ranked[0][1] - ranked[-1][1] >= 0.1:
                return record, ranked[-1][0], ranked[0][0]
            await service.act(match_id, ALICE.user_id, cmd.PlayText(str(ranked[0][0])), version=record.version)
            continue
        asked = engine.Take if match.phase is Phase.DOUBLED else engine.Roll
        try:
            await service.act(match_id, ALICE.user_id, cmd.Ask(asked), version=record.version)
        except HeldError as held:  # a cube decision the tutor stops: kept, to go on
            await service.tutor.keep(match_id, held.note.id, ALICE.user_id)
    raise AssertionError("no costly choice came")


async def test_a_costly_play_is_held_undone_then_kept(tutored: GameService, db: Database) -> None:
    service = tutored
    record = await start(service)
    record, worst, _ = await until_a_costly_choice(service, record.id)
    with pytest.raises(HeldError) as held:
        await service.act(record.id, ALICE.user_id, cmd.PlayText(str(worst)), version=record.version)
    note = held.value.note
    assert note.judgement.kind == "checker" and note.judgement.chosen == str(worst)
    assert note.judgement.loss >= Threshold.ERROR.equity and note.judgement.best != str(worst)
    assert (await service.match(record.id)).version == record.version  # nothing of the play was stored

    assert await service.tutor.undo(record.id, note.id, ALICE.user_id) is None  # the board still offers the choice
    with pytest.raises(ServiceError, match="already answered"):
        await service.tutor.keep(record.id, note.id, ALICE.user_id)

    with pytest.raises(HeldError) as again:
        await service.act(record.id, ALICE.user_id, cmd.PlayText(str(worst)), version=record.version)
    with pytest.raises(ServiceError, match="another player"):
        await service.tutor.keep(record.id, again.value.note.id, COMPUTER.user_id)
    kept = await service.tutor.keep(record.id, again.value.note.id, ALICE.user_id)
    assert kept.record.version > record.version
    assert kept.record.match.log.entries[len(record.match.log.entries)].action == engine.Move(0, worst)
    notes = await service.tutor.notes(record.id)
    assert [n.outcome for n in notes] == [Outcome.UNDONE, Outcome.KEPT]
    assert [n.version for n in notes] == [record.version, record.version]


async def test_a_good_play_is_stored_at_once(tutored: GameService) -> None:
    record = await start(tutored, Threshold.DOUBTFUL)
    record, _, best = await until_a_costly_choice(tutored, record.id)
    update = await tutored.act(record.id, ALICE.user_id, cmd.PlayText(str(best)), version=record.version)
    assert update.record.version > record.version
    assert await tutored.tutor.notes(record.id) == []


async def test_a_held_done_takes_its_steps_back_on_undo(tutored: GameService) -> None:
    service = tutored
    record = await start(service)
    record, worst, _ = await until_a_costly_choice(service, record.id)
    for step in worst.steps:
        record = (await service.act(record.id, ALICE.user_id, cmd.Step(step.start, step.die))).record
    with pytest.raises(HeldError) as held:
        await service.act(record.id, ALICE.user_id, cmd.Ask(engine.Confirm), version=record.version)
    assert held.value.note.steps == len(worst.steps)
    update = await service.tutor.undo(record.id, held.value.note.id, ALICE.user_id)
    assert update is not None and update.record.match.steps == () and update.record.match.phase is Phase.MOVING
    with pytest.raises(ServiceError, match="already answered"):
        await service.tutor.undo(record.id, held.value.note.id, ALICE.user_id)


async def test_an_old_note_cannot_be_kept_once_the_match_moved_on(tutored: GameService) -> None:
    service = tutored
    record = await start(service)
    record, worst, best = await until_a_costly_choice(service, record.id)
    with pytest.raises(HeldError) as held:
        await service.act(record.id, ALICE.user_id, cmd.PlayText(str(worst)), version=record.version)
    await service.act(record.id, ALICE.user_id, cmd.PlayText(str(best)), version=record.version)  # chose again
    with pytest.raises(ServiceError, match="out of date"):
        await service.tutor.keep(record.id, held.value.note.id, ALICE.user_id)


async def test_a_hint_ranks_the_best_three_plays(tutored: GameService) -> None:
    record = await start(tutored)
    record, _, best = await until_a_costly_choice(tutored, record.id)
    hint = await tutored.tutor.hint(record.id, ALICE.user_id)
    assert hint.kind == "checker" and len(hint.lines) == 3
    assert hint.lines[0].choice == str(best) and hint.lines[0].behind == 0
    assert [line.behind for line in hint.lines] == sorted(line.behind for line in hint.lines)
    with pytest.raises(ServiceError, match="Only Alice"):
        await tutored.tutor.hint(record.id, COMPUTER.user_id)


async def test_no_tutor_nor_hint_in_a_match_between_members_or_untutored(tutored: GameService) -> None:
    between = (await start_match(tutored)).record
    with pytest.raises(ServiceError, match="tutored matches against the computer only"):
        await tutored.tutor.hint(between.id, ALICE.user_id)
    assert await tutored.tutor.threshold(between.id) is Threshold.OFF
    untutored = await start(tutored, Threshold.OFF)
    with pytest.raises(ServiceError, match="tutored matches against the computer only"):
        await tutored.tutor.hint(untutored.id, ALICE.user_id)


async def test_a_players_default_is_remembered(tutored: GameService) -> None:
    assert await tutored.tutor.default(ALICE.user_id) is Threshold.OFF
    await tutored.tutor.set_default(ALICE, Threshold.BLUNDER)
    await tutored.tutor.set_default(ALICE, Threshold.DOUBTFUL)
    assert await tutored.tutor.default(ALICE.user_id) is Threshold.DOUBTFUL


async def test_a_costly_cube_answer_is_held_and_kept_as_made(tutored: GameService) -> None:
    service = tutored
    record = await start(service)
    for _ in range(20):  # until the computer is on roll, with the cube in the middle
        record = await service.match(record.id)
        match = record.match
        if match.to_act == 1 and engine.Double in match.allowed(1):
            break
        if match.to_act == 1:
            await service.act(record.id, COMPUTER.user_id, cmd.ComputerDecision(choose_action(match, "expert")))
        elif match.phase is Phase.MOVING:
            await service.act(record.id, ALICE.user_id, cmd.PlayText(str(plays_ranked(match)[0][0])))
        else:
            await service.act(record.id, ALICE.user_id, cmd.Ask(engine.Roll))
    else:
        raise AssertionError("the computer never had the cube")
    record = (await service.act(record.id, COMPUTER.user_id, cmd.ComputerDecision(engine.Double(1)))).record
    with pytest.raises(HeldError) as held:  # an early double is a clear take: dropping gives up a lot
        await service.act(record.id, ALICE.user_id, cmd.Ask(engine.Drop), version=record.version)
    judged = held.value.note.judgement
    assert (judged.kind, judged.chosen, judged.best) == ("take", "Drop", "Take") and judged.loss >= 0.08
    kept = await service.tutor.keep(record.id, held.value.note.id, ALICE.user_id)
    assert kept.record.match.score_tuple == (0, 1)  # the drop, stored as made: the computer wins the game


async def test_a_judgement_too_slow_lets_the_decision_be_stored_as_made(
    tutored: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = tutored
    record = await start(service)
    record, worst, _ = await until_a_costly_choice(service, record.id)

    async def slow(task: Any, *arguments: Any, timeout: float | None = None) -> dict[str, Any]:
        await asyncio.sleep(1)
        return dict(task(*arguments))

    monkeypatch.setattr(tutor_service, "JUDGE_SECONDS", 0.05)
    service.tutor.use(slow)  # the press must be answered within Discord's 3 s: the tutor gives way
    update = await service.act(record.id, ALICE.user_id, cmd.PlayText(str(worst)), version=record.version)
    assert update.record.version > record.version and await service.tutor.notes(record.id) == []


async def test_a_tutor_that_fails_never_keeps_a_player_from_playing(tutored: GameService) -> None:
    service = tutored
    record = await start(service)
    record, worst, _ = await until_a_costly_choice(service, record.id)

    async def broken(task: Any, *arguments: Any, timeout: float | None = None) -> dict[str, Any]:
        raise RuntimeError("a fault in the judgement")

    service.tutor.use(broken)
    update = await service.act(record.id, ALICE.user_id, cmd.PlayText(str(worst)), version=record.version)
    assert update.record.version > record.version and await service.tutor.notes(record.id) == []
