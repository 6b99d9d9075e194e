"""/bg board public:True: the board for everyone, but a refusal ("no match here") only for the one who asked; a
spectator's board carries no instructions meant for the player (issue 33)."""

from __future__ import annotations

from tests.e2e.table import acknowledged_in_time, start_match
from tests.support.discord_standin import DiscordStandin, ScenarioUser


async def test_public_board_is_public_and_its_refusal_private(
    standin: DiscordStandin, bot: object, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    refused = await acknowledged_in_time(await alice.slash("bg board", public=True)).settled()
    assert "no match in this channel" in refused.content
    assert refused.ephemeral and refused.visible_to == alice.id
    assert [m for m in alice.channel.messages if not m.ephemeral] == []  # nothing public was posted

    table = await start_match(standin, alice, bob, length=3)  # in its thread (issue 33)
    spectator = standin.add_user("Carol")
    reply = acknowledged_in_time(await spectator.slash("bg board", public=True, in_channel=table.channel))
    note = await reply.settled()
    assert note.ephemeral and note.visible_to == spectator.id
    shown = await reply.next_followup(timeout=10)
    assert not shown.ephemeral and shown.attachments[0].is_png
    assert f"/{table.channel.id}/{table.game.id}" in shown.content  # where the controls are
    assert shown.content.startswith("-# Pips: Alice ") and "Score: Alice 0, Bob 0 (to 3)" in shown.content
    assert "-# Pips: " in table.game.content  # the game message has the same status line above its prompt
    assert shown in bob.visible_messages(table.channel)
    # issue 33: a spectator's board carries nothing addressed to the player (the prompt stays on the game message)
    assert "<@" not in shown.content and "your turn" not in shown.content and "Controls:" not in shown.content
    # and its picture is the players' board itself, pixel for pixel: nothing in it is meant for one of them
    assert shown.attachments[0].data == table.game.attachments[0].data
    private = acknowledged_in_time(await spectator.slash("bg board", in_channel=table.channel))
    seen = await private.settled()
    assert seen.ephemeral and "<@" not in seen.content and "Board: " in seen.content
