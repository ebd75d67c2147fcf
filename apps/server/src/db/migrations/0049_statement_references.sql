ALTER TABLE "statement_credits" ADD COLUMN "utrs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "statement_credits" ADD COLUMN "upi_references" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Credits stored before: their references read the way the upload now reads them.
UPDATE "statement_credits" SET
  "utrs" = array(
    SELECT DISTINCT "m"[1] FROM regexp_matches(upper("narration" || ' ' || "reference"), '[0-9]{12,}', 'g') AS "m"
    WHERE length("m"[1]) = 12 ORDER BY 1),
  "upi_references" = array(
    SELECT DISTINCT "m"[1] FROM regexp_matches(upper("narration" || ' ' || "reference"), 'SPR[0-9]{9}(?![0-9])', 'g') AS "m"
    ORDER BY 1);
