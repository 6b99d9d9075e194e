-- PostgreSQL twin of ../010_fairness.sql (issue 19): the same tables, columns and constraints.
-- Provably fair dice (issue 18). A challenge draws the server seed (32 bytes, stored as 64 hex digits) and fixes
-- the challenger's seed; the accepted match copies both and adds the acceptor's seed. Every roll of the match is
-- HMAC-SHA256(server seed, "<seed0>:<seed1>:<k>:<j>") (bot/engine/dice.py). The server seed is shown to nobody
-- before the match ends. Matches and challenges from before this migration have NULLs here: their dice came from
-- the CSPRNG alone, are kept in their logs, and they go on that way.
ALTER TABLE challenges ADD COLUMN server_seed TEXT CHECK (server_seed IS NULL OR length(server_seed) = 64);
ALTER TABLE challenges ADD COLUMN challenger_seed TEXT;

ALTER TABLE matches ADD COLUMN server_seed TEXT CHECK (server_seed IS NULL OR length(server_seed) = 64);
ALTER TABLE matches ADD COLUMN seed0 TEXT;  -- the challenger's (player 0's) seed
ALTER TABLE matches ADD COLUMN seed1 TEXT;  -- the acceptor's (player 1's) seed

