CREATE TABLE "point_accounts" (
	"org_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"earned" integer DEFAULT 0 NOT NULL,
	"spent" integer DEFAULT 0 NOT NULL,
	"expired" integer DEFAULT 0 NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	CONSTRAINT "point_accounts_pk" PRIMARY KEY("org_id","reader_id")
);
--> statement-breakpoint
CREATE TABLE "point_act_totals" (
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	CONSTRAINT "point_act_totals_pk" PRIMARY KEY("act_id","reader_id")
);
--> statement-breakpoint
CREATE TABLE "point_counters" (
	"org_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"scope" varchar(80) NOT NULL,
	"n" integer NOT NULL,
	"cap" integer NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	CONSTRAINT "point_counters_pk" PRIMARY KEY("org_id","reader_id","scope")
);
--> statement-breakpoint
CREATE TABLE "point_txns" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"rule_key" varchar(40) NOT NULL,
	"source_type" varchar(20) DEFAULT '' NOT NULL,
	"source_id" varchar(64) DEFAULT '' NOT NULL,
	"act_id" integer,
	"idem_key" varchar(160) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"expires_at" bigint,
	"operator_id" integer,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "point_accounts" ADD CONSTRAINT "point_accounts_reader_fk" FOREIGN KEY ("org_id","reader_id") REFERENCES "public"."readers"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_txns" ADD CONSTRAINT "point_txns_reader_fk" FOREIGN KEY ("org_id","reader_id") REFERENCES "public"."readers"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "point_accounts_balance_idx" ON "point_accounts" USING btree ("org_id","balance" DESC NULLS LAST,"reader_id");--> statement-breakpoint
CREATE INDEX "point_act_totals_rank_idx" ON "point_act_totals" USING btree ("act_id","points" DESC NULLS LAST,"updated_at");--> statement-breakpoint
CREATE INDEX "point_counters_created_idx" ON "point_counters" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "point_txns_idem_uq" ON "point_txns" USING btree ("org_id","reader_id","idem_key");--> statement-breakpoint
CREATE INDEX "point_txns_reader_idx" ON "point_txns" USING btree ("org_id","reader_id","id");--> statement-breakpoint
CREATE INDEX "point_txns_org_list_idx" ON "point_txns" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "point_txns_pending_idx" ON "point_txns" USING btree ("org_id","id") WHERE status = 0;--> statement-breakpoint
CREATE INDEX "point_txns_expiring_idx" ON "point_txns" USING btree ("expires_at") WHERE expires_at is not null and status = 1 and delta > 0;