CREATE TABLE "carousel" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"image" varchar(500) NOT NULL,
	"title" varchar(100) NOT NULL,
	"link" varchar(500) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_pause" smallint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digital_group_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digital_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"cover" varchar(500) DEFAULT '' NOT NULL,
	"intro" varchar(500) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_pause" smallint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digital_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"kind" smallint NOT NULL,
	"cover" varchar(500) DEFAULT '' NOT NULL,
	"author" varchar(50) DEFAULT '' NOT NULL,
	"link" varchar(500) DEFAULT '' NOT NULL,
	"file" varchar(500) DEFAULT '' NOT NULL,
	"intro" varchar(1000) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_pause" smallint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
-- The unique (org_id, id) indexes first: the composite foreign keys below point at them.
CREATE UNIQUE INDEX "digital_groups_org_id_uq" ON "digital_groups" USING btree ("org_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "digital_resources_org_id_uq" ON "digital_resources" USING btree ("org_id","id");--> statement-breakpoint
ALTER TABLE "carousel" ADD CONSTRAINT "carousel_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_group_resources" ADD CONSTRAINT "digital_group_resources_group_fk" FOREIGN KEY ("org_id","group_id") REFERENCES "public"."digital_groups"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_group_resources" ADD CONSTRAINT "digital_group_resources_resource_fk" FOREIGN KEY ("org_id","resource_id") REFERENCES "public"."digital_resources"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_groups" ADD CONSTRAINT "digital_groups_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_resources" ADD CONSTRAINT "digital_resources_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carousel_org_list_idx" ON "carousel" USING btree ("org_id","sort","id");--> statement-breakpoint
CREATE INDEX "carousel_org_created_idx" ON "carousel" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "digital_group_resources_uq" ON "digital_group_resources" USING btree ("group_id","resource_id");--> statement-breakpoint
CREATE INDEX "digital_group_resources_list_idx" ON "digital_group_resources" USING btree ("org_id","group_id","sort","id");--> statement-breakpoint
CREATE INDEX "digital_groups_org_list_idx" ON "digital_groups" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "digital_resources_org_list_idx" ON "digital_resources" USING btree ("org_id","created_at","id");
