-- Each reader's whole-activity row of vote_reader_days (day ''): the reader's votes in the activity
-- and the last one's time, the row every ballot of the reader is conditioned on (voting/tallies.ts).
INSERT INTO "vote_reader_days" ("org_id", "act_id", "reader_id", "day", "votes", "last_at")
SELECT "org_id", "act_id", "reader_id", '', sum("votes")::int, max("last_at") FROM "vote_reader_days" WHERE "day" <> ''
GROUP BY "org_id", "act_id", "reader_id"
ON CONFLICT ("act_id", "reader_id", "day") DO NOTHING;
