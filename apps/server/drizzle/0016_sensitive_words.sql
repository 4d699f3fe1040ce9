CREATE TABLE "org_sensitive_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"word" varchar(50) NOT NULL,
	"level" varchar(8) NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sensitive_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"word" varchar(50) NOT NULL,
	"level" varchar(8) NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "auto_result" varchar(8) DEFAULT 'pass' NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "auto_words" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "auto_result" varchar(8) DEFAULT 'pass' NOT NULL;--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "auto_words" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "org_sensitive_words" ADD CONSTRAINT "org_sensitive_words_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "org_sensitive_words_word_uq" ON "org_sensitive_words" USING btree ("org_id","word");--> statement-breakpoint
CREATE INDEX "org_sensitive_words_list_idx" ON "org_sensitive_words" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sensitive_words_word_uq" ON "sensitive_words" USING btree ("word");--> statement-breakpoint
CREATE INDEX "sensitive_words_list_idx" ON "sensitive_words" USING btree ("created_at","id");