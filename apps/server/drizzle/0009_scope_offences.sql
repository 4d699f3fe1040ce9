CREATE TABLE "activity_readers" (
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	CONSTRAINT "activity_readers_pk" PRIMARY KEY("act_id","reader_id")
);
--> statement-breakpoint
CREATE TABLE "reader_offences" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"act_id" integer,
	"act_type" smallint,
	"ref" varchar(64) DEFAULT '' NOT NULL,
	"outcome" smallint DEFAULT 0 NOT NULL,
	"blacklist_id" integer,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blacklists" ADD COLUMN "offence_kind" varchar(32);--> statement-breakpoint
ALTER TABLE "readers" ADD COLUMN "unit_id" integer;--> statement-breakpoint
ALTER TABLE "activity_readers" ADD CONSTRAINT "activity_readers_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_readers" ADD CONSTRAINT "activity_readers_reader_fk" FOREIGN KEY ("org_id","reader_id") REFERENCES "public"."readers"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_offences" ADD CONSTRAINT "reader_offences_blacklist_id_blacklists_id_fk" FOREIGN KEY ("blacklist_id") REFERENCES "public"."blacklists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_offences" ADD CONSTRAINT "reader_offences_reader_fk" FOREIGN KEY ("org_id","reader_id") REFERENCES "public"."readers"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_offences" ADD CONSTRAINT "reader_offences_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_readers_reader_idx" ON "activity_readers" USING btree ("reader_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reader_offences_ref_uq" ON "reader_offences" USING btree ("reader_id","kind","ref") WHERE "reader_offences"."ref" <> '';--> statement-breakpoint
CREATE INDEX "reader_offences_count_idx" ON "reader_offences" USING btree ("reader_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "reader_offences_org_list_idx" ON "reader_offences" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "reader_offences_blacklist_idx" ON "reader_offences" USING btree ("blacklist_id");--> statement-breakpoint
ALTER TABLE "readers" ADD CONSTRAINT "readers_unit_id_organizations_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "readers_unit_idx" ON "readers" USING btree ("unit_id");