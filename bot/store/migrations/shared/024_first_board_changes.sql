-- A new match is stored with the board change its first board begins (bot.service.boards.first_board_change): a
-- match started before that and not shown yet gets its change here, from a minute before its start (a Discord
-- id: the milliseconds since 2015 times 2^22). A change already stored stays: it starts earlier.
INSERT INTO board_changes (match_id, channel_id, since_id)
SELECT id, channel_id, (CAST(FLOOR(created_at * 1000) AS BIGINT) - 1420070400000 - 60000) * 4194304
FROM matches
WHERE status = 'active' AND message_id IS NULL AND message_version IS NULL
    AND NOT EXISTS (SELECT 1 FROM board_changes AS changes WHERE changes.match_id = matches.id);
