-- PostgreSQL twin of ../012_analysis.sql (issue 19): the same tables, columns and constraints.
-- Issue 17: match analysis. One row per analysed match: written 'pending' when the analysis is asked for (by
-- /bg analyze, or in the transaction that finishes a match when the server analyses matches automatically), so a
-- bot that stops before it is done finishes it after the restart; 'done' with the result (JSON of
-- bot.analysis.MatchAnalysis) and each player's PR; posted once the public message is out.
CREATE TABLE match_analyses (
    match_id     BIGINT           PRIMARY KEY REFERENCES matches (id),
    status       TEXT             NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
    level        TEXT             NOT NULL,
    channel_id   BIGINT           NOT NULL,        -- where the result is posted
    requested_at DOUBLE PRECISION NOT NULL,
    finished_at  DOUBLE PRECISION,
    result       TEXT,                             -- NULL until done
    pr0          DOUBLE PRECISION,                 -- each player's PR; NULL when they had no decision to rate
    pr1          DOUBLE PRECISION,
    posted       INTEGER          NOT NULL DEFAULT 0 CHECK (posted IN (0, 1))
);

-- At start-up: every analysis asked for and not finished, or finished and not yet posted.
CREATE INDEX match_analyses_unfinished ON match_analyses (match_id) WHERE status = 'pending' OR posted = 0;

-- A server's automatic analysis: matches up to auto_length points are analysed when they end (0: off). No row:
-- the default, 11 points.
CREATE TABLE guild_analysis (
    guild_id    BIGINT  PRIMARY KEY,
    auto_length INTEGER NOT NULL CHECK (auto_length BETWEEN 0 AND 25)
);
