CREATE TABLE "read_clock_marks" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"day" date NOT NULL,
	"resource_id" integer,
	"content" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audio" varchar(500) DEFAULT '' NOT NULL,
	"audio_sec" integer DEFAULT 0 NOT NULL,
	"reading_minutes" integer DEFAULT 0 NOT NULL,
	"book_id" integer,
	"is_makeup" smallint DEFAULT 0 NOT NULL,
	"makeup_reason" varchar(200) DEFAULT '' NOT NULL,
	"status" smallint NOT NULL,
	"reason" varchar(255) DEFAULT '' NOT NULL,
	"is_featured" smallint DEFAULT 0 NOT NULL,
	"teacher_comment" varchar(500) DEFAULT '' NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" bigint,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "read_clock_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"day_no" integer,
	"title" varchar(100) NOT NULL,
	"type" varchar(8) DEFAULT 'book' NOT NULL,
	"ref_id" integer,
	"url" varchar(500) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"is_required" smallint DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_pause" smallint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "read_clock_marks" ADD CONSTRAINT "read_clock_marks_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "read_clock_marks" ADD CONSTRAINT "read_clock_marks_reader_fk" FOREIGN KEY ("org_id","reader_id") REFERENCES "public"."readers"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "read_clock_sources" ADD CONSTRAINT "read_clock_sources_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "read_clock_marks_org_id_uq" ON "read_clock_marks" USING btree ("org_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "read_clock_marks_day_uq" ON "read_clock_marks" USING btree ("act_id","reader_id","day") WHERE status <> 2;--> statement-breakpoint
CREATE INDEX "read_clock_marks_org_list_idx" ON "read_clock_marks" USING btree ("org_id","act_id","created_at","id");--> statement-breakpoint
CREATE INDEX "read_clock_marks_act_day_idx" ON "read_clock_marks" USING btree ("act_id","day","status");--> statement-breakpoint
CREATE INDEX "read_clock_marks_pending_idx" ON "read_clock_marks" USING btree ("org_id","act_id") WHERE status = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "read_clock_sources_org_id_uq" ON "read_clock_sources" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "read_clock_sources_org_list_idx" ON "read_clock_sources" USING btree ("org_id","act_id","created_at","id");--> statement-breakpoint
CREATE INDEX "read_clock_sources_day_idx" ON "read_clock_sources" USING btree ("act_id","day_no","sort");