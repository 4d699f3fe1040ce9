ALTER TABLE "activities" ADD COLUMN "pool_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contest_attempts" ADD COLUMN "counted" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "contest_attempts_uncounted_idx" ON "contest_attempts" USING btree ("act_id","id") WHERE "contest_attempts"."counted" < 2;--> statement-breakpoint
-- Attempts made before: their counters were written with them (the paper at the start, the answers at submission).
UPDATE "contest_attempts" SET "counted" = CASE WHEN "state" = 'inprogress' THEN 1 ELSE 2 END;--> statement-breakpoint
-- A contest's pool version advances with every write of its questions, whatever writes them
-- (the admin pages, choosing from the banks, the demo seed), but not with their counters.
CREATE FUNCTION "contest_pool_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "activities" SET "pool_version" = "pool_version" + 1 WHERE "id" = OLD."act_id";
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."act_id" <> OLD."act_id") THEN
    UPDATE "activities" SET "pool_version" = "pool_version" + 1 WHERE "id" = NEW."act_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "contest_questions_pool_version" AFTER INSERT OR DELETE OR UPDATE OF
  "act_id", "level_id", "question_id", "type", "difficulty", "category_id", "stem", "stem_images", "options", "answer", "analysis", "score", "sort", "is_must"
  ON "contest_questions" FOR EACH ROW EXECUTE FUNCTION "contest_pool_written"();
