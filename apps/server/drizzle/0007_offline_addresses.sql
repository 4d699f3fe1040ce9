CREATE TABLE "offline_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"region" jsonb NOT NULL,
	"address" varchar(255) NOT NULL,
	"room" varchar(50) DEFAULT '' NOT NULL,
	"capacity" integer NOT NULL,
	"contact" varchar(50) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"is_pause" smallint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offline_addresses" ADD CONSTRAINT "offline_addresses_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offline_addresses_org_id_uq" ON "offline_addresses" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "offline_addresses_org_list_idx" ON "offline_addresses" USING btree ("org_id","created_at","id");