CREATE SEQUENCE "public"."invoice_payment_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"center_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "center_collection_settings" (
	"center_id" uuid PRIMARY KEY NOT NULL,
	"upi_vpa" text,
	"upi_payee_name" text,
	"gstin" text,
	"legal_name" text,
	"tax_address" text,
	"series_code" text,
	"reminders_enabled" boolean DEFAULT true NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_note_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credit_note_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"sac_code" text DEFAULT '999210' NOT NULL,
	"gst_rate" integer DEFAULT 0 NOT NULL,
	"taxable_paise" bigint,
	"cgst_paise" bigint DEFAULT 0 NOT NULL,
	"sgst_paise" bigint DEFAULT 0 NOT NULL,
	"igst_paise" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"center_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"credit_note_number" text NOT NULL,
	"financial_year" text NOT NULL,
	"issue_date" date NOT NULL,
	"reason" text NOT NULL,
	"total_paise" bigint NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_credit_note_number_unique" UNIQUE("credit_note_number")
);
--> statement-breakpoint
CREATE TABLE "document_series" (
	"center_id" uuid NOT NULL,
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_series_center_id_series_financial_year_pk" PRIMARY KEY("center_id","series","financial_year")
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"invoice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_invoice_id_kind_pk" PRIMARY KEY("invoice_id","kind")
);
--> statement-breakpoint
CREATE TABLE "payment_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"center_id" uuid NOT NULL,
	"utr" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"status" text DEFAULT 'Waiting' NOT NULL,
	"reject_reason" text,
	"payment_id" uuid,
	"claimed_by" uuid,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "payment_claims_utr_unique" UNIQUE("utr")
);
--> statement-breakpoint
CREATE TABLE "payment_utrs" (
	"utr" text PRIMARY KEY NOT NULL,
	"claim_id" uuid,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"center_id" uuid NOT NULL,
	"credited_on" date NOT NULL,
	"narration" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Unmatched' NOT NULL,
	"payment_id" uuid
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_invoice_number_unique";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_amounts_check";--> statement-breakpoint
ALTER TABLE "fee_components" ADD COLUMN "sac_code" text DEFAULT '999210' NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_components" ADD COLUMN "gst_rate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_structures" ADD COLUMN "sac_code" text DEFAULT '999210' NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_structures" ADD COLUMN "gst_rate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "sac_code" text DEFAULT '999210' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "gst_rate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "taxable_paise" bigint;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "cgst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "sgst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "igst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD COLUMN "sac_code" text DEFAULT '999210' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD COLUMN "gst_rate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "financial_year" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_document" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "supplier_gstin" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "place_of_supply" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_reference" text DEFAULT 'SPR' || lpad(nextval('invoice_payment_reference_seq')::text, 9, '0') NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "center_id" uuid;--> statement-breakpoint
UPDATE "payments" SET "center_id" = "invoices"."center_id" FROM "invoices" WHERE "invoices"."id" = "payments"."invoice_id";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "center_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "utr" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_number" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "payer_state_code" text;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "center_collection_settings" ADD CONSTRAINT "center_collection_settings_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "center_collection_settings" ADD CONSTRAINT "center_collection_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_series" ADD CONSTRAINT "document_series_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_utrs" ADD CONSTRAINT "payment_utrs_claim_id_payment_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."payment_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_utrs" ADD CONSTRAINT "payment_utrs_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_credits" ADD CONSTRAINT "statement_credits_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_credits" ADD CONSTRAINT "statement_credits_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_credits" ADD CONSTRAINT "statement_credits_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_statements_center_idx" ON "bank_statements" USING btree ("center_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "credit_note_lines_note_idx" ON "credit_note_lines" USING btree ("credit_note_id","position");--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "credit_notes_center_issue_idx" ON "credit_notes" USING btree ("center_id","issue_date");--> statement-breakpoint
CREATE INDEX "payment_claims_center_status_idx" ON "payment_claims" USING btree ("center_id","status","claimed_at");--> statement-breakpoint
CREATE INDEX "payment_claims_invoice_idx" ON "payment_claims" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_credits_known_unique" ON "statement_credits" USING btree ("center_id","credited_on","amount_paise","reference");--> statement-breakpoint
CREATE INDEX "statement_credits_statement_idx" ON "statement_credits" USING btree ("statement_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_center_number_unique" ON "invoices" USING btree ("center_id","invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_center_receipt_unique" ON "payments" USING btree ("center_id","receipt_number");--> statement-breakpoint
CREATE INDEX "payments_center_paid_idx" ON "payments" USING btree ("center_id","paid_on");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_reference_unique" UNIQUE("payment_reference");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_utr_unique" UNIQUE("utr");--> statement-breakpoint
ALTER TABLE "fee_components" ADD CONSTRAINT "fee_components_gst_rate_check" CHECK ("fee_components"."gst_rate" in (0, 5, 12, 18));--> statement-breakpoint
ALTER TABLE "fee_structures" ADD CONSTRAINT "fee_structures_gst_rate_check" CHECK ("fee_structures"."gst_rate" in (0, 5, 12, 18));--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD CONSTRAINT "invoice_requests_gst_rate_check" CHECK ("invoice_requests"."gst_rate" in (0, 5, 12, 18));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."total_paise" >= 0 and "invoices"."paid_paise" >= 0 and "invoices"."credited_paise" >= 0 and "invoices"."paid_paise" + "invoices"."credited_paise" <= "invoices"."total_paise");--> statement-breakpoint
-- Payments recorded before receipts get their receipt numbers now, in the order they were recorded,
-- per centre and financial year; the series then goes on from the last one.
CREATE TEMPORARY TABLE "receipt_backfill" AS
  SELECT "numbered"."id", "numbered"."center_id", "numbered"."financial_year", "numbered"."number",
         "numbered"."code" || '/R' || "numbered"."financial_year" || '/' || lpad("numbered"."number"::text, 5, '0') AS "receipt_number"
  FROM (
    SELECT "p"."id", "p"."center_id", "fy"."financial_year",
           row_number() OVER (PARTITION BY "p"."center_id", "fy"."financial_year" ORDER BY "p"."recorded_at", "p"."id") AS "number",
           coalesce(nullif(upper(left(regexp_replace("c"."center_name", '[^A-Za-z0-9]', '', 'g'), 3)), ''), 'SPR') AS "code"
    FROM "payments" "p"
    JOIN "centers" "c" ON "c"."id" = "p"."center_id"
    CROSS JOIN LATERAL (SELECT to_char("p"."paid_on" - interval '3 months', 'YY') || '-' || to_char("p"."paid_on" + interval '9 months', 'YY') AS "financial_year") "fy"
  ) "numbered";--> statement-breakpoint
UPDATE "payments" SET "receipt_number" = "receipt_backfill"."receipt_number" FROM "receipt_backfill" WHERE "receipt_backfill"."id" = "payments"."id";--> statement-breakpoint
INSERT INTO "document_series" ("center_id", "series", "financial_year", "last_number")
  SELECT "center_id", 'receipt', "financial_year", max("number") FROM "receipt_backfill" GROUP BY "center_id", "financial_year";--> statement-breakpoint
DROP TABLE "receipt_backfill";--> statement-breakpoint
-- Every table announces its changes (0039_data_change_notices.sql).
CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bank_statements"
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change();--> statement-breakpoint
CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "center_collection_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change();--> statement-breakpoint
CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "credit_note_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change();--> statement-breakpoint
CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "credit_notes"
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change();--> statement-breakpoint
CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "document_series"
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change();--> statement-breakpoint
CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "invoice_reminders"
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change();--> statement-breakpoint
CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_claims"
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change();--> statement-breakpoint
CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_utrs"
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change();--> statement-breakpoint
CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "statement_credits"
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change();
