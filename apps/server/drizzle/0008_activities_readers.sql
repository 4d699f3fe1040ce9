CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"title" varchar(100) NOT NULL,
	"cover" varchar(500) DEFAULT '' NOT NULL,
	"profile" text DEFAULT '' NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"module_id" integer,
	"category_id" integer,
	"origination" varchar(100) DEFAULT '' NOT NULL,
	"start_at" bigint NOT NULL,
	"end_at" bigint NOT NULL,
	"state" smallint,
	"need_real" smallint DEFAULT 0 NOT NULL,
	"user_upload" smallint DEFAULT 0 NOT NULL,
	"certificate" smallint DEFAULT 0 NOT NULL,
	"person_limit" integer DEFAULT 0 NOT NULL,
	"answer_limit" integer DEFAULT 0 NOT NULL,
	"time_limit" integer DEFAULT 0 NOT NULL,
	"join_num" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"scope" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"access_code" varchar(32) DEFAULT '' NOT NULL,
	"daily_from" varchar(5) DEFAULT '' NOT NULL,
	"daily_to" varchar(5) DEFAULT '' NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_tmp" smallint DEFAULT 1 NOT NULL,
	"published_at" bigint,
	"check_status" smallint DEFAULT 0 NOT NULL,
	"check_reason" varchar(500) DEFAULT '' NOT NULL,
	"is_delete" smallint DEFAULT 0 NOT NULL,
	"is_rec" smallint DEFAULT 0 NOT NULL,
	"rec_at" bigint,
	"is_pause" smallint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);--> statement-breakpoint
CREATE TABLE "activity_group_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);--> statement-breakpoint
CREATE TABLE "activity_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"cover" varchar(500) DEFAULT '' NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_pause" smallint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);--> statement-breakpoint
CREATE TABLE "activity_joins" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"real_name" varchar(50) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);--> statement-breakpoint
CREATE TABLE "blacklists" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason_type" varchar(20) DEFAULT 'manual' NOT NULL,
	"reason" varchar(255) DEFAULT '' NOT NULL,
	"start_at" bigint NOT NULL,
	"end_at" bigint,
	"is_auto" smallint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);--> statement-breakpoint
CREATE TABLE "org_settings" (
	"org_id" integer NOT NULL,
	"key" varchar(64) NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);--> statement-breakpoint
CREATE TABLE "reader_requests" (
	"reader_id" integer NOT NULL,
	"request_id" varchar(64) NOT NULL,
	"status" integer NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);--> statement-breakpoint
CREATE TABLE "readers" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"account" varchar(64) NOT NULL,
	"password_hash" varchar(255) NOT NULL,
	"must_change_password" smallint DEFAULT 0 NOT NULL,
	"real_name" varchar(50) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"academic_num" varchar(64) DEFAULT '' NOT NULL,
	"unit" varchar(100) DEFAULT '' NOT NULL,
	"identity" smallint,
	"grade" smallint,
	"source" varchar(10) NOT NULL,
	"source_id" integer,
	"last_login_at" bigint,
	"is_pause" smallint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);--> statement-breakpoint
CREATE TABLE "third_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"event_id" varchar(64) NOT NULL,
	"sub" varchar(64) NOT NULL,
	"event" varchar(12) NOT NULL,
	"score_given" double precision,
	"score_max" double precision,
	"occurred_at" bigint NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);--> statement-breakpoint
CREATE TABLE "third_launches" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);--> statement-breakpoint
-- The unique (org_id, id) indexes first: the composite foreign keys below point at them.
CREATE UNIQUE INDEX "activities_org_id_uq" ON "activities" USING btree ("org_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_groups_org_id_uq" ON "activity_groups" USING btree ("org_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "readers_org_id_uq" ON "readers" USING btree ("org_id","id");--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_group_items" ADD CONSTRAINT "activity_group_items_group_fk" FOREIGN KEY ("org_id","group_id") REFERENCES "public"."activity_groups"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_group_items" ADD CONSTRAINT "activity_group_items_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_groups" ADD CONSTRAINT "activity_groups_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_joins" ADD CONSTRAINT "activity_joins_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_joins" ADD CONSTRAINT "activity_joins_reader_fk" FOREIGN KEY ("org_id","reader_id") REFERENCES "public"."readers"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blacklists" ADD CONSTRAINT "blacklists_reader_fk" FOREIGN KEY ("org_id","reader_id") REFERENCES "public"."readers"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_settings" ADD CONSTRAINT "org_settings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readers" ADD CONSTRAINT "readers_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_events" ADD CONSTRAINT "third_events_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_launches" ADD CONSTRAINT "third_launches_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_org_type_list_idx" ON "activities" USING btree ("org_id","type","is_delete","created_at","id");--> statement-breakpoint
CREATE INDEX "activities_list_idx" ON "activities" USING btree ("is_delete","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_group_items_uq" ON "activity_group_items" USING btree ("group_id","act_id");--> statement-breakpoint
CREATE INDEX "activity_group_items_list_idx" ON "activity_group_items" USING btree ("org_id","group_id","sort","id");--> statement-breakpoint
CREATE INDEX "activity_groups_org_list_idx" ON "activity_groups" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_joins_act_reader_uq" ON "activity_joins" USING btree ("act_id","reader_id");--> statement-breakpoint
CREATE INDEX "activity_joins_list_idx" ON "activity_joins" USING btree ("org_id","act_id","created_at","id");--> statement-breakpoint
CREATE INDEX "blacklists_org_list_idx" ON "blacklists" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "blacklists_reader_idx" ON "blacklists" USING btree ("reader_id","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "org_settings_uq" ON "org_settings" USING btree ("org_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "reader_requests_uq" ON "reader_requests" USING btree ("reader_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "readers_org_account_uq" ON "readers" USING btree ("org_id","account");--> statement-breakpoint
CREATE UNIQUE INDEX "readers_source_uq" ON "readers" USING btree ("org_id","source","source_id");--> statement-breakpoint
CREATE INDEX "readers_org_list_idx" ON "readers" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "third_events_uq" ON "third_events" USING btree ("act_id","event_id");--> statement-breakpoint
CREATE INDEX "third_events_act_idx" ON "third_events" USING btree ("act_id","occurred_at");--> statement-breakpoint
CREATE INDEX "third_launches_act_idx" ON "third_launches" USING btree ("act_id","created_at");
