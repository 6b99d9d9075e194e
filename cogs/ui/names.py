"""The cogs' names (`commands.Cog.qualified_name`), by which buttons find their cog (`bot.get_cog`): views keep
no references. The cogs themselves are handed what they share at start-up (cogs.front_end)."""

PLAY_COG = "Backgammon"
CHALLENGES_COG = "Challenges"
COMPUTER_COG = "Computer"
ANALYSIS_COG = "Analysis"
LADDER_COG = "Leaderboard"
TOURNAMENTS_COG = "Tournaments"
DAILY_COG = "Daily"
TUTOR_COG = "Tutor"
