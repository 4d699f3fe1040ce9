CREATE TABLE "cert_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"issue_mode" varchar(10) DEFAULT 'manual' NOT NULL,
	"auto_rule" jsonb,
	"cert_no_pattern" varchar(40) NOT NULL,
	"expires_months" smallint DEFAULT 0 NOT NULL,
	"notify" smallint DEFAULT 1 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cert_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error" varchar(500) DEFAULT '' NOT NULL,
	"locked_until" bigint,
	"created_by" integer NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cert_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"bg_image" varchar(500) DEFAULT '' NOT NULL,
	"width_mm" smallint DEFAULT 297 NOT NULL,
	"height_mm" smallint DEFAULT 210 NOT NULL,
	"elements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED,
	"is_pause" smallint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"config_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"work_id" integer,
	"kind" varchar(16) NOT NULL,
	"award_level" varchar(20) DEFAULT '' NOT NULL,
	"cert_no" varchar(64) NOT NULL,
	"verify_code" varchar(12) NOT NULL,
	"fields" jsonb NOT NULL,
	"pdf_key" varchar(255),
	"issued_at" bigint NOT NULL,
	"expires_at" bigint,
	"revoked_at" bigint,
	"revoke_reason" varchar(200) DEFAULT '' NOT NULL,
	"replaced_by" integer,
	"verify_count" integer DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expert_act_works" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"expert_act_id" integer NOT NULL,
	"work_id" integer NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expert_acts" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"title" varchar(50) NOT NULL,
	"round" smallint DEFAULT 1 NOT NULL,
	"rubric" jsonb NOT NULL,
	"reviewers_per_work" smallint DEFAULT 3 NOT NULL,
	"assignment" varchar(10) DEFAULT 'auto' NOT NULL,
	"blind" smallint DEFAULT 1 NOT NULL,
	"can_see_other_reviews" varchar(16) DEFAULT 'never' NOT NULL,
	"text_required" smallint DEFAULT 0 NOT NULL,
	"start_at" bigint NOT NULL,
	"end_at" bigint NOT NULL,
	"expire_at" bigint,
	"aggregate" varchar(16) DEFAULT 'auto' NOT NULL,
	"disagreement_threshold" smallint DEFAULT 25 NOT NULL,
	"weights" jsonb DEFAULT '{"expert":100,"popular":0}'::jsonb NOT NULL,
	"published_at" bigint,
	"results" jsonb,
	"results_hash" varchar(64),
	"search" text GENERATED ALWAYS AS (lower(coalesce("title", ''))) STORED,
	"is_pause" smallint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expert_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"expert_act_id" integer NOT NULL,
	"expert_id" integer NOT NULL,
	"work_id" integer NOT NULL,
	"scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total" numeric(7, 2),
	"comment" text DEFAULT '' NOT NULL,
	"submitted_at" bigint,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experts" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"account" varchar(64) NOT NULL,
	"password_hash" varchar(255) NOT NULL,
	"name" varchar(50) NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"title" varchar(50) DEFAULT '' NOT NULL,
	"unit" varchar(100) DEFAULT '' NOT NULL,
	"unit_id" integer,
	"specialties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_login_at" bigint,
	"search" text GENERATED ALWAYS AS (lower(coalesce("name", '') || chr(31) || coalesce("account", '') || chr(31) || coalesce("phone", '') || chr(31) || coalesce("unit", ''))) STORED,
	"is_pause" smallint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cert_configs_org_id_uq" ON "cert_configs" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "cert_configs_act_uq" ON "cert_configs" USING btree ("act_id");
--> statement-breakpoint
CREATE INDEX "cert_jobs_queue_idx" ON "cert_jobs" USING btree ("status","created_at");
--> statement-breakpoint
CREATE INDEX "cert_jobs_act_idx" ON "cert_jobs" USING btree ("act_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "cert_templates_org_id_uq" ON "cert_templates" USING btree ("org_id","id");
--> statement-breakpoint
CREATE INDEX "cert_templates_org_list_idx" ON "cert_templates" USING btree ("org_id","created_at","id","search");
--> statement-breakpoint
CREATE INDEX "cert_templates_search_idx" ON "cert_templates" USING gin (keyword_grams("org_id", "search"));
--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_org_no_uq" ON "certificates" USING btree ("org_id","cert_no");
--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_code_uq" ON "certificates" USING btree ("verify_code");
--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_grant_uq" ON "certificates" USING btree ("config_id","reader_id","kind","award_level") WHERE "certificates"."revoked_at" is null;
--> statement-breakpoint
CREATE INDEX "certificates_act_list_idx" ON "certificates" USING btree ("org_id","act_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "certificates_reader_idx" ON "certificates" USING btree ("reader_id","issued_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "expert_act_works_uq" ON "expert_act_works" USING btree ("expert_act_id","work_id");
--> statement-breakpoint
CREATE INDEX "expert_act_works_work_idx" ON "expert_act_works" USING btree ("work_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "expert_acts_org_id_uq" ON "expert_acts" USING btree ("org_id","id");
--> statement-breakpoint
CREATE INDEX "expert_acts_org_list_idx" ON "expert_acts" USING btree ("org_id","created_at","id","search");
--> statement-breakpoint
CREATE INDEX "expert_acts_act_idx" ON "expert_acts" USING btree ("act_id");
--> statement-breakpoint
CREATE INDEX "expert_acts_search_idx" ON "expert_acts" USING gin (keyword_grams("org_id", "search"));
--> statement-breakpoint
CREATE UNIQUE INDEX "expert_assignments_uq" ON "expert_assignments" USING btree ("expert_act_id","expert_id","work_id");
--> statement-breakpoint
CREATE INDEX "expert_assignments_expert_idx" ON "expert_assignments" USING btree ("expert_id","created_at");
--> statement-breakpoint
CREATE INDEX "expert_assignments_work_idx" ON "expert_assignments" USING btree ("expert_act_id","work_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "experts_org_account_uq" ON "experts" USING btree ("org_id","account");
--> statement-breakpoint
CREATE UNIQUE INDEX "experts_org_id_uq" ON "experts" USING btree ("org_id","id");
--> statement-breakpoint
CREATE INDEX "experts_org_list_idx" ON "experts" USING btree ("org_id","created_at","id","search");
--> statement-breakpoint
CREATE INDEX "experts_search_idx" ON "experts" USING gin (keyword_grams("org_id", "search"));
--> statement-breakpoint
ALTER TABLE "cert_configs" ADD CONSTRAINT "cert_configs_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cert_configs" ADD CONSTRAINT "cert_configs_template_fk" FOREIGN KEY ("org_id","template_id") REFERENCES "public"."cert_templates"("org_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cert_jobs" ADD CONSTRAINT "cert_jobs_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cert_templates" ADD CONSTRAINT "cert_templates_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_config_fk" FOREIGN KEY ("org_id","config_id") REFERENCES "public"."cert_configs"("org_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_reader_fk" FOREIGN KEY ("org_id","reader_id") REFERENCES "public"."readers"("org_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "expert_act_works" ADD CONSTRAINT "expert_act_works_act_fk" FOREIGN KEY ("org_id","expert_act_id") REFERENCES "public"."expert_acts"("org_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "expert_act_works" ADD CONSTRAINT "expert_act_works_work_fk" FOREIGN KEY ("org_id","work_id") REFERENCES "public"."works"("org_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "expert_acts" ADD CONSTRAINT "expert_acts_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "expert_assignments" ADD CONSTRAINT "expert_assignments_act_fk" FOREIGN KEY ("org_id","expert_act_id") REFERENCES "public"."expert_acts"("org_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "expert_assignments" ADD CONSTRAINT "expert_assignments_expert_fk" FOREIGN KEY ("org_id","expert_id") REFERENCES "public"."experts"("org_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "expert_assignments" ADD CONSTRAINT "expert_assignments_work_fk" FOREIGN KEY ("org_id","work_id") REFERENCES "public"."works"("org_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_unit_id_organizations_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;
