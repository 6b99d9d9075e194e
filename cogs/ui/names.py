"""The cogs' names (`commands.Cog.qualified_name`), by which buttons and other cogs find them (`bot.get_cog`):
views keep no references, and no cog imports another."""

PLAY_COG = "Backgammon"
CHALLENGES_COG = "Challenges"
COMPUTER_COG = "Computer"
ANALYSIS_COG = "Analysis"
LADDER_COG = "Leaderboard"
TOURNAMENTS_COG = "Tournaments"
