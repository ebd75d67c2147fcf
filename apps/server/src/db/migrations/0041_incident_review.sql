-- Issue 30: whether a centre reviews incident reports before parents see them (no row: reviewed),
-- and the once-only mark of the reminder sent to the centre's managers about a report still waiting.
CREATE TABLE "incident_settings" (
	"center_id" uuid PRIMARY KEY NOT NULL,
	"review_before_parents" boolean DEFAULT true NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "review_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "incident_settings" ADD CONSTRAINT "incident_settings_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_settings" ADD CONSTRAINT "incident_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incidents_awaiting_review_idx" ON "incidents" USING btree ("created_at") WHERE "incidents"."parents_notified_at" is null and "incidents"."review_reminded_at" is null;--> statement-breakpoint
-- Every table announces its changes (0039_data_change_notices.sql).
CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "incident_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change();
