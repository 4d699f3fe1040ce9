CREATE TABLE "redpack_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"config_id" integer NOT NULL,
	"total_fen" integer NOT NULL,
	"count" integer NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"requested_by" integer NOT NULL,
	"decided_by" integer,
	"decided_at" bigint,
	"reason" varchar(100) DEFAULT '' NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redpack_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"mode" varchar(10) DEFAULT 'fixed' NOT NULL,
	"amount_fen" integer DEFAULT 0 NOT NULL,
	"min_fen" integer DEFAULT 0 NOT NULL,
	"max_fen" integer DEFAULT 0 NOT NULL,
	"rank_table" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"trigger" varchar(10) DEFAULT 'award' NOT NULL,
	"budget_fen" integer NOT NULL,
	"daily_budget_fen" integer DEFAULT 0 NOT NULL,
	"per_user_max" integer DEFAULT 1 NOT NULL,
	"reserved_fen" integer DEFAULT 0 NOT NULL,
	"remark" varchar(32) DEFAULT '' NOT NULL,
	"is_pause" smallint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redpack_counters" (
	"config_id" integer NOT NULL,
	"scope" varchar(40) NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "redpack_counters_pk" PRIMARY KEY("config_id","scope")
);
--> statement-breakpoint
CREATE TABLE "redpack_openids" (
	"org_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"appid" varchar(32) NOT NULL,
	"openid" varchar(64) NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	CONSTRAINT "redpack_openids_pk" PRIMARY KEY("org_id","reader_id","appid")
);
--> statement-breakpoint
CREATE TABLE "redpack_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"config_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"batch_id" integer,
	"award_key" varchar(80) NOT NULL,
	"trigger" varchar(10) NOT NULL,
	"amount_fen" integer NOT NULL,
	"openid" varchar(64) DEFAULT '' NOT NULL,
	"out_bill_no" varchar(32) DEFAULT '' NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"transfer_bill_no" varchar(64) DEFAULT '' NOT NULL,
	"reward_status" smallint DEFAULT 1 NOT NULL,
	"wepay_status" varchar(16) DEFAULT '' NOT NULL,
	"return_code" varchar(40) DEFAULT '' NOT NULL,
	"err_msg" varchar(200) DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"reserved_fen" integer DEFAULT 0 NOT NULL,
	"reserved_day" varchar(10) DEFAULT '' NOT NULL,
	"sent_at" bigint,
	"received_at" bigint,
	"refunded_at" bigint,
	"reconciled_at" bigint,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "redpack_batches_org_id_uq" ON "redpack_batches" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "redpack_batches_org_list_idx" ON "redpack_batches" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "redpack_configs_org_id_uq" ON "redpack_configs" USING btree ("org_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "redpack_configs_act_uq" ON "redpack_configs" USING btree ("org_id","act_id");--> statement-breakpoint
CREATE INDEX "redpack_configs_org_list_idx" ON "redpack_configs" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "redpack_payouts_org_id_uq" ON "redpack_payouts" USING btree ("org_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "redpack_payouts_award_uq" ON "redpack_payouts" USING btree ("config_id","reader_id","award_key");--> statement-breakpoint
CREATE UNIQUE INDEX "redpack_payouts_bill_uq" ON "redpack_payouts" USING btree ("out_bill_no") WHERE out_bill_no <> '';--> statement-breakpoint
CREATE INDEX "redpack_payouts_org_list_idx" ON "redpack_payouts" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "redpack_payouts_act_idx" ON "redpack_payouts" USING btree ("org_id","act_id","created_at");--> statement-breakpoint
CREATE INDEX "redpack_payouts_reader_idx" ON "redpack_payouts" USING btree ("org_id","reader_id","id");--> statement-breakpoint
ALTER TABLE "redpack_batches" ADD CONSTRAINT "redpack_batches_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redpack_batches" ADD CONSTRAINT "redpack_batches_config_fk" FOREIGN KEY ("org_id","config_id") REFERENCES "public"."redpack_configs"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redpack_configs" ADD CONSTRAINT "redpack_configs_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redpack_configs" ADD CONSTRAINT "redpack_configs_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redpack_counters" ADD CONSTRAINT "redpack_counters_config_id_redpack_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."redpack_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redpack_openids" ADD CONSTRAINT "redpack_openids_reader_fk" FOREIGN KEY ("org_id","reader_id") REFERENCES "public"."readers"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redpack_payouts" ADD CONSTRAINT "redpack_payouts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redpack_payouts" ADD CONSTRAINT "redpack_payouts_config_fk" FOREIGN KEY ("org_id","config_id") REFERENCES "public"."redpack_configs"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redpack_payouts" ADD CONSTRAINT "redpack_payouts_reader_fk" FOREIGN KEY ("org_id","reader_id") REFERENCES "public"."readers"("org_id","id") ON DELETE cascade ON UPDATE no action;