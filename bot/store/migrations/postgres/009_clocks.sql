-- PostgreSQL twin of ../009_clocks.sql (issue 19): the same tables, columns and constraints.
-- Issue 20: match clocks and rematches. A clock is data of the match: the preset chosen (NULL: no clock, only the
-- turn limit of R9.5), each player's reserve used by finished turns, and the bot's downtime inside the current
-- turn (not charged). The time of the current turn is computed from controls_at (migration 005).
ALTER TABLE matches ADD COLUMN clock TEXT CHECK (clock IN ('relaxed', 'standard', 'blitz'));
ALTER TABLE matches ADD COLUMN used0 DOUBLE PRECISION NOT NULL DEFAULT 0 CHECK (used0 >= 0);
ALTER TABLE matches ADD COLUMN used1 DOUBLE PRECISION NOT NULL DEFAULT 0 CHECK (used1 >= 0);
ALTER TABLE matches ADD COLUMN paused DOUBLE PRECISION NOT NULL DEFAULT 0 CHECK (paused >= 0);

-- The clock a challenge was made with, carried to its match.
ALTER TABLE challenges ADD COLUMN clock TEXT CHECK (clock IN ('relaxed', 'standard', 'blitz'));

-- A server's default clock for /bg challenge (NULL: none).
ALTER TABLE guild_settings ADD COLUMN clock TEXT CHECK (clock IN ('relaxed', 'standard', 'blitz'));

-- A rematch is a new match with rematch_of = the finished match: at most one per match, whatever races.
ALTER TABLE matches ADD COLUMN rematch_of BIGINT REFERENCES matches (id);
CREATE UNIQUE INDEX matches_one_rematch ON matches (rematch_of) WHERE rematch_of IS NOT NULL;

-- Who pressed Rematch on a finished match, and when.
CREATE TABLE rematch_requests (
    match_id     BIGINT NOT NULL REFERENCES matches (id),
    user_id      BIGINT NOT NULL REFERENCES players (user_id),
    requested_at DOUBLE PRECISION    NOT NULL,
    PRIMARY KEY (match_id, user_id)
);
