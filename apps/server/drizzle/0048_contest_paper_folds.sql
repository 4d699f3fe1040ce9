CREATE TABLE "contest_paper_folds" (
	"org_id" integer NOT NULL,
	"attempt_id" integer NOT NULL,
	CONSTRAINT "contest_paper_folds_attempt_id_org_id_pk" PRIMARY KEY("attempt_id","org_id")
);
