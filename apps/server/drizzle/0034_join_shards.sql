CREATE TABLE "activity_join_shards" (
	"act_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_join_shards_pk" PRIMARY KEY("act_id","shard")
);
--> statement-breakpoint
ALTER TABLE "activity_join_shards" ADD CONSTRAINT "activity_join_shards_act_id_activities_id_fk" FOREIGN KEY ("act_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;