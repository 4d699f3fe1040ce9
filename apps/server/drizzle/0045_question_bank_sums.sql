CREATE TABLE "question_bank_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"difficulty" smallint NOT NULL,
	"category_id" integer NOT NULL,
	"is_pause" smallint NOT NULL,
	"questions" integer NOT NULL,
	"used" bigint NOT NULL,
	"answered" bigint NOT NULL,
	"correct" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_bank_sums" (
	"bank_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"difficulty" smallint NOT NULL,
	"category_id" integer NOT NULL,
	"is_pause" smallint NOT NULL,
	"questions" integer NOT NULL,
	"used" bigint NOT NULL,
	"answered" bigint NOT NULL,
	"correct" bigint NOT NULL,
	CONSTRAINT "question_bank_sums_pk" PRIMARY KEY("bank_id","type","difficulty","category_id","is_pause")
);
--> statement-breakpoint
-- What each statement on "questions" changes of the banks' sums (its live rows taken out subtracted,
-- those made added, per key), appended in the writer's own transaction; folded by questions/bankSums.ts.
-- Statement triggers with transition tables: an import of 50,000 questions appends a few rows, not 50,000.
CREATE FUNCTION "question_bank_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "question_bank_moves" ("bank_id", "type", "difficulty", "category_id", "is_pause", "questions", "used", "answered", "correct")
    SELECT coalesce("org_id", 0), "type", "difficulty", coalesce("category_id", 0), "is_pause", count(*), sum("used_count"), sum("answered_count"), sum("correct_count")
    FROM "new_rows" WHERE "is_delete" = 0 GROUP BY 1, 2, 3, 4, 5;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "question_bank_moves" ("bank_id", "type", "difficulty", "category_id", "is_pause", "questions", "used", "answered", "correct")
    SELECT coalesce("org_id", 0), "type", "difficulty", coalesce("category_id", 0), "is_pause", -count(*), -sum("used_count"), -sum("answered_count"), -sum("correct_count")
    FROM "old_rows" WHERE "is_delete" = 0 GROUP BY 1, 2, 3, 4, 5;
  ELSE
    INSERT INTO "question_bank_moves" ("bank_id", "type", "difficulty", "category_id", "is_pause", "questions", "used", "answered", "correct")
    SELECT "bank_id", "type", "difficulty", "category_id", "is_pause", sum("q"), sum("u"), sum("a"), sum("c") FROM (
      SELECT coalesce("org_id", 0) AS "bank_id", "type", "difficulty", coalesce("category_id", 0) AS "category_id", "is_pause", 1 AS "q", "used_count" AS "u", "answered_count" AS "a", "correct_count" AS "c"
      FROM "new_rows" WHERE "is_delete" = 0
      UNION ALL
      SELECT coalesce("org_id", 0), "type", "difficulty", coalesce("category_id", 0), "is_pause", -1, -"used_count", -"answered_count", -"correct_count"
      FROM "old_rows" WHERE "is_delete" = 0
    ) "m" GROUP BY 1, 2, 3, 4, 5
    HAVING sum("q") <> 0 OR sum("u") <> 0 OR sum("a") <> 0 OR sum("c") <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "questions_bank_inserted" AFTER INSERT ON "questions" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "question_bank_moved"();--> statement-breakpoint
CREATE TRIGGER "questions_bank_updated" AFTER UPDATE ON "questions" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "question_bank_moved"();--> statement-breakpoint
CREATE TRIGGER "questions_bank_deleted" AFTER DELETE ON "questions" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "question_bank_moved"();--> statement-breakpoint
-- The questions there already, summed once.
INSERT INTO "question_bank_sums" ("bank_id", "type", "difficulty", "category_id", "is_pause", "questions", "used", "answered", "correct")
SELECT coalesce("org_id", 0), "type", "difficulty", coalesce("category_id", 0), "is_pause", count(*), sum("used_count"), sum("answered_count"), sum("correct_count")
FROM "questions" WHERE "is_delete" = 0 GROUP BY 1, 2, 3, 4, 5;
