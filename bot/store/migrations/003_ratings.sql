-- Per-guild FIBS ratings (issue 9). Written by bot/ratings in the transaction that stores a match's result.
-- Names are not kept here: they come from `players`, so a member who left still shows by the stored name.

-- Each guild's ladder: one row per player who finished a rated match in that guild.
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL REFERENCES players (user_id),
    rating     REAL    NOT NULL,
    experience INTEGER NOT NULL CHECK (experience >= 0),   -- total length of the player's rated matches
    matches    INTEGER NOT NULL CHECK (matches >= 0),
    wins       INTEGER NOT NULL CHECK (wins BETWEEN 0 AND matches),
    PRIMARY KEY (guild_id, user_id)
) STRICT, WITHOUT ROWID;

-- Leaderboard pages and "how many are above me" both walk this index instead of sorting the guild.
CREATE INDEX ratings_by_rank ON ratings (guild_id, rating DESC, user_id);

-- One row per player per rated match, in the order the matches were rated (seq): the rating history for
-- the chart, the per-match figures for stats, and the order a rebuild replays the matches in.
CREATE TABLE rated_matches (
    seq               INTEGER PRIMARY KEY,
    match_id          INTEGER NOT NULL REFERENCES matches (id),
    guild_id          INTEGER NOT NULL,
    user_id           INTEGER NOT NULL REFERENCES players (user_id),
    opponent_id       INTEGER NOT NULL REFERENCES players (user_id),
    won               INTEGER NOT NULL CHECK (won IN (0, 1)),
    length            INTEGER NOT NULL CHECK (length BETWEEN 1 AND 25),
    rating_before     REAL    NOT NULL,
    rating_after      REAL    NOT NULL,
    experience_before INTEGER NOT NULL CHECK (experience_before >= 0),
    gammons_won       INTEGER NOT NULL DEFAULT 0,   -- games won as a gammon (not a backgammon)
    backgammons_won   INTEGER NOT NULL DEFAULT 0,
    gammons_lost      INTEGER NOT NULL DEFAULT 0,
    backgammons_lost  INTEGER NOT NULL DEFAULT 0,
    cubes_taken       INTEGER NOT NULL DEFAULT 0,   -- the opponent's doubles this player took
    cubes_dropped     INTEGER NOT NULL DEFAULT 0,   -- ... and dropped
    UNIQUE (match_id, user_id)
) STRICT;

CREATE INDEX rated_matches_by_player ON rated_matches (guild_id, user_id, seq);
CREATE INDEX rated_matches_head_to_head ON rated_matches (guild_id, user_id, opponent_id);
