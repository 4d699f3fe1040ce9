CREATE TABLE "vote_address_days" (
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"day" varchar(8) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"source_id" integer NOT NULL,
	"valid" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vote_address_days_act_id_day_ip_source_id_pk" PRIMARY KEY("act_id","day","ip","source_id")
);
--> statement-breakpoint
CREATE TABLE "vote_days" (
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"day" varchar(8) NOT NULL,
	"slot" smallint NOT NULL,
	"valid" integer DEFAULT 0 NOT NULL,
	"suspect" integer DEFAULT 0 NOT NULL,
	"voters" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vote_days_act_id_day_slot_pk" PRIMARY KEY("act_id","day","slot")
);
--> statement-breakpoint
CREATE TABLE "vote_reader_days" (
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"day" varchar(8) NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	"last_at" bigint NOT NULL,
	CONSTRAINT "vote_reader_days_act_id_reader_id_day_pk" PRIMARY KEY("act_id","reader_id","day")
);
--> statement-breakpoint
ALTER TABLE "vote_address_days" ADD CONSTRAINT "vote_address_days_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_days" ADD CONSTRAINT "vote_days_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_reader_days" ADD CONSTRAINT "vote_reader_days_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_reader_days" ADD CONSTRAINT "vote_reader_days_reader_fk" FOREIGN KEY ("org_id","reader_id") REFERENCES "public"."readers"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The tallies of the votes cast before (voting/tallies.ts; 8 = VOTE_DAY_SLOTS).
INSERT INTO "vote_days" ("org_id", "act_id", "day", "slot", "valid", "suspect", "voters")
SELECT "org_id", "act_id", "day", ("reader_id" % 8)::smallint, count(*) FILTER (WHERE "status" = 'valid'), count(*) FILTER (WHERE "status" = 'suspect'), count(DISTINCT "reader_id")
FROM "votes" GROUP BY "org_id", "act_id", "day", "reader_id" % 8;--> statement-breakpoint
INSERT INTO "vote_days" ("org_id", "act_id", "day", "slot", "valid", "suspect", "voters")
SELECT "org_id", "act_id", '', ("reader_id" % 8)::smallint, 0, 0, count(DISTINCT "reader_id")
FROM "votes" GROUP BY "org_id", "act_id", "reader_id" % 8;--> statement-breakpoint
INSERT INTO "vote_reader_days" ("org_id", "act_id", "reader_id", "day", "votes", "last_at")
SELECT "org_id", "act_id", "reader_id", "day", count(*), max("created_at") FROM "votes" GROUP BY "org_id", "act_id", "reader_id", "day";--> statement-breakpoint
INSERT INTO "vote_address_days" ("org_id", "act_id", "day", "ip", "source_id", "valid")
SELECT "org_id", "act_id", "day", "ip", 0, count(*) FROM "votes" WHERE "status" = 'valid' GROUP BY "org_id", "act_id", "day", "ip"
UNION ALL
SELECT "org_id", "act_id", "day", "ip", "source_id", count(*) FROM "votes" WHERE "status" = 'valid' GROUP BY "org_id", "act_id", "day", "ip", "source_id";
