"""Per-guild FIBS ratings, the leaderboard, player stats and match history.

- `fibs`: the formula, pure (`rate_match(winner, loser, length) -> RatingChange`).
- `hook.rate_finished_match(db, record)`: the GameService match-finished hook; rates inside the transaction
  that stores the result (money games and aborted matches are not rated, claimed wins are).
- `store`: `record_match`, `leaderboard_page`, `ladder_entry`, `player_stats`, `recent_matches`, `standing`.
- `rebuild`: `python -m bot.ratings.rebuild [--database PATH] [--write]` replays the stored history.
- `tally`: gammons, backgammons, cubes taken and dropped, counted from an engine match.
"""
