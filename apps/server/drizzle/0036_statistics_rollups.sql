CREATE TABLE "stat_marks" (
	"source" varchar(24) PRIMARY KEY NOT NULL,
	"done_id" bigint DEFAULT 0 NOT NULL,
	"candidate" bigint,
	"running" text[]
);
--> statement-breakpoint
CREATE TABLE "stat_reader_months" (
	"org_id" integer NOT NULL,
	"month" varchar(7) NOT NULL,
	"reader_id" integer NOT NULL,
	CONSTRAINT "stat_reader_months_pk" PRIMARY KEY("org_id","month","reader_id")
);
--> statement-breakpoint
CREATE TABLE "stat_rollups" (
	"org_id" integer NOT NULL,
	"month" varchar(7) NOT NULL,
	"metric" varchar(8) NOT NULL,
	"type" smallint NOT NULL,
	"act_id" integer NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "stat_rollups_pk" PRIMARY KEY("org_id","metric","month","type","act_id")
);
--> statement-breakpoint
CREATE TABLE "stat_stale" (
	"org_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stat_rollups_act_idx" ON "stat_rollups" USING btree ("act_id");