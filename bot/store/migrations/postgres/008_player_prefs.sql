-- PostgreSQL twin of ../008_player_prefs.sql (issue 19): the same tables, columns and constraints.
-- Each player's own settings (issue 15), remembered across matches and restarts; a player without a row uses
-- the defaults. auto_done: finish the turn automatically once the last checker of a play is moved (no Done).
CREATE TABLE player_prefs (
    user_id    BIGINT PRIMARY KEY REFERENCES players (user_id),
    auto_done  BIGINT NOT NULL DEFAULT 0 CHECK (auto_done IN (0, 1)),
    updated_at DOUBLE PRECISION    NOT NULL
);
