CREATE TABLE "comment_reactions" (
	"comment_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	CONSTRAINT "comment_reactions_pk" PRIMARY KEY("comment_id","reader_id","kind")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"source_id" integer NOT NULL,
	"reader_id" integer,
	"manager_id" integer,
	"parent_id" integer,
	"reply_to_reader_id" integer,
	"content" varchar(2000) DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"reason" varchar(500) DEFAULT '' NOT NULL,
	"is_top" smallint DEFAULT 0 NOT NULL,
	"is_featured" smallint DEFAULT 0 NOT NULL,
	"is_official" smallint DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"report_count" integer DEFAULT 0 NOT NULL,
	"kept" smallint DEFAULT 0 NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vote_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"version" integer NOT NULL,
	"hash" varchar(64) NOT NULL,
	"ranked" jsonb NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vote_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"author" varchar(100) DEFAULT '' NOT NULL,
	"cover" varchar(500) DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"group_name" varchar(50) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"reason" varchar(500) DEFAULT '' NOT NULL,
	"origin" varchar(10) DEFAULT 'admin' NOT NULL,
	"work_id" integer,
	"reader_id" integer,
	"vote_count" integer DEFAULT 0 NOT NULL,
	"suspect_count" integer DEFAULT 0 NOT NULL,
	"void_count" integer DEFAULT 0 NOT NULL,
	"reached_at" bigint,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vote_voids" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"criteria" jsonb NOT NULL,
	"reason" varchar(200) NOT NULL,
	"blacklist_days" integer DEFAULT 0 NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	"readers" integer DEFAULT 0 NOT NULL,
	"creator_kind" varchar(10) NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"source_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"day" varchar(8) NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"device_id" varchar(100) DEFAULT '' NOT NULL,
	"ua_hash" varchar(16) DEFAULT '' NOT NULL,
	"status" varchar(8) DEFAULT 'valid' NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"void_id" integer,
	"request_id" varchar(64) DEFAULT '' NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
-- The unique (org_id, id) before the composite foreign keys that point at it.
CREATE UNIQUE INDEX "vote_sources_org_id_uq" ON "vote_sources" USING btree ("org_id","id");--> statement-breakpoint
ALTER TABLE "comment_reactions" ADD CONSTRAINT "comment_reactions_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reactions" ADD CONSTRAINT "comment_reactions_reader_id_readers_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."readers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_source_fk" FOREIGN KEY ("org_id","source_id") REFERENCES "public"."vote_sources"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_reader_fk" FOREIGN KEY ("org_id","reader_id") REFERENCES "public"."readers"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_results" ADD CONSTRAINT "vote_results_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_sources" ADD CONSTRAINT "vote_sources_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_voids" ADD CONSTRAINT "vote_voids_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_void_id_vote_voids_id_fk" FOREIGN KEY ("void_id") REFERENCES "public"."vote_voids"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_source_fk" FOREIGN KEY ("org_id","source_id") REFERENCES "public"."vote_sources"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_reader_fk" FOREIGN KEY ("org_id","reader_id") REFERENCES "public"."readers"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_reactions_reader_idx" ON "comment_reactions" USING btree ("reader_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comments_org_id_uq" ON "comments" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "comments_list_idx" ON "comments" USING btree ("org_id","act_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_source_idx" ON "comments" USING btree ("source_id","parent_id","status");--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "comments_reader_idx" ON "comments" USING btree ("act_id","reader_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vote_results_version_uq" ON "vote_results" USING btree ("act_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "vote_sources_work_uq" ON "vote_sources" USING btree ("act_id","work_id") WHERE "vote_sources"."work_id" is not null;--> statement-breakpoint
CREATE INDEX "vote_sources_list_idx" ON "vote_sources" USING btree ("org_id","act_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vote_sources_act_idx" ON "vote_sources" USING btree ("act_id","status","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "vote_voids_org_id_uq" ON "vote_voids" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "vote_voids_act_idx" ON "vote_voids" USING btree ("act_id","created_at");--> statement-breakpoint
CREATE INDEX "votes_reader_idx" ON "votes" USING btree ("act_id","reader_id","day");--> statement-breakpoint
CREATE INDEX "votes_ip_idx" ON "votes" USING btree ("act_id","ip","day");--> statement-breakpoint
CREATE INDEX "votes_source_idx" ON "votes" USING btree ("source_id","created_at");--> statement-breakpoint
CREATE INDEX "votes_list_idx" ON "votes" USING btree ("org_id","act_id","created_at","id");--> statement-breakpoint
CREATE INDEX "votes_void_idx" ON "votes" USING btree ("void_id");