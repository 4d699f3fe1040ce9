CREATE TABLE "audiobook_listens" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"day" date NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"title" varchar(50) NOT NULL,
	"kind" smallint NOT NULL,
	"style" smallint DEFAULT 1 NOT NULL,
	"albums" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_pause" smallint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_quick_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"content" varchar(500) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_pause" smallint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_pause" smallint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reading_show" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"kind" smallint DEFAULT 1 NOT NULL,
	"item_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audiobook_listens" ADD CONSTRAINT "audiobook_listens_resource_fk" FOREIGN KEY ("org_id","resource_id") REFERENCES "public"."digital_resources"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiobook_listens" ADD CONSTRAINT "audiobook_listens_reader_fk" FOREIGN KEY ("org_id","reader_id") REFERENCES "public"."readers"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_modules" ADD CONSTRAINT "home_modules_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_quick_replies" ADD CONSTRAINT "org_quick_replies_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_tags" ADD CONSTRAINT "org_tags_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_show" ADD CONSTRAINT "reading_show_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audiobook_listens_day_uq" ON "audiobook_listens" USING btree ("resource_id","reader_id","day");--> statement-breakpoint
CREATE INDEX "audiobook_listens_org_day_idx" ON "audiobook_listens" USING btree ("org_id","day");--> statement-breakpoint
CREATE INDEX "audiobook_listens_reader_idx" ON "audiobook_listens" USING btree ("reader_id");--> statement-breakpoint
CREATE INDEX "home_modules_org_list_idx" ON "home_modules" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "home_modules_org_sort_idx" ON "home_modules" USING btree ("org_id","sort","id");--> statement-breakpoint
CREATE INDEX "org_quick_replies_org_list_idx" ON "org_quick_replies" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "org_tags_org_list_idx" ON "org_tags" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reading_show_item_uq" ON "reading_show" USING btree ("org_id","kind","item_id");--> statement-breakpoint
CREATE INDEX "reading_show_org_list_idx" ON "reading_show" USING btree ("org_id","created_at","id");