-- PostgreSQL twin of ../015_rematch_seeds.sql (issue 19): the same columns.
-- Issue 31 item 7: a rematch's dice. The first press of Rematch draws the rematch's server seed (on that player's
-- row) and the message that asks the other player shows its commitment; that message's id is recorded here. The
-- other player's press counts only when Discord gave it a larger id than that message (it came after the
-- commitment was shown): the two ids are the rematch's seeds. `press_id` is the latest press of each player.
-- Rows from before this migration have NULLs: such a request is taken as not made (the next press asks again).
ALTER TABLE rematch_requests ADD COLUMN press_id BIGINT;
ALTER TABLE rematch_requests ADD COLUMN server_seed TEXT CHECK (server_seed IS NULL OR length(server_seed) = 64);
ALTER TABLE rematch_requests ADD COLUMN message_id BIGINT;
