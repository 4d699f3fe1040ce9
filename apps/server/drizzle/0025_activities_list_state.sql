DROP INDEX "activities_list_idx";--> statement-breakpoint
CREATE INDEX "activities_list_idx" ON "activities" USING btree ("is_delete","created_at","id","state","start_at","end_at");