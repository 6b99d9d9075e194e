-- PostgreSQL twin of ../013_board_changes.sql (issue 19): the same tables, columns and constraints.
-- At most one message of a match shows live controls, whatever the moment the bot was killed (issue 31). A new
-- board is posted before the old one is retired, and Discord may have created it when the bot dies, before its
-- id was stored. So before posting, the front end writes here that the match's boards are changing: every
-- message of the match in its channel from `since_id` on (the old board's id, or the moment of the post) may
-- carry controls. The row is deleted once the old board is retired; a row left by a crash makes the start-up
-- keeper look through those messages, keep (or adopt) the one current board and retire every other.
CREATE TABLE board_changes (
    match_id   BIGINT PRIMARY KEY REFERENCES matches (id),
    channel_id BIGINT NOT NULL,  -- where the match's boards are posted
    since_id   BIGINT NOT NULL   -- Discord snowflake: no board of the match older than this may still be live
);
