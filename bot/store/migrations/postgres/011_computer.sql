-- PostgreSQL twin of ../011_computer.sql (issue 19): the same tables, columns and constraints.
-- The computer opponent (issue 16): a match against the computer remembers the level it plays at. NULL for
-- a match between two people. The computer is player 1, the bot's own Discord user (player 0 challenged it).

ALTER TABLE matches ADD COLUMN computer_level TEXT
    CHECK (computer_level IN ('beginner', 'casual', 'intermediate', 'advanced', 'expert', 'world-class'));

-- At start-up the bot takes every computer turn that was pending when it stopped.
CREATE INDEX matches_active_computer ON matches (id) WHERE status = 'active' AND computer_level IS NOT NULL;

-- /stats per level: a player's finished computer matches.
CREATE INDEX matches_finished_computer ON matches (player0_id, computer_level) WHERE computer_level IS NOT NULL;
