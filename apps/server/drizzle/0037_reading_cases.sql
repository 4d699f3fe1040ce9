CREATE TABLE "reading_case_hits" (
	"case_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"day" varchar(10) NOT NULL,
	"who" varchar(80) NOT NULL,
	CONSTRAINT "reading_case_hits_case_id_kind_day_who_pk" PRIMARY KEY("case_id","kind","day","who")
);
--> statement-breakpoint
CREATE TABLE "reading_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer,
	"title" varchar(100) NOT NULL,
	"cover" varchar(500) NOT NULL,
	"category" smallint NOT NULL,
	"origination" varchar(100) DEFAULT '' NOT NULL,
	"awardSituation" varchar(200) DEFAULT '' NOT NULL,
	"certificate" varchar(500) DEFAULT '' NOT NULL,
	"address" varchar(500) NOT NULL,
	"profile" varchar(1000) DEFAULT '' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"download" integer DEFAULT 0 NOT NULL,
	"is_rec" smallint DEFAULT 0 NOT NULL,
	"rec_at" bigint,
	"is_pause" smallint DEFAULT 0 NOT NULL,
	"is_delete" smallint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reading_case_hits" ADD CONSTRAINT "reading_case_hits_case_id_reading_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."reading_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_cases" ADD CONSTRAINT "reading_cases_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reading_cases_org_list_idx" ON "reading_cases" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "reading_cases_platform_list_idx" ON "reading_cases" USING btree ("created_at","id") WHERE "reading_cases"."org_id" is null;