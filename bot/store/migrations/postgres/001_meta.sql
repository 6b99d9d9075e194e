-- PostgreSQL twin of ../001_meta.sql (issue 19): the same tables, columns and constraints.
-- Small facts the bot keeps about itself, such as the fingerprint of the last global command sync.
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
