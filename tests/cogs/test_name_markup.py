"""A member's name never turns into markup in the bot's messages: the result line a thread's match leaves in its
channel, the line beside a finished board, how /bg export and /bg analyze name a match, the leaderboard's title;
and names stay as typed where Discord shows no markdown (an autocomplete choice, a chart's picture)."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.engine import actions
from bot.engine.dice import FixedDice
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.ratings.records import LeaderboardPage
from bot.service import MatchRecord, MatchStatus, PlayerRef
from cogs.ladder import Ladder
from cogs.ui import dice_text
from cogs.ui.game_messages import over_text
from cogs.ui.ladder_text import leaderboard_message
from cogs.ui.match_choice import describe
from cogs.ui.match_end import post_match_end, result_line
from render import dice_chart
from tests.cogs.test_game_messages import record
from tests.i18n.test_ladder_words import ALICE, fake_bot
from tests.support.fake_interaction import FakeInteraction, returns

HOSTILE = "[click](https://example.com) **b** ||s|| @everyone"
#: The same name as a message must show it: every piece of markdown escaped, the mention broken.
ESCAPED = "\\[click](https://example.com) \\*\\*b\\*\\* \\|\\|s\\|\\| @\u200beveryone"
#: What would render if any of it were left as typed: a disguised link, bold, a spoiler, a mention of everyone.
RAW_PIECES = ("[click](", "**b**", "||s||", "@everyone")


def shows_name_as_typed(text: str) -> bool:
    """The name is in `text`, and only in its escaped form."""
    rest = text.replace(ESCAPED, "")
    return ESCAPED in text and not any(piece in rest for piece in RAW_PIECES)


def won_by_hostile(length: int = 1) -> MatchRecord:
    """A match that the member named HOSTILE won when Bob resigned, played in thread 2 of channel 3."""
    dice = FixedDice([3, 1])
    match = Match.start((HOSTILE, "Bob"), MatchOptions.match(length) if length else MatchOptions.money(), dice)
    match = match.apply(actions.Resign(0 if match.to_act == 1 else 1), dice).match
    match = match.apply(actions.AcceptResignation(0), dice).match
    assert match.winner == 0
    players = (PlayerRef(111, HOSTILE), PlayerRef(222, "Bob"))
    return dataclasses.replace(
        record(match), players=players, status=MatchStatus.FINISHED, parent_channel_id=3, finished_at=1.0
    )


@pytest.mark.parametrize("length", [1, 0])
@pytest.mark.parametrize("language", ["en", "de", "tr"])
def test_the_line_of_a_finished_match_shows_the_winners_name_as_typed(length: int, language: str) -> None:
    finished = won_by_hostile(length)
    assert shows_name_as_typed(over_text(finished, language))
    assert shows_name_as_typed(result_line(finished, None, language))


class Place:
    """A channel or thread of the fake bot: what is sent to it."""

    def __init__(self) -> None:
        self.sent: list[str] = []

    async def send(self, content: str, **fields: Any) -> None:
        assert fields["allowed_mentions"].everyone is False
        self.sent.append(content)


async def test_the_result_line_in_the_challenges_channel_shows_the_name_as_typed() -> None:
    places = {2: Place(), 3: Place()}  # the match's thread, the channel it was started from
    bot: Any = SimpleNamespace(get_partial_messageable=lambda channel_id, guild_id: places[channel_id])
    await post_match_end(bot, won_by_hostile(), "https://discord.com/channels/1/2/9")
    [line] = places[3].sent
    assert line.startswith(f"{ESCAPED} won the match 1-0.") and shows_name_as_typed(line)
    [moves] = places[2].sent
    assert shows_name_as_typed(moves.split("\n", 1)[0])  # the move list's title


def test_a_match_is_named_with_escaped_names_in_messages_and_as_typed_in_a_choice() -> None:
    finished = won_by_hostile()
    assert describe(finished) == f"#5 {ESCAPED} vs Bob, match to 1, 1-0, over"
    assert describe(finished, "de", markdown=False).startswith(f"#5 {HOSTILE} gegen Bob")  # shown as plain text


def test_the_leaderboard_title_shows_the_servers_name_as_typed() -> None:
    asked = FakeInteraction()
    asked.guild = SimpleNamespace(name=HOSTILE)
    embed, _view = leaderboard_message(asked, LeaderboardPage(0, 1, 1, [ALICE], ALICE), 10)  # type: ignore[arg-type]
    assert embed.title == f"Leaderboard of {ESCAPED}"


async def test_dice_stats_escape_the_name_in_the_embed_and_draw_it_as_typed(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []

    def chart_drawn(*figures: Any, **words: Any) -> bytes:
        drawn.append(figures[0])
        return dice_chart.dice_chart(*figures, **words)

    monkeypatch.setattr(dice_text, "dice_chart", chart_drawn)
    bot = fake_bot()
    bot.records.player_name = lambda user_id: returns(HOSTILE)
    cog = Ladder(bot)
    asked = FakeInteraction()
    await cog.dice.callback(cog, asked, None)  # type: ignore[arg-type]
    embed: discord.Embed = asked.sent[0]["embed"]
    assert embed.title == "Dice of \\[click](https://example.com) \\*\\*\u2026"  # cut to the ladder's width
    assert drawn == [HOSTILE]  # a picture shows no markdown: a backslash there would be drawn
