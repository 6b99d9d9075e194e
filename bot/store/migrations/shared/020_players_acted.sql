-- When each player last acted in the match (the service clock's seconds), so that whether the player to act is
-- away, and so mentioned by a new board, follows from the stored match whatever process shows it. NULL: not since
-- the match began (a match started without them, or stored before this column): away.
ALTER TABLE matches ADD COLUMN acted0 DOUBLE PRECISION;
ALTER TABLE matches ADD COLUMN acted1 DOUBLE PRECISION;
