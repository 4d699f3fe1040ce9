CREATE TABLE "offline_checkins" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"reservation_id" integer,
	"reader_id" integer,
	"type" smallint NOT NULL,
	"method" varchar(8) NOT NULL,
	"result" varchar(24) NOT NULL,
	"nonce" varchar(64) NOT NULL,
	"manager_id" integer,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offline_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"seats" smallint DEFAULT 1 NOT NULL,
	"companions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(12) NOT NULL,
	"series_ref" varchar(36),
	"waitlisted_at" bigint,
	"offer_expires_at" bigint,
	"ticket_secret" varchar(32) NOT NULL,
	"checked_in_at" bigint,
	"checked_out_at" bigint,
	"checkin_method" varchar(8),
	"cancelled_at" bigint,
	"cancel_reason" varchar(255) DEFAULT '' NOT NULL,
	"booked_by" integer,
	"reviewed_at" bigint,
	"review_reason" varchar(255) DEFAULT '' NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offline_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"session_id" integer,
	"kind" varchar(8) NOT NULL,
	"title" varchar(200) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"url" varchar(500) DEFAULT '' NOT NULL,
	"video_job_id" integer,
	"size" integer DEFAULT 0 NOT NULL,
	"is_show" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offline_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"speaker" varchar(50) DEFAULT '' NOT NULL,
	"start_at" bigint NOT NULL,
	"end_at" bigint NOT NULL,
	"venue_id" integer,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"waiting" integer DEFAULT 0 NOT NULL,
	"checked_in" integer DEFAULT 0 NOT NULL,
	"signup_start_at" bigint,
	"signup_end_at" bigint,
	"checkin_secret" varchar(32) NOT NULL,
	"closed_at" bigint,
	"is_delete" smallint DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_pause" smallint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "variant" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "offline_addresses" ADD COLUMN "lng" double precision;
--> statement-breakpoint
ALTER TABLE "offline_addresses" ADD COLUMN "lat" double precision;
--> statement-breakpoint
CREATE UNIQUE INDEX "offline_checkins_nonce_uq" ON "offline_checkins" USING btree ("org_id","nonce");
--> statement-breakpoint
CREATE UNIQUE INDEX "offline_reservations_org_id_uq" ON "offline_reservations" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "offline_reservations_active_uq" ON "offline_reservations" USING btree ("session_id","reader_id") WHERE status in ('pending', 'confirmed', 'offered', 'waitlisted');
--> statement-breakpoint
CREATE UNIQUE INDEX "offline_reservations_ticket_uq" ON "offline_reservations" USING btree ("ticket_secret");
--> statement-breakpoint
CREATE UNIQUE INDEX "offline_reviews_org_id_uq" ON "offline_reviews" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "offline_sessions_org_id_uq" ON "offline_sessions" USING btree ("org_id","id");
--> statement-breakpoint
ALTER TABLE "offline_checkins" ADD CONSTRAINT "offline_checkins_session_fk" FOREIGN KEY ("org_id","session_id") REFERENCES "public"."offline_sessions"("org_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "offline_reservations" ADD CONSTRAINT "offline_reservations_session_fk" FOREIGN KEY ("org_id","session_id") REFERENCES "public"."offline_sessions"("org_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "offline_reservations" ADD CONSTRAINT "offline_reservations_reader_fk" FOREIGN KEY ("org_id","reader_id") REFERENCES "public"."readers"("org_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "offline_reviews" ADD CONSTRAINT "offline_reviews_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "offline_sessions" ADD CONSTRAINT "offline_sessions_venue_id_offline_addresses_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."offline_addresses"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "offline_sessions" ADD CONSTRAINT "offline_sessions_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "offline_checkins_session_idx" ON "offline_checkins" USING btree ("session_id","created_at");
--> statement-breakpoint
CREATE INDEX "offline_reservations_org_list_idx" ON "offline_reservations" USING btree ("org_id","act_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "offline_reservations_session_idx" ON "offline_reservations" USING btree ("session_id","status","id");
--> statement-breakpoint
CREATE INDEX "offline_reservations_line_idx" ON "offline_reservations" USING btree ("session_id","waitlisted_at","id") WHERE status = 'waitlisted';
--> statement-breakpoint
CREATE INDEX "offline_reservations_offer_idx" ON "offline_reservations" USING btree ("offer_expires_at") WHERE status = 'offered';
--> statement-breakpoint
CREATE INDEX "offline_reservations_reader_idx" ON "offline_reservations" USING btree ("reader_id","created_at");
--> statement-breakpoint
CREATE INDEX "offline_reviews_list_idx" ON "offline_reviews" USING btree ("org_id","act_id","kind","sort","id");
--> statement-breakpoint
CREATE INDEX "offline_sessions_org_list_idx" ON "offline_sessions" USING btree ("org_id","act_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "offline_sessions_act_start_idx" ON "offline_sessions" USING btree ("act_id","start_at");
--> statement-breakpoint
CREATE INDEX "offline_sessions_open_idx" ON "offline_sessions" USING btree ("end_at") WHERE closed_at is null and is_delete = 0;