"""The text of /bg help: a quick start of about ten lines, and the rest behind topics (`/bg help topic:`), each
sent as an embed. Written for players: no rule numbers, no formulas (the rules behind each line are cited in
comments; docs/rules.md has them all)."""

from __future__ import annotations

from typing import Literal

import discord

from bot.i18n import DEFAULT_LANGUAGE, N_, translate

#: Discord's limit for an embed's description.
EMBED_DESCRIPTION_LIMIT = 4096

#: The topics of `/bg help topic:`, in the order Discord offers them.
Topic = Literal["start", "playing", "cube", "computer", "time", "dice", "analysis", "tournaments", "commands"]

QUICK_START = N_("""\
**Start**: `/bg challenge` a member (or nobody, for an open challenge), or `/bg computer` to play the computer.
**Your turn**: press **Roll**, or **Double** to offer the cube. When you may not double, the dice roll at once.
**Move**: pick your whole play from the list or a green button, or move checker by checker and press **Done**.
**Type it**: `/bg move 24/18 13/11` works too; the autocomplete lists the legal plays.
**Doubled?** **Take** plays on for twice the stake; **Drop** gives up the game at the stake before the double.
**Give up a game**: **Resign** under the board, or `/bg resign`. **Moves** lists the match so far.
**Lost the board?** `/bg board` shows it again; `/bg matches` lists your matches.
**After the match**: `/bg analyze` rates your play; `/leaderboard` and `/stats player` show the ladder.
More: `/bg help topic:` playing, cube, computer, time, dice, analysis, tournaments or commands.""")

PLAYING = N_("""\
**Rolling**: press **Roll**. If you may not double, the dice are rolled for you at once.
**Moving**: the list (or a green button) offers whole plays: choosing one plays it and ends your turn. Or press \
the checkers to move one at a time: **Undo** takes back a step, **Done** ends the turn.
**Typing**: `/bg move 24/18 13/11`; also `bar/22`, `6/off`, `8/5(2)` for two checkers.
When only one play is possible, or none, the bot plays it for you.
`/bg settings auto_done: True` ends your turn as soon as your last checker is moved (no **Done** to press).
**Resigning**: **Resign** under the board (or `/bg resign`) offers a single game, a gammon or a backgammon; your \
opponent accepts or declines. **Moves** lists the match so far.""")
# (R9.2-R9.4: entering a play, Undo and Done, forced plays, rolling at once.)

CUBE = N_("""\
**Doubling**: before you roll, **Double** offers to play on for twice the stake. Your opponent presses **Take** \
(and owns the cube: only they may double next) or **Drop** (and loses the game at the stake before the double).
**Matches**: once a player is one point from winning, the next game is the Crawford game, with no doubling. A \
player whose score plus the cube already reaches the match length may not double: the dice roll at once.
**Money games**: with Jacoby on, gammons count only after a double was taken. With beavers, a doubled player \
may press **Beaver** to redouble at once and keep the cube; the doubler then presses **Accept beaver** or \
**Refuse beaver**. With automatic doubles, a tie on the opening roll doubles the cube.""")
# (R6: the cube; R7.3: Jacoby; R8.3: Crawford, money-game options; R2.3: automatic doubles.)

COMPUTER = N_("""\
`/bg computer` starts a match against the computer at once (so does `/bg challenge` naming the bot).
**Levels**, weakest first: beginner, casual, intermediate (the default), advanced, expert and world-class. The \
weaker levels make mistakes on purpose, as a weaker player would; expert plays its best without looking ahead, \
and world-class looks two rolls ahead.
**Tutor**: with `tutor:` on `/bg computer` (or `/bg settings tutor:`), a play or cube decision that loses too \
much is stopped and explained to you alone: **Undo** to choose again, or **Keep**. `/bg hint` shows the best \
choices.""")

TIME = N_("""\
**Turn limit**: without a clock, a player who does not act within the server's turn limit (24 hours unless the \
server changed it) is reminded halfway, then the opponent may press **Claim win**.
**Match clocks** (`clock:` on `/bg challenge`): each turn starts with a few free seconds, then time comes from \
your reserve. **relaxed**: 30 seconds free, 3 minutes of reserve per point; **standard**: 12 seconds and 90 \
seconds; **blitz**: 8 seconds and 30 seconds. In a money game the reserve is per game. Whoever runs out loses \
the match (in a money game, the game). Clocks stop while the bot is down.
**Rematch**: under a finished match; when both players press it within 10 minutes, the same match starts again.""")
# (R9.5: the turn limit and the claim.)

DICE = N_("""\
The dice can be checked. Before anyone accepts, the bot fixes a secret seed for the dice; every roll comes \
from that seed together with the players' own seeds (`seed:` on `/bg challenge`, or **Accept with my seed**).
When the match ends the bot's seed is revealed, and `/bg fairness` shows everything needed to check every roll.""")

ANALYSIS = N_("""\
`/bg analyze` rates each player's decisions in a finished match. A server may have every match analysed when \
it ends (`/bgadmin analysis`).
**Rating (PR)**: how much the player's decisions cost on average; lower is better. About 5 is world class, 7.5 \
expert, 12.5 advanced, 17.5 intermediate, 22.5 casual and 30 beginner.
**Doubtful, error, blunder**: decisions that cost a little, more, or a lot.
**Luck**: how much better or worse a player's rolls were than an average roll.""")

TOURNAMENTS = N_("""\
**Players**: `/tournament join` and `/tournament leave` (or the buttons on the sign-up), `/tournament bracket` \
and `/tournament list`.
**Organisers**: `/tournament create`, `/tournament start`, `/tournament cancel`, `/tournament award` (a no-show) \
and `/tournament role`. Each match is played in its own thread.""")

COMMANDS = N_("""\
`/bg challenge`: challenge a member, or open a challenge
`/bg computer`: play the computer
`/bg move`: type your play
`/bg resign`: offer to resign a single game, a gammon or a backgammon
`/bg board`: show this channel's board again
`/bg live`: the live board, this channel's match inside Discord
`/bg matches`: your active matches, with links
`/bg settings`: your own settings
`/bg export`: a match as a file for GNU Backgammon
`/bg fairness`: how a match's dice are made and how to check them
`/bg analyze`: a finished match's analysis
`/bg hint`: the best choices, in a tutored match against the computer
`/bg help`: this help
`/leaderboard`: this server's ladder
`/stats player`: a player's rating, record and chart
`/stats dice`: a player's rolls compared with fair dice
`/history`: a player's latest finished matches
`/tournament create`, `/tournament join`, `/tournament leave`, `/tournament start`, `/tournament bracket`, \
`/tournament list`, `/tournament cancel`, `/tournament award`, `/tournament role`: tournaments
`/bgadmin turn-limit`, `/bgadmin threads`, `/bgadmin clock`, `/bgadmin analysis`, `/bgadmin daily`, \
`/bgadmin web`, `/bgadmin language`: server settings \
(Manage Server)""")

#: Each topic's title and text.
TOPICS: dict[str, tuple[str, str]] = {
    "start": (N_("Backgammon: quick start"), QUICK_START),
    "playing": (N_("Playing a turn"), PLAYING),
    "cube": (N_("The doubling cube"), CUBE),
    "computer": (N_("Playing the computer"), COMPUTER),
    "time": (N_("Time limits and clocks"), TIME),
    "dice": (N_("Fair dice"), DICE),
    "analysis": (N_("Analysis"), ANALYSIS),
    "tournaments": (N_("Tournaments"), TOURNAMENTS),
    "commands": (N_("Every command"), COMMANDS),
}


def help_embed(topic: str = "start", language: str = DEFAULT_LANGUAGE) -> discord.Embed:
    """The topic in the asking member's `language` (a private answer)."""
    title, text = TOPICS.get(topic, TOPICS["start"])
    return discord.Embed(
        title=translate(language, title), description=translate(language, text), colour=discord.Colour.dark_green()
    )
