-- Issue 35: the language of a server's public messages and board pictures (`/bgadmin language`). No row: the
-- server's own language as Discord reports it (guild_locale), or English for one the bot has no catalogue for.
CREATE TABLE guild_language (
    guild_id   INTEGER PRIMARY KEY,
    language   TEXT    NOT NULL,
    changed_at REAL    NOT NULL
) STRICT;
