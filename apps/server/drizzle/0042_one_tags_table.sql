DROP INDEX "tags_name_uq";--> statement-breakpoint
ALTER TABLE "quick_replies" ADD COLUMN "org_id" integer;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "org_id" integer;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "tag_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "quick_replies" ADD CONSTRAINT "quick_replies_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "tags" ("org_id", "name", "sort", "is_pause", "created_at", "updated_at") SELECT "org_id", "name", "sort", "is_pause", "created_at", "updated_at" FROM "org_tags" ORDER BY "id";--> statement-breakpoint
INSERT INTO "quick_replies" ("org_id", "content", "sort", "is_pause", "created_at", "updated_at") SELECT "org_id", "content", "sort", "is_pause", "created_at", "updated_at" FROM "org_quick_replies" ORDER BY "id";--> statement-breakpoint
DROP TABLE "org_quick_replies" CASCADE;--> statement-breakpoint
DROP TABLE "org_tags" CASCADE;--> statement-breakpoint
CREATE INDEX "quick_replies_org_list_idx" ON "quick_replies" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tags_org_list_idx" ON "tags" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "activities_tag_ids_idx" ON "activities" USING gin ("tag_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_uq" ON "tags" USING btree ("name") WHERE "tags"."org_id" is null;
