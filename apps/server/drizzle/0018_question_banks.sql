CREATE TABLE "question_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"description" varchar(255) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_pause" smallint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer,
	"bank_id" integer GENERATED ALWAYS AS (coalesce("org_id", 0)) STORED NOT NULL,
	"category_id" integer,
	"type" smallint NOT NULL,
	"difficulty" smallint DEFAULT 3 NOT NULL,
	"stem" text NOT NULL,
	"stem_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" text NOT NULL,
	"analysis" text DEFAULT '' NOT NULL,
	"default_score" smallint DEFAULT 5 NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source_book" varchar(100) DEFAULT '' NOT NULL,
	"stem_key" text NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"answered_count" integer DEFAULT 0 NOT NULL,
	"correct_count" integer DEFAULT 0 NOT NULL,
	"copied_from" integer,
	"creator_kind" varchar(10) DEFAULT '' NOT NULL,
	"created_by" integer,
	"is_delete" smallint DEFAULT 0 NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("stem", '') || chr(31) || coalesce("source_book", ''))) STORED,
	"is_pause" smallint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "question_categories" ADD CONSTRAINT "question_categories_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "question_categories_org_name_uq" ON "question_categories" USING btree ("org_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "question_categories_org_id_uq" ON "question_categories" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "question_categories_org_list_idx" ON "question_categories" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "questions_list_idx" ON "questions" USING btree ("org_id","is_delete","created_at","id","type","difficulty","category_id","is_pause");--> statement-breakpoint
CREATE INDEX "questions_category_idx" ON "questions" USING btree ("org_id","category_id","is_delete","created_at","id");--> statement-breakpoint
CREATE INDEX "questions_draw_idx" ON "questions" USING btree ("bank_id","type","category_id","difficulty","id") WHERE "questions"."is_pause" = 0 and "questions"."is_delete" = 0;--> statement-breakpoint
CREATE INDEX "questions_stem_len_idx" ON "questions" USING btree ("bank_id",char_length("stem_key")) WHERE "questions"."is_delete" = 0;--> statement-breakpoint
CREATE INDEX "questions_copied_idx" ON "questions" USING btree ("org_id","copied_from") WHERE "questions"."copied_from" is not null;--> statement-breakpoint
CREATE INDEX "questions_search_idx" ON "questions" USING gin (keyword_grams("bank_id", "search"));