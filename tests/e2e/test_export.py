"""/bg export (issue 17): a running or finished match of the channel, or one named by its number, as a .mat file
that GNU Backgammon imports, answered privately; refusals for a channel without matches and unknown numbers."""

from __future__ import annotations

import random
import re

from tests.e2e.table import acknowledged_in_time, finish_turn, labels, offer_resignation, start_match
from tests.records.gnubg_import import import_mats
from tests.support.discord_standin import BotProcess, DiscordStandin, Message, ScenarioUser


def attached_mat(message: Message) -> str:
    assert message.ephemeral
    [attachment] = message.attachments
    assert attachment.filename.endswith(".mat") and attachment.filename.startswith("match-")
    return attachment.data.decode("utf-8")


async def test_export_running_and_finished_matches(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    refused = await acknowledged_in_time(await alice.slash("bg export")).settled()
    assert "No match has been played in this channel yet" in refused.content
    assert refused.ephemeral and refused.visible_to == alice.id and not refused.attachments

    table = await start_match(standin, alice, bob, length=1, thread=False)  # exported from the channel
    rng = random.Random(3)
    for _ in range(3):  # roll, never double: the match must still be running
        player = table.to_act()
        assert player is not None
        if "Roll" in labels(table.game):
            await table.click(player, "Roll")
        else:
            await finish_turn(table, rng)
    reply = acknowledged_in_time(await bob.slash("bg export"))
    running = await reply.settled()
    assert running.visible_to == bob.id and "Alice vs Bob, match to 1, 0-0, running" in running.content
    text = attached_mat(running)
    assert " 1 point match\n\n Game 1\n Alice : 0                      Bob : 0\n" in text
    [imported] = import_mats([(text, False)])
    assert imported.names == ("Alice", "Bob") and imported.exported == text  # gnubg read every line
    assert "move" in [kind for kind, _, _ in imported.games[0]]

    mover = table.to_act()
    assert mover is not None
    await offer_resignation(table, mover)
    await table.click(table.other(mover), "Accept resignation")

    spectator = standin.add_user("Carol")  # anyone in the channel may export
    choices = await spectator.autocomplete("bg export", "match", "")
    [choice] = choices
    winner_first = r"[1-9]\d*-0" if mover is bob else r"0-[1-9]\d*"
    assert re.fullmatch(rf"#\d+ Alice vs Bob, match to 1, {winner_first}, over", choice["name"]), choice
    finished = attached_mat(await acknowledged_in_time(await spectator.slash("bg export")).settled())
    assert finished.startswith(text.split("\n")[0])  # the same header: the match's date
    # the same dice commitment and seeds, and now the bot's seed too (issue 18)
    assert text.split("\n\n")[1] in finished and "; [Server seed " in finished and "; [Server seed " not in text
    assert re.search(r"Wins \d+ points?\n", finished)
    by_number = await acknowledged_in_time(await spectator.slash("bg export", match=choice["value"])).settled()
    assert attached_mat(by_number) == finished
    [imported] = import_mats([(finished, False)])
    assert imported.exported == finished  # gnubg writes back what it read

    unknown = await acknowledged_in_time(await spectator.slash("bg export", match=999_999)).settled()
    assert unknown.content == "There is no match #999999 in this server." and not unknown.attachments
