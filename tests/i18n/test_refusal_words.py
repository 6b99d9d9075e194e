# ruff: noqa: RUF001  # Greek and Turkish letters that look like Latin ones, on purpose
"""The engine's and the challenge service's refusals in the language of the member who asked (issue 35): a refusal
carries its English template and parameters from where it is raised (the engine's play checks, the seed check, the
challenge service) through the game service to `player_message`, which renders it for the member's client."""

from __future__ import annotations

import discord
import pytest

from bot.engine import actions as engine
from bot.engine.dice import FixedDice
from bot.engine.options import MatchOptions
from bot.service import GameService, MatchRecord, ServiceError
from bot.service import commands as cmd
from bot.store import Database
from cogs.ui.errors import player_message
from tests.service.conftest import FakeClock
from tests.service.helpers import ALICE, BOB, CAROL, GUILD

SQLITE = pytest.mark.parametrize("db", ["sqlite"], indirect=True)
GERMAN, TURKISH, GREEK = discord.Locale.german, discord.Locale.turkish, discord.Locale.greek


async def refusal(service: GameService, record: MatchRecord, user_id: int, command: cmd.Command) -> ServiceError:
    with pytest.raises(ServiceError) as refused:
        await service.act(record.id, user_id, command)
    return refused.value


async def opened(db: Database) -> tuple[GameService, MatchRecord]:
    """A 3-point match whose opening roll is Alice's 3 against Bob's 1: Alice moves 3-1."""
    service = GameService(db, dice=FixedDice([3, 1] + [6, 5] * 10))
    challenge = await service.challenges.create(
        guild_id=GUILD, channel_id=10, challenger=ALICE, opponent=BOB, options=MatchOptions.match(3)
    )
    record = (await service.challenges.accept(challenge.id, BOB)).record
    assert record.match.dice == (3, 1) and record.match.to_act == 0
    return service, record


@SQLITE
async def test_the_engines_refusals_of_an_action_come_in_the_members_language(db: Database) -> None:
    service, record = await opened(db)
    not_yours = await refusal(service, record, BOB.user_id, cmd.Ask(engine.Double))  # the engine's turn check
    assert player_message(not_yours) == "It is Alice's turn."
    assert player_message(not_yours, GERMAN) == "Alice ist am Zug."
    assert player_message(not_yours, TURKISH) == "Sıra Alice oyuncusunda."
    too_late = await refusal(service, record, ALICE.user_id, cmd.Ask(engine.Double))  # R6.1
    assert player_message(too_late, GERMAN) == "Doppeln kannst du nur vor dem Würfeln."
    assert player_message(too_late, GREEK) == "Βίδο δίνεις μόνο πριν ρίξεις τα ζάρια."
    nothing = await refusal(service, record, ALICE.user_id, cmd.Ask(engine.Take))
    assert player_message(nothing, GERMAN) == "Es gibt kein Doppel zu beantworten."
    assert player_message(nothing, TURKISH) == "Cevap verilecek bir vido yok."


@SQLITE
async def test_a_typed_play_is_refused_in_the_members_language(db: Database) -> None:
    """InvalidPlayError and IllegalPlayError from the notation reader (R10.1) and the rules (R3, R4)."""
    service, record = await opened(db)
    unreadable = await refusal(service, record, ALICE.user_id, cmd.PlayText("hello"))
    assert player_message(unreadable) == (
        r"I can't read 'hello': write steps like 24/18 13/11, bar/22\*, 6/off or 13/7(2)"
    )
    assert player_message(unreadable, GERMAN) == (
        r"Ich kann 'hello' nicht lesen: schreibe Schritte wie 24/18 13/11, bar/22\*, 6/off oder 13/7(2)"
    )
    assert player_message(unreadable, TURKISH) == (
        r"'hello' okunamadı: adımları 24/18 13/11, bar/22\*, 6/off ya da 13/7(2) gibi yaz"
    )
    no_bar = await refusal(service, record, ALICE.user_id, cmd.PlayText("bar/22"))
    assert player_message(no_bar, GERMAN) == "Du hast keinen Stein auf der Bar"
    assert player_message(no_bar, GREEK) == "Δεν έχεις πούλι στο μπαρ"
    one_die = await refusal(service, record, ALICE.user_id, cmd.PlayText("24/23"))  # R4.1
    assert player_message(one_die) == "You must play both dice: 24/21 24/23 is possible"
    assert player_message(one_die, GERMAN) == "Du musst beide Würfel ziehen: 24/21 24/23 ist möglich"
    assert player_message(one_die, TURKISH) == "İki zarı da oynamalısın: 24/21 24/23 mümkün"
    too_far = await refusal(service, record, ALICE.user_id, cmd.PlayText("8/5 6/5 24/23"))
    assert player_message(too_far, GERMAN) == "Das ist mehr, als dein Wurf 3-1 ziehen kann"


@SQLITE
async def test_a_seed_refusal_comes_in_the_members_language(db: Database, clock: FakeClock) -> None:
    service = GameService(db, clock=clock)
    with pytest.raises(ServiceError) as refused:
        await service.challenges.create(
            guild_id=GUILD, channel_id=10, challenger=ALICE, opponent=BOB, options=MatchOptions(1), seed="x" * 70
        )
    assert player_message(refused.value) == "A seed may have at most 64 characters (this one has 70)."
    assert player_message(refused.value, GERMAN) == "Ein Seed darf höchstens 64 Zeichen haben (dieser hat 70)."
    assert player_message(refused.value, GREEK) == "Το seed μπορεί να έχει το πολύ 64 χαρακτήρες (αυτό έχει 70)."


@SQLITE
async def test_the_challenge_services_refusals_come_in_the_members_language(db: Database, clock: FakeClock) -> None:
    service = GameService(db, clock=clock)
    challenge = await service.challenges.create(
        guild_id=GUILD, channel_id=10, challenger=ALICE, opponent=BOB, options=MatchOptions(1)
    )
    with pytest.raises(ServiceError) as not_challenged:
        await service.challenges.decline(challenge.id, CAROL.user_id)
    assert player_message(not_challenged.value, GERMAN) == (
        "Nur der herausgeforderte Spieler kann diese Herausforderung ablehnen."
    )
    assert player_message(not_challenged.value, TURKISH) == (
        "Bu meydan okumayı yalnızca meydan okunan oyuncu reddedebilir."
    )
    await service.challenges.cancel(challenge.id, ALICE.user_id)
    with pytest.raises(ServiceError) as withdrawn:
        await service.challenges.accept(challenge.id, BOB)
    assert player_message(withdrawn.value) == "This challenge was already withdrawn."
    assert player_message(withdrawn.value, GERMAN) == "Diese Herausforderung wurde schon zurückgezogen."
    assert player_message(withdrawn.value, GREEK) == "Αυτή η πρόκληση έχει ήδη αποσυρθεί."
