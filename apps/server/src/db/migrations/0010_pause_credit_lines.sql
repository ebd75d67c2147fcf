ALTER TABLE "invoice_lines" ADD COLUMN "credit_month" date;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "credit_days" integer;