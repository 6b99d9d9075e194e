-- PostgreSQL twin of ../004_message_links.sql (issue 19): the same tables, columns and constraints.
-- What the turn timer must remember across restarts (issue 7): the message of each challenge, so that an
-- expired challenge's buttons can be replaced by "Expired" by whichever process notices the expiry, and the
-- turn whose claim offer (R9.5) was posted, so that an overdue turn is offered once, not once per process.

ALTER TABLE challenges ADD COLUMN message_channel_id BIGINT;
ALTER TABLE challenges ADD COLUMN message_id BIGINT;

-- turn_started_at of the turn whose Claim button went out; a new turn has a new start, so no reset is needed.
ALTER TABLE matches ADD COLUMN claim_offered_for DOUBLE PRECISION;
