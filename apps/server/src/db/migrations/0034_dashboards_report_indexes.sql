-- Reports & Analytics and the dashboards (issue 17); see docs/decisions.md "Dashboards and reports".
-- Written by hand (drizzle-kit generate --custom): the indexes serve report queries over other
-- areas' tables, so they are kept here rather than in those areas' schema files.

-- Child-days of attendance per day and per centre: the distinct (centre, day, child) triples of a
-- range are read from the index alone (an index-only scan) instead of from every stay row.
CREATE INDEX IF NOT EXISTS "attendance_stays_center_day_student_idx" ON "attendance_stays" USING btree ("center_id","day","student_id");--> statement-breakpoint
-- Money received in a range: payments by the day they were paid, carrying what the sum and the
-- join to the invoice's centre need.
CREATE INDEX IF NOT EXISTS "payments_paid_on_idx" ON "payments" USING btree ("paid_on") INCLUDE ("invoice_id","amount_paise");--> statement-breakpoint
-- The enquiry funnel: a centre's enquiries by the day they were made.
CREATE INDEX IF NOT EXISTS "enquiries_center_date_idx" ON "enquiries" USING btree ("center_id","enquiry_date");
