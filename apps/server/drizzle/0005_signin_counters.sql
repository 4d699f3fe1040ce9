-- Sign-in attempts and verification codes are counted per key in one statement (issue 9).
DROP TABLE IF EXISTS "login_failures";--> statement-breakpoint
CREATE TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"n" integer NOT NULL,
	"reset_at" bigint NOT NULL
);--> statement-breakpoint
CREATE INDEX "rate_counters_reset_idx" ON "rate_counters" USING btree ("reset_at");--> statement-breakpoint
ALTER TABLE "captchas" ADD COLUMN "ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "captchas_ip_idx" ON "captchas" USING btree ("ip","expires_at");--> statement-breakpoint
CREATE INDEX "captchas_expires_idx" ON "captchas" USING btree ("expires_at");
