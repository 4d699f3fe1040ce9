CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer,
	"kind" varchar(16) NOT NULL,
	"key" varchar(255) NOT NULL,
	"name" varchar(255) DEFAULT '' NOT NULL,
	"ext" varchar(10) NOT NULL,
	"mime" varchar(100) NOT NULL,
	"size" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"duration" double precision,
	"creator_kind" varchar(10) NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_jobs" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"org_id" integer,
	"name" varchar(255) DEFAULT '' NOT NULL,
	"size" bigint NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"auth_hash" varchar(64) NOT NULL,
	"auth_expires_at" bigint NOT NULL,
	"status" varchar(10) DEFAULT 'uploading' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" varchar(500) DEFAULT '' NOT NULL,
	"locked_until" bigint,
	"file_id" integer,
	"cover_file_id" integer,
	"creator_kind" varchar(10) NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_jobs" ADD CONSTRAINT "video_jobs_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_jobs" ADD CONSTRAINT "video_jobs_cover_file_id_files_id_fk" FOREIGN KEY ("cover_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "files_key_uq" ON "files" USING btree ("key");--> statement-breakpoint
CREATE INDEX "files_org_idx" ON "files" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "video_jobs_queue_idx" ON "video_jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "video_jobs_org_idx" ON "video_jobs" USING btree ("org_id","created_at");