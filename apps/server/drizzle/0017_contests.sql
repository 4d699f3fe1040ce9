CREATE TABLE "contest_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"attempt_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer" jsonb,
	"is_right" smallint,
	"credit" numeric(8, 2),
	"max_score" numeric(6, 2) NOT NULL,
	"pending" smallint DEFAULT 0 NOT NULL,
	"answered_at" bigint,
	"marked_by" integer,
	"marked_at" bigint,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"level_id" integer DEFAULT 0 NOT NULL,
	"reader_id" integer NOT NULL,
	"attempt_no" integer NOT NULL,
	"day" varchar(8) NOT NULL,
	"paper" jsonb NOT NULL,
	"state" varchar(16) DEFAULT 'inprogress' NOT NULL,
	"started_at" bigint NOT NULL,
	"deadline_at" bigint NOT NULL,
	"submitted_at" bigint,
	"auto_submitted" smallint DEFAULT 0 NOT NULL,
	"score" numeric(8, 2),
	"max_score" numeric(8, 2) NOT NULL,
	"correct_count" integer DEFAULT 0 NOT NULL,
	"question_count" integer NOT NULL,
	"pending_count" integer DEFAULT 0 NOT NULL,
	"duration_sec" integer,
	"switch_count" integer DEFAULT 0 NOT NULL,
	"passed" smallint,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"unit_id" integer,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"name" varchar(50) NOT NULL,
	"intro" varchar(1000) DEFAULT '' NOT NULL,
	"contest_type" smallint DEFAULT 1 NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"time_limit" integer DEFAULT 0 NOT NULL,
	"pass_mode" varchar(16) DEFAULT 'accuracy' NOT NULL,
	"pass_value" numeric(8, 2) DEFAULT 60 NOT NULL,
	"attempts_per_level" integer DEFAULT 0 NOT NULL,
	"attempts_per_day" integer DEFAULT 0 NOT NULL,
	"unlock_after_previous" smallint DEFAULT 1 NOT NULL,
	"open_at" bigint,
	"reward_points" integer DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_progress" (
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"level_id" integer DEFAULT 0 NOT NULL,
	"reader_id" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"day" varchar(8) DEFAULT '' NOT NULL,
	"day_attempts" integer DEFAULT 0 NOT NULL,
	"last_started_at" bigint,
	"open_attempt_id" integer,
	"best_score" numeric(8, 2),
	"best_duration" integer,
	"graded_score" numeric(8, 2),
	"graded_duration" integer,
	"graded_submitted_at" bigint,
	"graded_attempt_id" integer,
	"passed" smallint DEFAULT 0 NOT NULL,
	"passed_at" bigint,
	"unit_id" integer,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	CONSTRAINT "contest_progress_pk" PRIMARY KEY("act_id","level_id","reader_id")
);
--> statement-breakpoint
CREATE TABLE "contest_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"level_id" integer,
	"question_id" integer,
	"type" smallint NOT NULL,
	"difficulty" smallint DEFAULT 3 NOT NULL,
	"category_id" integer,
	"stem" text NOT NULL,
	"stem_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" text NOT NULL,
	"analysis" text DEFAULT '' NOT NULL,
	"score" numeric(6, 2) DEFAULT 5 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_must" smallint DEFAULT 0 NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"answered_count" integer DEFAULT 0 NOT NULL,
	"correct_count" integer DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("stem", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "contest_rankings" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"version" integer NOT NULL,
	"hash" varchar(64) NOT NULL,
	"ranked" jsonb NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "contest_attempts_org_id_uq" ON "contest_attempts" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "contest_levels_org_id_uq" ON "contest_levels" USING btree ("org_id","id");
--> statement-breakpoint
ALTER TABLE "contest_answers" ADD CONSTRAINT "contest_answers_attempt_fk" FOREIGN KEY ("org_id","attempt_id") REFERENCES "public"."contest_attempts"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_attempts" ADD CONSTRAINT "contest_attempts_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_attempts" ADD CONSTRAINT "contest_attempts_reader_fk" FOREIGN KEY ("org_id","reader_id") REFERENCES "public"."readers"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_levels" ADD CONSTRAINT "contest_levels_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_progress" ADD CONSTRAINT "contest_progress_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_progress" ADD CONSTRAINT "contest_progress_reader_fk" FOREIGN KEY ("org_id","reader_id") REFERENCES "public"."readers"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_questions" ADD CONSTRAINT "contest_questions_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_questions" ADD CONSTRAINT "contest_questions_level_fk" FOREIGN KEY ("org_id","level_id") REFERENCES "public"."contest_levels"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_rankings" ADD CONSTRAINT "contest_rankings_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contest_answers_org_id_uq" ON "contest_answers" USING btree ("org_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "contest_answers_attempt_uq" ON "contest_answers" USING btree ("attempt_id","question_id");--> statement-breakpoint
CREATE INDEX "contest_answers_question_idx" ON "contest_answers" USING btree ("act_id","question_id");--> statement-breakpoint
CREATE INDEX "contest_answers_pending_idx" ON "contest_answers" USING btree ("org_id","act_id","id") WHERE "contest_answers"."pending" = 1;--> statement-breakpoint
CREATE INDEX "contest_attempts_list_idx" ON "contest_attempts" USING btree ("org_id","act_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contest_attempts_reader_idx" ON "contest_attempts" USING btree ("act_id","level_id","reader_id");--> statement-breakpoint
CREATE INDEX "contest_attempts_open_idx" ON "contest_attempts" USING btree ("deadline_at") WHERE "contest_attempts"."state" = 'inprogress';--> statement-breakpoint
CREATE INDEX "contest_attempts_done_idx" ON "contest_attempts" USING btree ("act_id","level_id","submitted_at") WHERE "contest_attempts"."state" <> 'inprogress';--> statement-breakpoint
CREATE INDEX "contest_levels_list_idx" ON "contest_levels" USING btree ("org_id","act_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contest_levels_act_idx" ON "contest_levels" USING btree ("act_id","sort");--> statement-breakpoint
CREATE INDEX "contest_progress_rank_idx" ON "contest_progress" USING btree ("act_id","level_id","graded_score","graded_duration","graded_submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contest_questions_org_id_uq" ON "contest_questions" USING btree ("org_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "contest_questions_bank_uq" ON "contest_questions" USING btree ("act_id","question_id") WHERE "contest_questions"."question_id" is not null;--> statement-breakpoint
CREATE INDEX "contest_questions_list_idx" ON "contest_questions" USING btree ("org_id","act_id","created_at","id","search");--> statement-breakpoint
CREATE INDEX "contest_questions_pool_idx" ON "contest_questions" USING btree ("act_id","level_id","type");--> statement-breakpoint
CREATE INDEX "contest_questions_search_idx" ON "contest_questions" USING gin (keyword_grams("org_id", "search"));--> statement-breakpoint
CREATE UNIQUE INDEX "contest_rankings_version_uq" ON "contest_rankings" USING btree ("act_id","version");