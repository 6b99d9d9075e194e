-- PostgreSQL twin of ../005_shown_controls.sql (issue 19): the same tables, columns and constraints.
-- What the players can see (issue 15): the stored state is the truth, and the controls must follow it. A match
-- whose current game message does not carry the controls of its current version (the bot was killed between
-- storing an action and showing it, or Discord refused the new board) is shown again, and the turn clock
-- (R9.5) does not run for a player who has not been shown working controls.

-- The snapshot version whose controls the current game message carries (NULL: none shown yet).
ALTER TABLE matches ADD COLUMN message_version BIGINT;
-- When the player now to act was first shown working controls for this turn (the turn clock runs from then).
ALTER TABLE matches ADD COLUMN controls_at DOUBLE PRECISION;

-- Matches from before: their boards were shown as far as anyone knows.
UPDATE matches
SET message_version = (SELECT s.version FROM match_snapshots AS s WHERE s.match_id = matches.id),
    controls_at = turn_started_at
WHERE message_id IS NOT NULL;
