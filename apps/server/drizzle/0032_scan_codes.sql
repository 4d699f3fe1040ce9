CREATE TABLE "scan_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"count" integer NOT NULL,
	"points" integer NOT NULL,
	"max_scans" integer DEFAULT 1 NOT NULL,
	"per_reader_limit" integer DEFAULT 1 NOT NULL,
	"per_reader_daily" integer DEFAULT 0 NOT NULL,
	"valid_from" bigint,
	"valid_to" bigint,
	"geo_lng" double precision,
	"geo_lat" double precision,
	"geo_radius_m" integer,
	"secret" varchar(64) NOT NULL,
	"status" varchar(8) DEFAULT 'active' NOT NULL,
	"voided_at" bigint,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"code" varchar(16) NOT NULL,
	"scans_used" integer DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"act_id" integer,
	"batch_id" integer,
	"code_id" integer,
	"reader_id" integer NOT NULL,
	"code" varchar(16) DEFAULT '' NOT NULL,
	"result" varchar(16) NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"nonce" varchar(64) NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"lng" double precision,
	"lat" double precision,
	"day" integer NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now())::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_reader_counts" (
	"subject" varchar(4) NOT NULL,
	"ref_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"day" integer DEFAULT 0 NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "scan_reader_counts_pk" PRIMARY KEY("subject","ref_id","reader_id","day")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "scan_batches_org_id_uq" ON "scan_batches" USING btree ("org_id","id");--> statement-breakpoint
ALTER TABLE "scan_batches" ADD CONSTRAINT "scan_batches_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_codes" ADD CONSTRAINT "scan_codes_batch_fk" FOREIGN KEY ("org_id","batch_id") REFERENCES "public"."scan_batches"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_logs" ADD CONSTRAINT "scan_logs_act_fk" FOREIGN KEY ("org_id","act_id") REFERENCES "public"."activities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_logs" ADD CONSTRAINT "scan_logs_reader_fk" FOREIGN KEY ("org_id","reader_id") REFERENCES "public"."readers"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_batches_org_list_idx" ON "scan_batches" USING btree ("org_id","act_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_codes_org_id_uq" ON "scan_codes" USING btree ("org_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_codes_code_uq" ON "scan_codes" USING btree ("org_id","code");--> statement-breakpoint
CREATE INDEX "scan_codes_org_list_idx" ON "scan_codes" USING btree ("org_id","batch_id","created_at","id");--> statement-breakpoint
CREATE INDEX "scan_logs_org_list_idx" ON "scan_logs" USING btree ("org_id","act_id","created_at","id");--> statement-breakpoint
CREATE INDEX "scan_logs_act_reader_idx" ON "scan_logs" USING btree ("act_id","reader_id") WHERE result = 'ok';