"""A match in each language through the real bot and the Discord stand-in (issue 35 item 5).

One bot process syncs its commands (the stand-in checks every localised name, description and choice against
Discord's limits), then, language after language, a member sets the server's language with `/bgadmin language`
and two members whose Discord client speaks it play a 1-point match in a channel of its own: a turn by clicks,
then the Resign button, a single game offered privately and accepted. The board's prompts and buttons and the
result are compared with the catalogue's translation of known messages; a spectator whose client speaks another
language is refused in their own. The stand-in must have accepted every request (`standin` fails the test at
teardown otherwise; each language is also checked as it ends).
"""

from __future__ import annotations

import random
import re

import pytest

from bot.i18n import DEFAULT_LANGUAGE, available_languages, language_of, translate
from cogs.ui.control_words import label
from cogs.ui.custom_ids import GAME_TEMPLATE
from cogs.ui.languages import language_name
from tests.e2e.table import Table, acknowledged_in_time, choose_play
from tests.support.discord_standin import BotProcess, Button, DiscordStandin, Message, ScenarioUser, wait_until
from tests.support.discord_standin.limits import LOCALES

#: Discord's locale for each catalogue: the language's own code, or its main region where Discord has no bare one.
REGIONS = {"en": "en-US", "es": "es-ES"}


def discord_locale(language: str) -> str:
    locale = REGIONS.get(language, language.replace("_", "-"))
    assert locale in LOCALES and language_of(locale) == language, locale
    return locale


def shown(message: Message) -> list[str]:
    """The labels of the message's enabled buttons, in order."""
    return [button.label or "" for button in message.buttons if not button.disabled]


def controls(message: Message, action: str) -> list[Button]:
    """The enabled game buttons of one kind ("play", "done", "step", "rsingle" ...), read from their custom_ids:
    the test finds them without knowing their words."""
    found = []
    for button in message.buttons:
        parsed = GAME_TEMPLATE.fullmatch(button.custom_id or "")
        if parsed and parsed["action"] == action and not button.disabled:
            found.append(button)
    return found


async def play_a_turn(table: Table, player: ScenarioUser, rng: random.Random) -> None:
    """The player's whole turn by clicks: a whole play (a green button or the list) when offered, else checker
    by checker and Done."""
    for _ in range(30):
        if table.to_act() is not player:
            return
        game = table.game
        plays = controls(game, "play")
        if plays:
            await table.click(player, custom_id=plays[0].custom_id)
        elif game.selects:
            await choose_play(table, player, game.selects[0].options[0][1])
        elif done := controls(game, "done"):
            await table.click(player, custom_id=done[0].custom_id)
        else:
            steps = controls(game, "step") or controls(game, "pick")
            assert steps, f"nothing to play with: {shown(game)}"
            await table.click(player, custom_id=rng.choice(steps).custom_id)
    raise AssertionError("the turn did not end")


async def start(standin: DiscordStandin, challenger: ScenarioUser, opponent: ScenarioUser) -> Table:
    """A 1-point match in the challenger's channel: the challenge's Accept found by its custom_id."""
    channel = challenger.channel
    acknowledged_in_time(await challenger.slash("bg challenge", opponent=opponent, length=1, thread=False))
    while True:
        challenge = await standin.wait_for_message(channel, timeout=10)
        accept = [b for b in challenge.buttons if re.fullmatch(r"bgc:\d+:accept", b.custom_id or "")]
        if accept:
            break
    acknowledged_in_time(await opponent.click(challenge, custom_id=accept[0].custom_id))
    table = Table(standin, channel, (challenger, opponent))
    await table.next_board()
    return table


def points(language: str) -> str:
    return translate(language, "{count} point", count=1)


async def resign_and_accept(table: Table, resigner: ScenarioUser, language: str) -> Message:
    """The Resign button, a single game chosen privately, the offer accepted: the match's final board."""
    winner = table.other(resigner)
    board = table.game
    reply = acknowledged_in_time(await resigner.click(board, label(language, "Resign")))
    question = await reply.private_answer(timeout=10)
    assert question.ephemeral and question.visible_to == resigner.id
    version = board.version
    acknowledged_in_time(await resigner.click(question, custom_id=controls(question, "rsingle")[0].custom_id))
    offer = await table.updated(version)
    said = {"name": resigner.name, "points": points(language)}
    assert translate(language, "{name} offers to resign a single game ({points}).", **said) in offer.content
    asked = "{mention}, {other} offers to resign for {points}: **Accept resignation** or **Decline**?"
    prompt = translate(language, asked, mention=winner.mention, other=resigner.name, points=points(language))
    assert offer.content.splitlines()[-1] == prompt
    assert shown(offer)[:2] == [label(language, "Accept resignation"), label(language, "Decline")]
    acknowledged_in_time(await winner.click(offer, label(language, "Accept resignation")))
    rematch = label(language, "Rematch")
    return await wait_until(offer, lambda message: rematch in shown(message), timeout=15)


async def play_in(standin: DiscordStandin, language: str, other_language: str, rng: random.Random) -> str:
    """One language's round (see the module's docstring); returns the final board's content."""
    locale = discord_locale(language)
    alice = standin.add_user(f"Alice {locale}", locale=locale)
    bob = standin.add_user(f"Bob {locale}", locale=locale)
    alice.channel = bob.channel = standin.add_channel(f"tavla-{language}")
    answer = await acknowledged_in_time(await alice.slash("bgadmin language", language=language)).settled()
    assert answer.ephemeral and language_name(language) in answer.content, answer.content

    table = await start(standin, alice, bob)
    assert shown(table.game)[-2:] == [label(language, "Resign"), label(language, "Moves")]
    mover = table.to_act()
    assert mover is not None
    await play_a_turn(table, mover, rng)
    resigner = table.to_act()
    assert resigner is table.other(mover), "the turn passed"

    stranger = standin.add_user(f"Carol {locale}", locale=discord_locale(other_language))
    refused = await table.refused(stranger, label(language, "Resign"))
    between = "This game is between {first} and {second}."
    assert refused == translate(other_language, between, first=alice.name, second=bob.name)  # her language

    final = await resign_and_accept(table, resigner, language)
    winner = table.other(resigner)
    won = "**{winner} wins game {number} as {loser} resigned, worth {points}.**"
    fields = {"winner": winner.name, "loser": resigner.name, "number": 1, "points": points(language)}
    assert translate(language, won, **fields) in final.content
    assert translate(language, "**{name} wins the match {high}-{low}!**", name=winner.name, high=1, low=0) in (
        final.content
    )
    assert shown(final) == [label(language, "Rematch"), label(language, "Moves")]
    assert final.attachments and final.attachments[0].is_png
    assert standin.violations == [], f"{language}: the stand-in refused {standin.violations}"
    return final.content


def synced_in_every_language(standin: DiscordStandin) -> None:
    """The commands the bot synced (the stand-in accepted them: every localisation within Discord's limits)
    carry each language's description of /bg and its name for /bg move."""
    [bg] = [command for command in standin.commands[standin.guild.id] if command["name"] == "bg"]
    [move] = [option for option in bg["options"] if option["name"] == "move"]
    for language in available_languages():
        if language != DEFAULT_LANGUAGE:
            locale = discord_locale(language)
            described = translate(language, bg["description"], context="command description")
            assert bg["description_localizations"][locale] == described != bg["description"], language
            named = move.get("name_localizations", {}).get(locale, "move")
            assert named == translate(language, "move", context="command name"), language
    assert standin.violations == []


@pytest.mark.slow
async def test_a_match_in_each_language(standin: DiscordStandin, bot: BotProcess) -> None:
    synced_in_every_language(standin)
    rng = random.Random(35)
    languages = available_languages()
    endings = {}
    for index, language in enumerate(languages):
        other_language = languages[(index + 1) % len(languages)]
        endings[language] = await play_in(standin, language, other_language, rng)
    assert len(set(endings.values())) == len(languages), "each language ends its match in its own words"
