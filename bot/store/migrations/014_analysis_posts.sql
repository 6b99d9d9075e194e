-- Issue 31: where an analysis was posted, so that a later /bg analyze answers with a link to that message instead
-- of posting it again (and posts it again, once, only when that message is gone). NULL: not known (posted before
-- this migration, or being posted now).
ALTER TABLE match_analyses ADD COLUMN post_channel_id INTEGER;
ALTER TABLE match_analyses ADD COLUMN post_message_id INTEGER;
