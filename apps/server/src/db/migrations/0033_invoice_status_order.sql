DROP INDEX "invoices_center_status_idx";--> statement-breakpoint
CREATE INDEX "invoices_status_order_idx" ON "invoices" USING btree ("status","issue_date","invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_center_status_idx" ON "invoices" USING btree ("center_id","status","issue_date","invoice_number");