ALTER TABLE "survey_answers" ADD COLUMN "lead" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Answers written before the column: the first row of each response's answer to a question leads.
UPDATE "survey_answers" SET "lead" = 1 WHERE "id" IN (SELECT min("id") FROM "survey_answers" GROUP BY "response_id", "question_id");
