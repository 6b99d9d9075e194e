"""The text of /bg help: how to play here, and every command, sent as an embed (Discord allows 4096 characters
in an embed's description, against 2000 in a message's content: the help outgrew a message)."""

from __future__ import annotations

import discord

from bot.computer.levels import LEVELS

#: `beginner 1-ply ±0.4, ..., world-class 3-ply`: the levels, their depth and noise, for /bg help.
LEVEL_LINE = ", ".join(
    f"{level.name} {level.plies}-ply" + (f" ±{level.noise:g}" if level.noise else "") for level in LEVELS
)

#: Discord's limit for an embed's description.
EMBED_DESCRIPTION_LIMIT = 4096

HELP = f"""\
Full rules with the doubling cube, matches to N points (Crawford rule) and money games.

**Start**
`/bg challenge` a member (length 1-25, default 5, or a money game with Jacoby, beavers and automatic \
doubles), or nobody for an open challenge; `thread: True` plays in a new thread. It expires after 10 minutes.
**Provably fair dice**: the challenge shows the commitment (SHA-256) of the bot's secret seed; `seed:` on \
`/bg challenge` or **Accept with my seed** adds your own. Every roll comes from both seeds and the bot's, which is \
revealed when the match ends: `/bg fairness` shows how to check every roll.

**Play the computer**
`/bg computer` (or `/bg challenge` naming the bot) starts at once. Levels: {LEVEL_LINE} \
(search depth, ± noise on each play's equity; half of it on the cube). Expert is the plain net, \
world-class looks two rolls deeper.

**Your turn**
Press **Roll**, or **Double** when you may (R6.1); if you cannot double, the dice are rolled for you (R9.4).
Pick your whole play from the list (or a green button): it is played at once and ends your turn. Or move \
checker by checker ("13/8"): **Undo** takes back a step, **Done** ends the turn (R9.2). Forced rolls are \
played for you (R9.3).
Or type it: `/bg move 24/18 13/11` (`bar/22`, `6/off`, `8/5(2)`); autocomplete lists the legal plays.
`/bg settings auto_done: True`: your turn ends with your last checker (no **Done**, no **Undo** after it).

**The cube**
When doubled: **Take** or **Drop** (and **Beaver** in money games that allow it).

**Commands**
`/bg challenge` — challenge a member or open a challenge
`/bg move` — type your play
`/bg resign` — offer to resign a single game, a gammon or a backgammon
`/bg board` — show this channel's board again
`/bg matches` — your active matches with links
`/bg settings` — your settings (auto-finish)
`/bg export` — a match of this channel as a .mat file for GNU Backgammon
`/bg fairness` — a match's dice: the commitment, the seeds, the bot's seed once it is over, how to check
`/bg analyze` — a finished match's analysis: PR, errors, luck, the costliest decisions
`/bg help` — this text
`/leaderboard` — this server's ladder
`/stats player` — a player's rating, record, gammons, cubes and chart
`/stats dice` — a player's rolls against fair dice: faces, the 21 rolls, doubles, pips, chi-square, a chart
`/history` — a player's latest finished matches
`/bgadmin turn-limit` — (Manage Server) time per turn
`/bgadmin threads` — (Manage Server) new thread per match by default
`/bgadmin clock` — (Manage Server) the default match clock
`/bgadmin analysis` — (Manage Server) analyse matches up to N points when they end (default 11; 0 off)
`/bgadmin web` — (Manage Server) the server's web page (ladder, matches)

**Analysis** (bgsage, 2-ply): PR = 500 x the mean equity lost (EMG) per decision that counts: checker plays \
with a choice, doubles, answers to doubles and beavers, and no doubles that were close (double within 0.16). \
Doubtful from 0.020, error from 0.040, blunder from 0.080. PR: under 5 world class, 7.5 expert, 12.5 \
advanced, 17.5 intermediate, 22.5 casual, 30 beginner, above: distracted. Luck: the roll's equity against the \
average roll.

**Tournaments** (organisers: `/tournament create` `/tournament start` `/tournament cancel` `/tournament award` \
`/tournament role`): `/tournament join` `/tournament leave` `/tournament bracket` `/tournament list`

**Time**
Without a clock, a player who does not act within the turn limit (default 24 hours) is reminded at half time, \
then the opponent may **Claim** (R9.5).
`clock:` of `/bg challenge`: each turn starts with a free delay, then time comes from your reserve (per point; \
money: per game): **relaxed** 30 s + 3 min, **standard** 12 s + 90 s, **blitz** 8 s + 30 s. An empty reserve \
(1 s grace) loses the match (money: the game at the cube). Time never runs while the bot is down.
**Rematch** under a finished match: when both press it within 10 minutes, the same match starts again.
"""


def help_embed() -> discord.Embed:
    return discord.Embed(title="Backgammon", description=HELP, colour=discord.Colour.dark_green())
