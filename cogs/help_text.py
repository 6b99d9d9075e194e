"""The text of /bg help: how to play here, and every command. Kept under Discord's 2000 characters."""

from __future__ import annotations

from bot.computer.levels import LEVELS

#: `beginner 1-ply ±0.2, ..., world-class 3-ply`: the levels, their depth and noise, for /bg help.
LEVEL_LINE = ", ".join(f"{level.name} {level.plies}-ply" + (f" ±{level.noise:g}" if level.noise else "")
                       for level in LEVELS)

HELP = f"""\
**Backgammon** — full rules with the doubling cube, matches to N points (Crawford rule) and money games.

**Start**
`/bg challenge` a member (match length 1-25, default 5, or a money game with Jacoby, beavers and \
automatic doubles). Leave the opponent empty for an open challenge anyone may accept; \
`thread: True` plays in a new thread, so one channel can host many matches. A challenge expires after 10 minutes.

**Play the computer**
`/bg computer` (or `/bg challenge` naming the bot) starts at once. Levels: {LEVEL_LINE} \
(search depth, ± noise).

**Your turn**
Press **Roll**, or **Double** when you may (R6.1); if you cannot double, the dice are rolled for you (R9.4).
Move by clicking: choose a checker (the point it leaves from), then the die if two are possible. Only legal \
moves are offered. **Undo** takes back a step, **Done** ends the turn (R9.2). Forced and impossible rolls are \
played for you (R9.3).
Or type the play: `/bg move 24/18 13/11` (`bar/22`, `6/off`, `13/7*`, `8/5(2)`); autocomplete lists the \
legal plays.

**The cube**
When doubled: **Take** or **Drop** (and **Beaver** in money games that allow it).

**Commands**
`/bg challenge` — challenge a member or open a challenge
`/bg move` — type your play
`/bg resign` — offer to resign a single game, a gammon or a backgammon
`/bg board` — show the current board of this channel again
`/bg matches` — your active matches with links
`/bg help` — this text
`/leaderboard` — this server's ladder: rating, matches and wins
`/stats` — a player's rating, record, gammons, cubes and rating chart
`/history` — a player's latest finished matches
`/bgadmin turn-limit` — (Manage Server) how long a player may take for a turn

**Time limit**
A player who does not act within the server's turn limit (default 24 hours) gets a reminder at half time; \
when it runs out the opponent may **Claim** the match (R9.5).
"""
