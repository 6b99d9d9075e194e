"""A rematch's dice (issue 31 item 7): the first press draws the server seed and its request shows the commitment;
the seeds are the id of that request's message (the asker's place) and the id of the other player's press, which
counts only if Discord gave it a larger id than that message (it came after the commitment was shown). Neither is
the bot's to choose, and the export of the rematch passes bot.fairness's check roll by roll."""

from __future__ import annotations

from bot.engine import actions as engine
from bot.engine.dice import commitment
from bot.engine.options import MatchOptions
from bot.fairness.check import check_mat, read_tags
from bot.records import match_to_mat
from bot.service import GameService, MatchRecord, MatchStatus
from bot.service import commands as cmd
from bot.service.rematches import STALE_SHOWING
from bot.store import Database
from tests.service.conftest import FakeClock
from tests.service.helpers import ALICE, BOB, GUILD, discord_id, play_to_the_end


async def finished_match(service: GameService, channel_id: int = 10) -> MatchRecord:
    """A 1-point match between Alice (the challenger, player 0) and Bob, ended by a resignation."""
    challenge = await service.challenges.create(
        guild_id=GUILD, channel_id=channel_id, challenger=ALICE, opponent=BOB, options=MatchOptions(1)
    )
    record = (await service.challenges.accept(challenge.id, BOB)).record
    assert record.to_act is not None
    offer = await service.act(record.id, record.to_act.user_id, cmd.Resign())
    assert offer.record.to_act is not None
    done = await service.act(record.id, offer.record.to_act.user_id, cmd.Ask(engine.AcceptResignation))
    assert done.record.status is MatchStatus.FINISHED
    return done.record


async def test_the_seeds_are_the_requests_message_and_the_press_after_it_and_the_export_checks(
    db: Database, clock: FakeClock
) -> None:
    service = GameService(db, clock=clock)  # the bot's own committed dice
    old = await finished_match(service)
    asked = await service.rematch(old.id, BOB.user_id, discord_id())  # Bob (player 1) asks first
    assert asked.show and asked.asked_by == BOB and asked.waiting_for == ALICE and asked.commitment is not None
    [(stored_seed,)] = await db.execute_fetchall("SELECT server_seed FROM rematch_requests")
    assert commitment(bytes.fromhex(str(stored_seed))) == asked.commitment  # drawn now, before any seed exists
    message = discord_id()
    await service.rematch_shown(old.id, message)
    press = discord_id()
    started = (await service.rematch(old.id, ALICE.user_id, press)).started
    assert started is not None
    fairness = started.record.fairness
    assert fairness is not None and fairness.commitment == asked.commitment and fairness.server_seed is None
    # Alice is player 0: her place holds her press; Bob asked: his place holds his request's message
    assert (fairness.challenger_seed, fairness.acceptor_seed) == (str(press), str(message))

    played = await play_to_the_end(service, started.record, 31)
    finished = await service.match(played.id)
    assert finished.fairness is not None and finished.fairness.server_seed == str(stored_seed)
    exported = match_to_mat(finished.match.log, fairness=finished.fairness)
    tags = read_tags(exported)
    assert (tags["Dice commitment"], tags["Challenger seed"], tags["Acceptor seed"]) == (
        asked.commitment,
        str(press),
        str(message),
    )
    result = check_mat(exported)
    assert result.ok, "\n".join(result.lines)


async def test_a_press_before_the_request_was_shown_does_not_count(service: GameService, db: Database) -> None:
    old = await finished_match(service)
    await service.rematch(old.id, ALICE.user_id, discord_id())
    early = await service.rematch(old.id, BOB.user_id, discord_id())  # before the request's message exists
    assert early.started is None and early.too_early and not early.show and early.waiting_for == BOB
    shown = await service.rematch_shown(old.id, discord_id())
    assert shown.started is None and shown.waiting_for == BOB  # Bob's press came before that message
    assert await db.execute_fetchall("SELECT id FROM matches WHERE rematch_of = ?", (old.id,)) == []
    press = discord_id()
    started = (await service.rematch(old.id, BOB.user_id, press)).started
    assert started is not None and started.record.fairness is not None
    assert started.record.fairness.acceptor_seed == str(press)


async def test_a_press_before_a_larger_message_id_does_not_count(service: GameService) -> None:
    """The request's message is recorded, but the press has a smaller id: Discord made it before the message (it
    reached the bot late), so it came before the commitment was shown."""
    old = await finished_match(service)
    await service.rematch(old.id, ALICE.user_id, discord_id())
    pressed_before = discord_id()
    await service.rematch_shown(old.id, discord_id())
    refused = await service.rematch(old.id, BOB.user_id, pressed_before)
    assert refused.started is None and refused.too_early


async def test_a_press_after_the_message_counts_even_before_the_message_was_recorded(service: GameService) -> None:
    """The request is posted, Bob presses after it, and his press reaches the service before the message's id
    does: the rematch starts once the id is recorded, with Bob's press as his seed."""
    old = await finished_match(service)
    await service.rematch(old.id, ALICE.user_id, discord_id())
    message = discord_id()
    press = discord_id()
    waiting = await service.rematch(old.id, BOB.user_id, press)
    assert waiting.started is None and waiting.too_early and not waiting.show
    started = (await service.rematch_shown(old.id, message)).started
    assert started is not None and started.record.fairness is not None
    assert (started.record.fairness.challenger_seed, started.record.fairness.acceptor_seed) == (
        str(message),
        str(press),
    )


async def test_a_second_message_of_the_same_request_is_a_duplicate(service: GameService) -> None:
    old = await finished_match(service)
    first = await service.rematch(old.id, ALICE.user_id, discord_id())
    again = await service.rematch(old.id, ALICE.user_id, discord_id())  # pressed again before it was shown
    assert first.show and again.show and first.commitment == again.commitment
    message = discord_id()
    assert not (await service.rematch_shown(old.id, message)).duplicate
    assert (await service.rematch_shown(old.id, discord_id())).duplicate  # to take back
    press = discord_id()
    started = (await service.rematch(old.id, BOB.user_id, press)).started
    assert started is not None and started.record.fairness is not None
    assert started.record.fairness.challenger_seed == str(message)


async def test_a_request_never_shown_is_shown_by_the_others_press_after_a_while(
    service: GameService, clock: FakeClock
) -> None:
    """The bot stopped between the first press and its message: after STALE_SHOWING seconds the other player's
    press shows the request (that press itself came before it, so it does not count)."""
    old = await finished_match(service)
    await service.rematch(old.id, ALICE.user_id, discord_id())
    assert not (await service.rematch(old.id, BOB.user_id, discord_id())).show  # still being shown, maybe
    clock.now += STALE_SHOWING + 1
    stale = await service.rematch(old.id, BOB.user_id, discord_id())
    assert stale.show and stale.too_early and stale.asked_by == ALICE and stale.waiting_for == BOB
    await service.rematch_shown(old.id, discord_id())
    assert (await service.rematch(old.id, BOB.user_id, discord_id())).started is not None


async def test_a_press_stored_before_the_dice_were_committed_is_asked_again(service: GameService, db: Database) -> None:
    """A press stored before migration 015 has no server seed: the next press makes the request."""
    old = await finished_match(service)
    await db.execute(
        "INSERT INTO rematch_requests (match_id, user_id, requested_at) VALUES (?, ?, ?)",
        (old.id, ALICE.user_id, 1.0),
    )
    asked = await service.rematch(old.id, BOB.user_id, discord_id())
    assert asked.show and asked.asked_by == BOB and asked.started is None
    again = await service.rematch(old.id, ALICE.user_id, discord_id())
    assert again.too_early and again.asked_by == BOB
