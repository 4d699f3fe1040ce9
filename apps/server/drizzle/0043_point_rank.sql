CREATE TABLE "point_rank_counts" (
	"org_id" integer NOT NULL,
	"balance" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "point_rank_counts_pk" PRIMARY KEY("org_id","balance")
);
--> statement-breakpoint
CREATE TABLE "point_rank_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"old_balance" integer,
	"new_balance" integer
);
--> statement-breakpoint
CREATE INDEX "point_rank_moves_org_idx" ON "point_rank_moves" USING btree ("org_id","id");--> statement-breakpoint
-- Every change of an account's balance, whatever writes it (the ledger's posting, an approved
-- adjustment, an organisation removed), appended as (old, new) in the writer's own transaction.
CREATE FUNCTION "point_rank_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "point_rank_moves" ("org_id", "old_balance", "new_balance") VALUES (NEW."org_id", NULL, NEW."balance");
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "point_rank_moves" ("org_id", "old_balance", "new_balance") VALUES (OLD."org_id", OLD."balance", NULL);
  ELSIF NEW."org_id" <> OLD."org_id" THEN
    INSERT INTO "point_rank_moves" ("org_id", "old_balance", "new_balance") VALUES (OLD."org_id", OLD."balance", NULL), (NEW."org_id", NULL, NEW."balance");
  ELSIF NEW."balance" <> OLD."balance" THEN
    INSERT INTO "point_rank_moves" ("org_id", "old_balance", "new_balance") VALUES (NEW."org_id", OLD."balance", NEW."balance");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "point_accounts_rank_moves" AFTER INSERT OR DELETE OR UPDATE OF "org_id", "balance"
  ON "point_accounts" FOR EACH ROW EXECUTE FUNCTION "point_rank_moved"();--> statement-breakpoint
-- The accounts there already, counted once.
INSERT INTO "point_rank_counts" ("org_id", "balance", "n") SELECT "org_id", "balance", count(*) FROM "point_accounts" GROUP BY "org_id", "balance";
