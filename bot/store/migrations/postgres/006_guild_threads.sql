-- PostgreSQL twin of ../006_guild_threads.sql (issue 19): the same tables, columns and constraints.
-- Issue 15: a server may have /bg challenge play in a new thread unless the challenger says otherwise
-- (`/bgadmin threads on|off`). Off by default: matches stay in the channel the challenge was made in.
ALTER TABLE guild_settings ADD COLUMN threads BIGINT NOT NULL DEFAULT 0 CHECK (threads IN (0, 1));
