CREATE INDEX "managers_search_idx" ON "managers" USING gin (keyword_grams("org_id", "search"));--> statement-breakpoint
CREATE INDEX "org_users_search_idx" ON "org_users" USING gin (keyword_grams("org_id", "search"));--> statement-breakpoint
CREATE INDEX "students_search_idx" ON "students" USING gin (keyword_grams("org_id", "search"));
