DROP INDEX "managers_org_created_idx";--> statement-breakpoint
DROP INDEX "org_users_org_created_idx";--> statement-breakpoint
DROP INDEX "students_org_created_idx";--> statement-breakpoint
ALTER TABLE "managers" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(coalesce("account", '') || chr(31) || coalesce("real_name", '') || chr(31) || coalesce("phone", ''))) STORED;--> statement-breakpoint
ALTER TABLE "org_users" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(coalesce("real_name", '') || chr(31) || coalesce("academic_num", ''))) STORED;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(coalesce("name", '') || chr(31) || coalesce("account", ''))) STORED;--> statement-breakpoint
CREATE INDEX "managers_org_list_idx" ON "managers" USING btree ("org_id","created_at","id","search");--> statement-breakpoint
CREATE INDEX "org_users_org_list_idx" ON "org_users" USING btree ("org_id","created_at","id","search");--> statement-breakpoint
CREATE INDEX "students_org_list_idx" ON "students" USING btree ("org_id","created_at","id","search");