"""The shortest path through the real bot: a challenge accepted gives a game message with a board and buttons."""

from __future__ import annotations

from tests.support.discord_standin import BotProcess, DiscordStandin, ScenarioUser


async def test_challenge_accepted_posts_the_first_board(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    reply = await alice.slash("bg challenge", opponent=bob, length=3)
    challenge = reply.message
    assert challenge is not None and bob.mention in challenge.content
    accepted = await bob.click(challenge, "Accept")
    assert accepted.acknowledged
    assert await standin.wait_for_message(alice.channel, timeout=5) is challenge
    game = await standin.wait_for_message(alice.channel, timeout=10)
    assert game.attachments and game.attachments[0].is_png
    assert game.buttons, game.content
    print(game.content, [b.label for b in game.buttons])
