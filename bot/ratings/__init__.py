"""Per-guild FIBS ratings, the leaderboard, player stats and match history (issue 9)."""
