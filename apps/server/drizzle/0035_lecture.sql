CREATE TABLE "lecture_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"media_type" varchar(8) DEFAULT 'video' NOT NULL,
	"video" varchar(500) DEFAULT '' NOT NULL,
	"audio" varchar(500) DEFAULT '' NOT NULL,
	"audio_title" varchar(100) DEFAULT '' NOT NULL,
	"artist" varchar(50) DEFAULT '' NOT NULL,
	"pdf" varchar(500) DEFAULT '' NOT NULL,
	"link" varchar(500) DEFAULT '' NOT NULL,
	"duration_sec" integer DEFAULT 0 NOT NULL,
	"speaker" varchar(50) DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"is_required" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_pause" smallint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lecture_learners" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"finished_items" integer DEFAULT 0 NOT NULL,
	"progress_pct" double precision DEFAULT 0 NOT NULL,
	"finished" smallint DEFAULT 0 NOT NULL,
	"finished_at" bigint,
	"last_item_id" integer,
	"last_at" bigint NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lecture_progress" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"play_count" integer DEFAULT 0 NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"last_position" double precision DEFAULT 0 NOT NULL,
	"last_beat_at" bigint NOT NULL,
	"ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"watched_sec" double precision DEFAULT 0 NOT NULL,
	"real_sec" double precision DEFAULT 0 NOT NULL,
	"finished" smallint DEFAULT 0 NOT NULL,
	"finished_at" bigint,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lecture_items_org_id_uq" ON "lecture_items" USING btree ("org_id","id");
--> statement-breakpoint
ALTER TABLE "lecture_items" ADD CONSTRAINT "lecture_items_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_learners" ADD CONSTRAINT "lecture_learners_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_learners" ADD CONSTRAINT "lecture_learners_reader_fk" FOREIGN KEY ("org_id","reader_id") REFERENCES "public"."readers"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_progress" ADD CONSTRAINT "lecture_progress_item_fk" FOREIGN KEY ("org_id","item_id") REFERENCES "public"."lecture_items"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_progress" ADD CONSTRAINT "lecture_progress_reader_fk" FOREIGN KEY ("org_id","reader_id") REFERENCES "public"."readers"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lecture_items_org_list_idx" ON "lecture_items" USING btree ("org_id","act_id","created_at","id");--> statement-breakpoint
CREATE INDEX "lecture_items_act_sort_idx" ON "lecture_items" USING btree ("act_id","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lecture_learners_org_id_uq" ON "lecture_learners" USING btree ("org_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lecture_learners_act_reader_uq" ON "lecture_learners" USING btree ("act_id","reader_id");--> statement-breakpoint
CREATE INDEX "lecture_learners_org_list_idx" ON "lecture_learners" USING btree ("org_id","act_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lecture_progress_item_reader_uq" ON "lecture_progress" USING btree ("item_id","reader_id");--> statement-breakpoint
CREATE INDEX "lecture_progress_act_reader_idx" ON "lecture_progress" USING btree ("act_id","reader_id");