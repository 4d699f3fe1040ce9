CREATE TABLE "survey_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"response_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"option_id" varchar(16) DEFAULT '' NOT NULL,
	"row_id" varchar(16) DEFAULT '' NOT NULL,
	"num" double precision,
	"text" text DEFAULT '' NOT NULL,
	"unit_id" integer,
	"submitted_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"type" varchar(20) NOT NULL,
	"title" varchar(500) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_required" smallint DEFAULT 1 NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"show_logic" jsonb,
	"jump_logic" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"is_delete" smallint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"unit_id" integer,
	"version" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"option_snapshot" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_at" bigint,
	"submitted_at" bigint,
	"day" varchar(10) DEFAULT '' NOT NULL,
	"duration_sec" integer DEFAULT 0 NOT NULL,
	"edit_count" integer DEFAULT 0 NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"channel" varchar(20) DEFAULT '' NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"version" integer NOT NULL,
	"questions" jsonb NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "survey_responses_org_id_uq" ON "survey_responses" USING btree ("org_id","id");
--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_response_fk" FOREIGN KEY ("org_id","response_id") REFERENCES "public"."survey_responses"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_reader_fk" FOREIGN KEY ("org_id","reader_id") REFERENCES "public"."readers"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_versions" ADD CONSTRAINT "survey_versions_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_answers_stats_idx" ON "survey_answers" USING btree ("act_id","question_id","revision","option_id","row_id");--> statement-breakpoint
CREATE INDEX "survey_answers_response_idx" ON "survey_answers" USING btree ("response_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_questions_org_id_uq" ON "survey_questions" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "survey_questions_list_idx" ON "survey_questions" USING btree ("org_id","act_id","created_at","id");--> statement-breakpoint
CREATE INDEX "survey_questions_act_idx" ON "survey_questions" USING btree ("act_id","is_delete","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_responses_draft_uq" ON "survey_responses" USING btree ("act_id","reader_id") WHERE "survey_responses"."status" = 0;--> statement-breakpoint
CREATE INDEX "survey_responses_reader_idx" ON "survey_responses" USING btree ("act_id","reader_id","day");--> statement-breakpoint
CREATE INDEX "survey_responses_list_idx" ON "survey_responses" USING btree ("org_id","act_id","created_at","id");--> statement-breakpoint
CREATE INDEX "survey_responses_submitted_idx" ON "survey_responses" USING btree ("act_id","status","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_versions_version_uq" ON "survey_versions" USING btree ("act_id","version");