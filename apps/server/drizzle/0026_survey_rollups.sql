CREATE TABLE "survey_rollup_cells" (
	"act_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"option_id" varchar(16) NOT NULL,
	"row_id" varchar(16) NOT NULL,
	"num" double precision,
	"n" integer NOT NULL,
	"leads" integer NOT NULL,
	"texts" integer NOT NULL,
	CONSTRAINT "survey_rollup_cells_uq" UNIQUE NULLS NOT DISTINCT("act_id","unit_id","question_id","revision","option_id","row_id","num")
);
--> statement-breakpoint
CREATE TABLE "survey_rollup_days" (
	"act_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"day" varchar(10) NOT NULL,
	"responses" integer NOT NULL,
	"duration_sum" bigint NOT NULL,
	"durations" integer NOT NULL,
	CONSTRAINT "survey_rollup_days_pk" PRIMARY KEY("act_id","unit_id","day")
);
--> statement-breakpoint
CREATE TABLE "survey_rollup_readers" (
	"act_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	CONSTRAINT "survey_rollup_readers_pk" PRIMARY KEY("act_id","reader_id","unit_id")
);
--> statement-breakpoint
CREATE TABLE "survey_rollups" (
	"act_id" integer PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"through" integer DEFAULT 0 NOT NULL,
	"candidate" integer,
	"candidate_running" text[],
	"stale" smallint DEFAULT 0 NOT NULL,
	"readers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "survey_rollup_cells" ADD CONSTRAINT "survey_rollup_cells_act_id_survey_rollups_act_id_fk" FOREIGN KEY ("act_id") REFERENCES "public"."survey_rollups"("act_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_rollup_days" ADD CONSTRAINT "survey_rollup_days_act_id_survey_rollups_act_id_fk" FOREIGN KEY ("act_id") REFERENCES "public"."survey_rollups"("act_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_rollup_readers" ADD CONSTRAINT "survey_rollup_readers_act_id_survey_rollups_act_id_fk" FOREIGN KEY ("act_id") REFERENCES "public"."survey_rollups"("act_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_rollups" ADD CONSTRAINT "survey_rollups_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_rollup_readers_unit_idx" ON "survey_rollup_readers" USING btree ("act_id","unit_id","reader_id");--> statement-breakpoint
CREATE INDEX "survey_rollups_org_idx" ON "survey_rollups" USING btree ("org_id");