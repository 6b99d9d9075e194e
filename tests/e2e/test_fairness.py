"""Provably fair dice through the real bot (issue 18), with the bot's own committed dice (no dice hook): the
challenge says in one short line that the dice can be checked, with the commitment's first 16 hex characters, and
`/bg fairness` in its channel shows the whole commitment before anyone accepts (issue 33: no 64-character hash on
the challenge or a board); the acceptor's seed comes from
the form after it, the bot's seed appears in no message, export or log line (the bot logs at DEBUG, so discord.py
logs every request it sends) until the match ends, and then in /bg fairness; the exported file passes
`python -m bot.fairness` and its rolls are the formula's for the seeds the players gave. A thread match aborted by
deleting its thread reveals its seed too, and default seeds are the ids Discord gave the interactions."""

from __future__ import annotations

import hashlib
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.fairness.check import WrittenRoll, check_mat, read_tags, written_rolls
from tests.e2e.conftest import one_bot_per_module, seeded_env
from tests.e2e.table import (
    MENTION,
    Table,
    acknowledged_in_time,
    finish_turn,
    is_move_list,
    labels,
    new_thread,
    offer_resignation,
    posted_challenge,
    threads_of,
)
from tests.fairness.helpers import issue_roll
from tests.support.discord_standin import BotProcess, Channel, DiscordStandin, Message, ScenarioUser, wait_until

COMMITMENT = re.compile(r"commitment[^`]*`([0-9a-f]{64})`", re.IGNORECASE)
REVEALED = re.compile(r"The bot's seed \(revealed, the match is over\): `([0-9a-f]{64})`")
#: The last board of a finished match says the dice can now be checked (the seed itself only behind /bg fairness).
ENDED = "can now be checked"
#: The short line of every message that publishes a commitment (issue 33): its first 16 hex characters.
SHOWN = re.compile(r"^-# The dice can be checked: `/bg fairness` · commitment `([0-9a-f]{16})`", re.MULTILINE)
HASH = re.compile(r"\b[0-9a-f]{64}\b")


async def commitment_before_accepting(user: ScenarioUser, channel: Channel) -> str:
    """The commitment of the channel's open challenge, as `/bg fairness` shows it before anyone accepts."""
    shown = await acknowledged_in_time(await user.slash("bg fairness", in_channel=channel)).settled()
    assert shown.ephemeral
    [commitment] = COMMITMENT.findall(shown.content)
    return commitment


def shown_prefix(message: Message) -> str:
    """The commitment's first characters, as the message's one proof line shows them (and nothing longer)."""
    [prefix] = SHOWN.findall(message.content)
    assert not HASH.search(message.content), message.content
    return prefix


async def revealed_seed(user: ScenarioUser, channel: Channel, match: str = "") -> str:
    """The bot's seed once the match is over, as `/bg fairness` shows it."""
    options = {"match": int(match)} if match else {}
    shown = await acknowledged_in_time(await user.slash("bg fairness", in_channel=channel, **options)).settled()
    [seed] = REVEALED.findall(shown.content)
    return seed


def fair_env() -> dict[str, str]:
    """The stand-in's environment without the dice hook (the bot rolls its committed dice), logging at DEBUG."""
    env = seeded_env()
    del env["GAMMON_TEST_DICE_SEED"]
    return env | {"LOG_LEVEL": "DEBUG"}


pytestmark = pytest.mark.asyncio(loop_scope="module")
bot, standin = one_bot_per_module(fair_env())  # one bot for the module's scenarios, each in a channel of its own


def everything_shown(standin: DiscordStandin) -> str:
    """Every text and file any message showed so far, every version of it, in every channel (deleted ones too)."""
    parts = []
    for channel in [*standin.channels.values(), *standin.deleted_channels]:
        for message in channel.messages:
            for shown in [*message.history, message]:
                parts += [shown.content, json.dumps(shown.embeds), json.dumps(shown.components)]
                parts += [attachment.data.decode("utf-8", "replace") for attachment in shown.attachments]
    return "\n".join(parts)


def bot_log(bot: BotProcess) -> str:
    return bot.log_path.read_text(encoding="utf-8", errors="replace")


def attached_mat(message: Message) -> str:
    [attachment] = message.attachments
    return attachment.data.decode("utf-8")


async def resign_to_the_end(table: Table) -> None:
    """A few turns, then the player to act resigns a single game and the other accepts: a 1-point match is over."""
    rng = random.Random(18)
    for _ in range(6):
        player = await table.acting()  # once a CI run read a board between its replacement and its successor
        if "Roll" in labels(table.game):
            await table.click(player, "Roll")
        else:
            await finish_turn(table, rng)
    mover = await table.acting()
    await offer_resignation(table, mover)
    await table.click(table.other(mover), "Accept resignation")


async def test_seeds_commitment_and_reveal(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    reply = await alice.slash("bg challenge", opponent=bob, length=1, seed="alice's lucky 7", thread=False)
    challenge = await posted_challenge(standin, reply, alice)
    prefix = shown_prefix(challenge)
    commitment = await commitment_before_accepting(bob, standin.channels[challenge.channel_id])
    assert commitment.startswith(prefix)  # the challenge's short form is the commitment's start
    # Discord's client enforces the option's 64 characters; the service refuses a longer seed all the same
    refused = await acknowledged_in_time(await alice.slash("bg challenge", seed="a" * 65)).settled()
    assert refused.ephemeral and "A seed may have at most 64 characters" in refused.content

    own = acknowledged_in_time(await alice.click(challenge, "Accept with my seed"))
    assert own.type == 4 and own.ephemeral and own.content == "You cannot accept your own challenge."
    opened = acknowledged_in_time(await bob.click(challenge, "Accept with my seed"))
    assert opened.type == 9 and opened.interaction.modal is not None  # the form, before anything is accepted
    acknowledged_in_time(await bob.submit(opened, **{"Your seed for the dice": "bob's seed"}))
    table = Table(standin, standin.channels[challenge.channel_id], (alice, bob))
    first = await table.next_board()
    assert not HASH.search(first.content) and "commitment" not in first.content.lower()

    fairness = await acknowledged_in_time(await bob.slash("bg fairness")).settled()
    assert commitment in fairness.content and "`alice's lucky 7`" in fairness.content
    assert "`bob's seed`" in fairness.content and "secret until the match ends" in fairness.content
    running = attached_mat(await acknowledged_in_time(await alice.slash("bg export")).settled())
    assert read_tags(running)["Dice commitment"] == commitment and "Server seed" not in read_tags(running)
    assert not check_mat(running).ok

    shown_before = everything_shown(standin)
    log_before = len(bot_log(bot))
    await resign_to_the_end(table)
    await standin.eventually(lambda: "can now be checked" in table.game.content, timeout=10, what="the last board")
    assert not HASH.search(table.game.content)
    server_seed = await revealed_seed(alice, table.channel)
    assert hashlib.sha256(bytes.fromhex(server_seed)).hexdigest() == commitment
    assert server_seed not in shown_before and server_seed not in running
    # the check can fail: DEBUG logs the body of every message the bot sends without a file (here the move list's)
    await standin.eventually(lambda: any(map(is_move_list, table.channel.messages)), timeout=10, what="the move list")
    [moves] = [message for message in table.channel.messages if is_move_list(message)]
    logged = moves.content.split(",")[0]  # "**Moves of match #7**": this match's, not another scenario's
    await standin.eventually(lambda: logged in bot_log(bot)[log_before:], timeout=10, what="the move list logged")
    log_after = bot_log(bot)
    assert server_seed not in log_after[:log_before]

    fairness = await acknowledged_in_time(await alice.slash("bg fairness")).settled()
    assert f"`{server_seed}`" in fairness.content and "python -m bot.fairness" in fairness.content
    rolls = await the_finished_file_checks_out(alice, server_seed)
    await bobs_dice_in_his_stats(alice, bob, rolls)


async def the_finished_file_checks_out(alice: ScenarioUser, server_seed: str) -> list[WrittenRoll]:
    """The finished match's file names the three seeds, its own check passes, and every roll in it is the formula's
    for those seeds (opening ties skipped, as the file skips them). Returns its rolls."""
    finished = attached_mat(await acknowledged_in_time(await alice.slash("bg export")).settled())
    tags = read_tags(finished)
    assert (tags["Challenger seed"], tags["Acceptor seed"], tags["Server seed"]) == (
        "alice's lucky 7",
        "bob's seed",
        server_seed,
    )
    result = check_mat(finished)
    assert result.ok, "\n".join(result.lines)
    rolls = written_rolls(finished)
    server = bytes.fromhex(server_seed)
    k = 0
    for written in rolls:  # the formula's rolls for the players' own seeds (opening ties skipped, as the file)
        while written.number == 1 and (tie := issue_roll(server, "alice's lucky 7", "bob's seed", k))[0] == tie[1]:
            k += 1
        roll = issue_roll(server, "alice's lucky 7", "bob's seed", k)
        assert written.dice == (max(roll), min(roll))
        k += 1
    return rolls


async def bobs_dice_in_his_stats(alice: ScenarioUser, bob: ScenarioUser, rolls: list[WrittenRoll]) -> None:
    """/stats dice of Bob: his rolls of the match (the opening roll, one die each, is left out), with a chart."""
    stats = await acknowledged_in_time(await alice.slash("stats dice", player=bob)).settled()
    [embed] = stats.embeds
    fields = {field["name"]: field["value"] for field in embed["fields"]}
    bobs = [roll.dice for roll in rolls if roll.player == 1 and roll.number != 1]
    assert bobs and fields["Rolls"].startswith(f"{len(bobs)} (")
    for face in range(1, 7):
        seen = sum(dice.count(face) for dice in bobs)
        assert f"{face}: {seen} (fair: {len(bobs) * 2 / 6:.1f})" in fields["Faces"]
    assert stats.attachments and stats.attachments[0].is_png


async def test_default_seeds_and_an_aborted_match(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    lobby = alice.channel
    challenged = await alice.slash("bg challenge", opponent=bob, length=3, thread=True)
    challenge = await posted_challenge(standin, challenged, alice)
    commitment = await commitment_before_accepting(bob, lobby)
    assert commitment.startswith(shown_prefix(challenge))
    threads_before = {thread.id for thread in threads_of(standin, lobby)}
    accepted = acknowledged_in_time(await bob.click(challenge, "Accept"))
    thread = await new_thread(standin, lobby, threads_before)
    table = Table(standin, thread, (alice, bob))
    await table.next_board()
    fairness = await acknowledged_in_time(await alice.slash("bg fairness", in_channel=thread)).settled()
    assert f"`{challenged.interaction.id}`" in fairness.content  # the challenger's default: the command's id
    assert f"`{accepted.interaction.id}`" in fairness.content  # the acceptor's: the id of the Accept press

    shown_before = everything_shown(standin)
    log_before = len(bot_log(bot))
    standin.delete_channel(thread)  # aborted: the players are told in the channel, and where to check the dice
    while True:
        notice = await standin.wait_for_message(lobby, timeout=10)
        if "ended without a result" in notice.content:
            break
    [number] = re.findall(r"`/bg fairness match:(\d+)`", notice.content)
    assert not HASH.search(notice.content)
    server_seed = await revealed_seed(alice, lobby, number)
    assert hashlib.sha256(bytes.fromhex(server_seed)).hexdigest() == commitment
    assert server_seed not in shown_before and server_seed not in bot_log(bot)[:log_before]


async def test_a_tournament_match_is_seeded_by_discord_after_its_commitment(
    standin: DiscordStandin, bot: BotProcess, tmp_path: Path
) -> None:
    """Issue 31 item 7: the announcement in the match's thread shows the commitment before the opening roll, and
    the dice's seeds are the thread's id and that announcement's id (Discord gives it only once it is posted);
    the export of the match passes `python -m bot.fairness`."""
    uma, vic = standin.add_user("Uma"), standin.add_user("Vic")
    threads = {t.id for t in threads_of(standin, uma.channel)}
    signup = acknowledged_in_time(await uma.slash("tournament create", name="Dice Cup", length=1, size=4)).message
    assert signup is not None
    for user in (uma, vic):
        acknowledged_in_time(await user.click(signup, "Join"))
    await wait_until(signup, lambda m: "Signed up (2/4)" in m.content, timeout=10)
    acknowledged_in_time(await uma.slash("tournament start"))
    thread = await new_thread(standin, uma.channel, threads)
    intro = await standin.wait_for_message(thread, timeout=15)
    prefix = shown_prefix(intro)  # shown before the announcement's id (a seed) exists
    users = {uma.id: uma, vic.id: vic}
    first_id, second_id = (int(found) for found in MENTION.findall(intro.content))
    table = Table(standin, thread, (users[first_id], users[second_id]))
    opening = await table.next_board()
    assert thread.messages.index(intro) < thread.messages.index(opening)  # the opening roll comes after it
    shown = await acknowledged_in_time(await uma.slash("bg fairness", in_channel=thread)).settled()
    [commitment] = COMMITMENT.findall(shown.content)
    assert commitment.startswith(prefix)
    assert f"`{thread.id}`" in shown.content and f"`{intro.id}`" in shown.content

    await resign_to_the_end(table)
    await standin.eventually(lambda: "can now be checked" in table.game.content, timeout=10, what="the last board")
    exported = attached_mat(await acknowledged_in_time(await vic.slash("bg export", in_channel=thread)).settled())
    tags = read_tags(exported)
    assert (tags["Dice commitment"], tags["Challenger seed"], tags["Acceptor seed"]) == (
        commitment,
        str(thread.id),
        str(intro.id),
    )
    path = tmp_path / "tournament.mat"
    path.write_text(exported, encoding="utf-8")
    ran = subprocess.run([sys.executable, "-m", "bot.fairness", str(path)], capture_output=True, text=True, check=False)
    assert ran.returncode == 0 and "the dice are fair" in ran.stdout, ran.stdout
    assert len(written_rolls(exported)) >= 3  # the opening roll and the first rolls of the turns played
