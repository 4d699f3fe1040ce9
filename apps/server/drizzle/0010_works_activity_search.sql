CREATE TABLE "activity_counters" (
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_counters_pk" PRIMARY KEY("org_id","act_id","name")
);
--> statement-breakpoint
CREATE TABLE "works" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"creation_type_id" integer NOT NULL,
	"group_id" integer,
	"title" varchar(50) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"link" varchar(500) DEFAULT '' NOT NULL,
	"cover" varchar(500) DEFAULT '' NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"author" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pledge" smallint DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"reason" varchar(500) DEFAULT '' NOT NULL,
	"work_no" varchar(32),
	"award_level" varchar(20),
	"score" numeric(7, 2),
	"is_show" smallint DEFAULT 1 NOT NULL,
	"uploaded_by" integer,
	"submitted_at" bigint,
	"approved_at" bigint,
	"is_delete" smallint DEFAULT 0 NOT NULL,
	"is_rec" smallint DEFAULT 0 NOT NULL,
	"rec_at" bigint,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("title", '') || chr(31) || coalesce("work_no", ''))) STORED
);
--> statement-breakpoint
DROP INDEX "activities_org_type_list_idx";--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(coalesce("title", ''))) STORED;--> statement-breakpoint
ALTER TABLE "activity_counters" ADD CONSTRAINT "activity_counters_org_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_uploaded_by_managers_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."managers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_reader_fk" FOREIGN KEY ("org_id","reader_id") REFERENCES "public"."readers"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "works_org_id_uq" ON "works" USING btree ("org_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "works_act_no_uq" ON "works" USING btree ("act_id","work_no");--> statement-breakpoint
CREATE INDEX "works_list_idx" ON "works" USING btree ("org_id","act_id","is_delete","created_at","id","status","search");--> statement-breakpoint
CREATE INDEX "works_reader_idx" ON "works" USING btree ("act_id","reader_id");--> statement-breakpoint
CREATE INDEX "works_search_idx" ON "works" USING gin (keyword_grams("org_id", "search"));--> statement-breakpoint
CREATE INDEX "activities_search_idx" ON "activities" USING gin (keyword_grams("org_id", "search"));--> statement-breakpoint
CREATE INDEX "activities_org_type_list_idx" ON "activities" USING btree ("org_id","type","is_delete","created_at","id","state","start_at","end_at","search");