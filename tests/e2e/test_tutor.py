"""The tutor against the computer through the real bot and the stand-in: a tutored match in which a costly play is
stopped and explained privately, taken back with Undo, played again, and a later note kept after a restart (the
board follows and the computer plays on); `/bg hint` answered privately; no hint in a match between members."""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import one_bot_per_module
from tests.e2e.table import Table, acknowledged_in_time, addressed, labels, start_match
from tests.support.discord_standin import BotProcess, DiscordStandin, Message, ScenarioUser

pytestmark = pytest.mark.asyncio(loop_scope="module")
bot, standin = one_bot_per_module()

#: The note of a held play, as the member reads it (the loss in hundredths, the analysis's grade).
NOTE = re.compile(
    r"Tutor: you (played `(?P<chosen>[^`]+)`\. This play|chose \*\*(?P<cube>[^*]+)\*\*\. This) gives up about "
    r"(?P<loss>0\.\d\d) of a point per game \((?P<grade>doubtful|error|blunder)\); (`[^`]+`|\*\*[^*]+\*\*) was better\."
)


async def typed_play(table: Table, alice: ScenarioUser, play: str) -> Message:
    """`/bg move` with this play: the private answer (the tutor's note, or "Played ...")."""
    reply = acknowledged_in_time(await alice.slash("bg move", in_channel=table.channel, play=play))
    answer = await reply.private_answer(timeout=10)
    assert answer.ephemeral and answer.visible_to == alice.id
    return answer


#: The board's button for each cube choice a note or a hint names.
LABELS = {"No double": "Roll", "Double": "Double", "Take": "Take", "Drop": "Drop"}


async def choose(table: Table, alice: ScenarioUser, choice: str, *, checker: bool) -> Message | None:
    """Make this choice (a play, typed; or a cube button): the tutor's note if it stops it, else None once the
    board has followed."""
    version = table.game.version
    if checker:
        answer = await typed_play(table, alice, choice)
        if answer.content.startswith("Tutor:"):
            return answer
        assert answer.content == f"Played {choice}."
    else:
        reply = acknowledged_in_time(await alice.click(table.game, choice))
        if reply.ephemeral:
            return reply.message
    await table.updated(version)
    return None


async def until_a_note(table: Table, alice: ScenarioUser) -> Message:
    """Play on (Roll, Take, and the last play the autocomplete lists, often a poor one) until the tutor stops one
    of Alice's decisions: its private note."""
    for _ in range(60):
        board = await table.until_addressed(alice.id)
        shown = labels(board)
        asked = next((label for label in ("Roll", "Take") if label in shown), None)
        if asked is not None:
            version = board.version
            reply = acknowledged_in_time(await alice.click(board, asked))
            if reply.ephemeral:  # a cube decision held: its note
                return reply.message  # type: ignore[return-value]
            await table.updated(version)
            continue
        choices = await alice.autocomplete("bg move", "play", "")
        version = board.version
        answer = await typed_play(table, alice, choices[-1]["value"])
        if answer.content.startswith("Tutor:"):
            assert board.version == version  # nothing was played
            return answer
        await table.updated(version)
    raise AssertionError("the tutor never stopped a decision")


@pytest.mark.slow
async def test_a_tutored_match_with_an_undo_a_kept_note_and_a_hint(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    reply = acknowledged_in_time(await alice.slash("bg computer", level="expert", length=3, tutor="doubtful"))
    await reply.settled(timeout=20)
    table = Table(standin, alice.channel, (alice, alice))
    await table.next_board(timeout=20)

    note = await until_a_note(table, alice)
    found = NOTE.search(note.content)
    assert found is not None, note.content
    assert float(found["loss"]) >= 0.02 and "Undo" in note.content
    assert [button.label for button in note.buttons] == ["Undo", "Keep"]
    board, version = table.game, table.game.version

    lines = await a_hint_to_alice_alone(table, alice, bob)

    # Undo: the note says so and loses its buttons; the board still offers the same choice.
    acknowledged_in_time(await alice.click(note, "Undo"))
    assert note.content == "Taken back: choose again on the board." and not note.buttons
    assert table.game is board and board.version == version and addressed(board) == alice.id

    # The same choice again is stopped again; Alice then makes the hint's best choice instead, and the second
    # note's Keep, pressed after that, is refused politely: the match has moved on.
    chosen = found["chosen"] or LABELS[found["cube"]]
    second = await choose(table, alice, chosen, checker=found["chosen"] is not None)
    assert second is not None and NOTE.search(second.content), second
    best = lines[1].removeprefix("1. ").strip("`*")
    assert (
        await choose(table, alice, best if found["chosen"] else LABELS[best], checker=found["chosen"] is not None)
        is None
    )
    late = acknowledged_in_time(await alice.click(second, "Keep"))
    assert (
        await late.private_answer(timeout=10)
    ).content == "This advice is out of date: the match has moved on since."

    # Later, another costly decision, the bot restarted meanwhile: kept, so it is played as made, the board follows
    # and the computer plays on.
    note = await until_a_note(table, alice)
    kept = NOTE.search(note.content)
    assert kept is not None, note.content
    version = table.game.version
    await bot.restart()  # SIGKILL and start again: the note is stored and its buttons still work
    acknowledged_in_time(await alice.click(note, "Keep"))
    what = kept["chosen"] or kept["cube"]
    assert note.content.startswith("Kept: ") and what in note.content and not note.buttons
    board = await table.updated(version, timeout=30)  # the board follows, and the computer plays on
    assert board.version > version

    # The record: the Moves list tells of the advice, the undo and the keep.
    moves = await (acknowledged_in_time(await alice.click(table.game, "Moves"))).private_answer(timeout=10)
    assert "Tutor" in moves.content, moves.content


async def a_hint_to_alice_alone(table: Table, alice: ScenarioUser, bob: ScenarioUser) -> list[str]:
    """A hint for the choice on the board, to Alice alone, best first; Bob may not ask in her match. Returns the
    hint's lines."""
    hint = await (acknowledged_in_time(await alice.slash("bg hint", in_channel=table.channel))).settled(timeout=10)
    assert hint.ephemeral and hint.visible_to == alice.id
    lines = hint.content.splitlines()
    assert lines[0] in ("Hint: the best plays for your roll", "Hint: your cube choices"), hint.content
    assert lines[1].startswith("1. ") and "gives up" not in lines[1]
    assert all(re.search(r"\(gives up 0\.\d{3}\)$", line) for line in lines[2:]), hint.content
    refused = await (acknowledged_in_time(await bob.slash("bg hint", in_channel=table.channel))).settled(timeout=10)
    assert refused.content == "Only Alice may ask for hints in this match."
    return lines


async def test_the_tutor_is_a_players_setting(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, _ = players
    shown = await (acknowledged_in_time(await alice.slash("bg settings"))).settled(timeout=10)
    assert "**Tutor is off** against the computer." in shown.content
    saved = await (acknowledged_in_time(await alice.slash("bg settings", tutor="error"))).settled(timeout=10)
    assert saved.ephemeral and saved.content.startswith("Saved.")
    assert "**Tutor from errors**: against the computer, decisions that lose 0.04 or more stop." in saved.content


async def test_no_hint_in_a_match_between_members(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    table = await start_match(standin, alice, bob, length=1, thread=False)
    for player in (alice, bob):
        said = await (acknowledged_in_time(await player.slash("bg hint", in_channel=table.channel))).settled(10)
        assert said.content.startswith("Hints are given in tutored matches against the computer only"), said.content
