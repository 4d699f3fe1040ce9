CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(40) NOT NULL,
	"key" varchar(200),
	"org_id" integer,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"run_at" bigint NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"locked_until" bigint,
	"locked_by" varchar(64),
	"error" varchar(500) DEFAULT '' NOT NULL,
	"finished_at" bigint,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_open_key_uq" ON "jobs" USING btree ("key") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at","id") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_status_idx" ON "jobs" USING btree ("status","updated_at","id");--> statement-breakpoint
-- Work waiting in the old per-kind queues moves to the runner before their lease columns go.
INSERT INTO "jobs" ("kind", "key", "org_id", "payload", "run_at", "max_attempts")
  SELECT 'video', 'video:' || "id", "org_id", jsonb_build_object('id', "id"), (extract(epoch from now()) * 1000)::bigint, 3
  FROM "video_jobs" WHERE "status" IN ('queued', 'running');--> statement-breakpoint
UPDATE "video_jobs" SET "status" = 'queued' WHERE "status" = 'running';--> statement-breakpoint
INSERT INTO "jobs" ("kind", "key", "org_id", "payload", "run_at", "max_attempts")
  SELECT 'cert.send', 'cert.send:' || "id", "org_id", jsonb_build_object('id', "id"), (extract(epoch from now()) * 1000)::bigint, 3
  FROM "cert_jobs" WHERE "status" IN ('queued', 'running');--> statement-breakpoint
UPDATE "cert_jobs" SET "status" = 'queued' WHERE "status" = 'running';--> statement-breakpoint
ALTER TABLE "cert_jobs" DROP COLUMN "locked_until";--> statement-breakpoint
ALTER TABLE "video_jobs" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "video_jobs" DROP COLUMN "locked_until";