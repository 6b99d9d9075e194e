-- A press is answered with its new board in Discord's response to it, and the board it answers with is recorded in
-- the action's own transaction, before that answer goes out: one write per press. `message_sure` says whether the
-- current game message is known to show `message_version`: 0 when it was recorded that way (a stop may have come
-- before the answer), 1 when it was recorded after the message was posted or edited. A start shows again every
-- match whose board is not sure.
ALTER TABLE matches ADD COLUMN message_sure INTEGER NOT NULL DEFAULT 1 CHECK (message_sure IN (0, 1));
