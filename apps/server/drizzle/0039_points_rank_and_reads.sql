DROP INDEX "point_accounts_balance_idx";--> statement-breakpoint
ALTER TABLE "point_accounts" ADD COLUMN "created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL;--> statement-breakpoint
CREATE INDEX "read_clock_marks_day_list_idx" ON "read_clock_marks" USING btree ("org_id","act_id","day","created_at","id");--> statement-breakpoint
CREATE INDEX "point_accounts_rank_idx" ON "point_accounts" USING btree ("org_id","balance" DESC NULLS FIRST,"reader_id" DESC NULLS FIRST);