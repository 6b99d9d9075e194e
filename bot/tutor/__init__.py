"""The tutor in matches against the computer: a play or cube decision that loses more than the player's threshold
is held and judged before it is stored (Undo or Keep), and `/bg hint` ranks the choices of the position on the
board. The judgement is the analysis's (bot.analysis.evaluate), run in the computer's worker processes."""
