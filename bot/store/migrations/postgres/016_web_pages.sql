-- PostgreSQL twin of ../016_web_pages.sql (issue 19): the same table, columns and index.
-- Issue 34: the web pages. A server whose admin turned its page on (/bgadmin web): its ladder, recent matches,
-- tournaments and players' pages are then served. No row: off (a match page is reachable only by its signed link).
CREATE TABLE guild_web (
    guild_id   BIGINT           PRIMARY KEY,
    enabled    INTEGER          NOT NULL CHECK (enabled IN (0, 1)),
    changed_at DOUBLE PRECISION NOT NULL
);

-- The server page's recent matches, newest first.
CREATE INDEX matches_guild_finished ON matches (guild_id, finished_at) WHERE status = 'finished';
