CREATE INDEX "staff_center_name_idx" ON "staff" USING btree ("center_id","first_name","last_name","id");--> statement-breakpoint
CREATE INDEX "staff_name_idx" ON "staff" USING btree ("first_name","last_name","id");--> statement-breakpoint
CREATE INDEX "users_org_name_idx" ON "users" USING btree ("organisation_id","full_name","id");--> statement-breakpoint
CREATE INDEX "users_center_name_idx" ON "users" USING btree ("center_id","full_name","id");