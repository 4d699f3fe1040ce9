CREATE TABLE "survey_rollup_day_cells" (
	"act_id" integer NOT NULL,
	"day" varchar(10) NOT NULL,
	"unit_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"option_id" varchar(16) NOT NULL,
	"row_id" varchar(16) NOT NULL,
	"num" double precision,
	"n" integer NOT NULL,
	"leads" integer NOT NULL,
	"texts" integer NOT NULL,
	CONSTRAINT "survey_rollup_day_cells_uq" UNIQUE NULLS NOT DISTINCT("act_id","day","unit_id","question_id","revision","option_id","row_id","num")
);
--> statement-breakpoint
CREATE TABLE "survey_rollup_day_readers" (
	"act_id" integer NOT NULL,
	"day" varchar(10) NOT NULL,
	"reader_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	CONSTRAINT "survey_rollup_day_readers_pk" PRIMARY KEY("act_id","day","reader_id","unit_id")
);
--> statement-breakpoint
CREATE TABLE "contest_figure_days" (
	"act_id" integer NOT NULL,
	"day" varchar(10) NOT NULL,
	"attempts" integer NOT NULL,
	CONSTRAINT "contest_figure_days_pk" PRIMARY KEY("act_id","day")
);
--> statement-breakpoint
CREATE TABLE "contest_figure_groups" (
	"act_id" integer NOT NULL,
	"ratio" numeric,
	"bucket" integer NOT NULL,
	"attempts" integer NOT NULL,
	"passed" integer NOT NULL,
	"score_sum" numeric NOT NULL,
	"scores" integer NOT NULL,
	"duration_sum" numeric NOT NULL,
	"durations" integer NOT NULL,
	"autos" integer NOT NULL,
	CONSTRAINT "contest_figure_groups_uq" UNIQUE NULLS NOT DISTINCT("act_id","ratio","bucket")
);
--> statement-breakpoint
CREATE TABLE "contest_figure_items" (
	"act_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"ratio" numeric,
	"answered" integer NOT NULL,
	"credit" numeric NOT NULL,
	"right_count" integer NOT NULL,
	CONSTRAINT "contest_figure_items_uq" UNIQUE NULLS NOT DISTINCT("act_id","question_id","ratio")
);
--> statement-breakpoint
CREATE TABLE "contest_figure_picks" (
	"act_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"key" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "contest_figure_picks_pk" PRIMARY KEY("act_id","question_id","key")
);
--> statement-breakpoint
CREATE TABLE "contest_figure_readers" (
	"act_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	CONSTRAINT "contest_figure_readers_pk" PRIMARY KEY("act_id","reader_id")
);
--> statement-breakpoint
CREATE TABLE "contest_figure_slices" (
	"act_id" integer NOT NULL,
	"ratio" numeric,
	"bucket" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answered" integer NOT NULL,
	"credit" numeric NOT NULL,
	CONSTRAINT "contest_figure_slices_uq" UNIQUE NULLS NOT DISTINCT("act_id","ratio","bucket","question_id")
);
--> statement-breakpoint
CREATE TABLE "contest_figures" (
	"act_id" integer PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"stale" smallint DEFAULT 0 NOT NULL,
	"readers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contest_attempts" ADD COLUMN "rolled" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_rollup_day_cells" ADD CONSTRAINT "survey_rollup_day_cells_act_id_survey_rollups_act_id_fk" FOREIGN KEY ("act_id") REFERENCES "public"."survey_rollups"("act_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_rollup_day_readers" ADD CONSTRAINT "survey_rollup_day_readers_act_id_survey_rollups_act_id_fk" FOREIGN KEY ("act_id") REFERENCES "public"."survey_rollups"("act_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_figure_days" ADD CONSTRAINT "contest_figure_days_act_id_contest_figures_act_id_fk" FOREIGN KEY ("act_id") REFERENCES "public"."contest_figures"("act_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_figure_groups" ADD CONSTRAINT "contest_figure_groups_act_id_contest_figures_act_id_fk" FOREIGN KEY ("act_id") REFERENCES "public"."contest_figures"("act_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_figure_items" ADD CONSTRAINT "contest_figure_items_act_id_contest_figures_act_id_fk" FOREIGN KEY ("act_id") REFERENCES "public"."contest_figures"("act_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_figure_picks" ADD CONSTRAINT "contest_figure_picks_act_id_contest_figures_act_id_fk" FOREIGN KEY ("act_id") REFERENCES "public"."contest_figures"("act_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_figure_readers" ADD CONSTRAINT "contest_figure_readers_act_id_contest_figures_act_id_fk" FOREIGN KEY ("act_id") REFERENCES "public"."contest_figures"("act_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_figure_slices" ADD CONSTRAINT "contest_figure_slices_act_id_contest_figures_act_id_fk" FOREIGN KEY ("act_id") REFERENCES "public"."contest_figures"("act_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_figures" ADD CONSTRAINT "contest_figures_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contest_figures_org_idx" ON "contest_figures" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "contest_attempts_unrolled_idx" ON "contest_attempts" USING btree ("act_id","id") WHERE "contest_attempts"."state" = 'finished' and "contest_attempts"."rolled" = 0;--> statement-breakpoint
CREATE INDEX "contest_attempts_unfinished_idx" ON "contest_attempts" USING btree ("act_id","id") WHERE "contest_attempts"."state" <> 'finished';