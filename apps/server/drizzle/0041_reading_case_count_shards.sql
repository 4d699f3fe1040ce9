CREATE TABLE "reading_case_shards" (
	"case_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"download" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reading_case_shards_pk" PRIMARY KEY("case_id","shard")
);
--> statement-breakpoint
ALTER TABLE "reading_case_shards" ADD CONSTRAINT "reading_case_shards_case_id_reading_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."reading_cases"("id") ON DELETE cascade ON UPDATE no action;