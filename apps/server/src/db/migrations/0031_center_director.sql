CREATE TABLE "centre_calendar_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"center_id" uuid NOT NULL,
	"title" text NOT NULL,
	"event_date" date NOT NULL,
	"kind" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kpi_measurements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"center_id" uuid NOT NULL,
	"metric_name" text NOT NULL,
	"metric_value" double precision NOT NULL,
	"measurement_date" date NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kpi_targets" (
	"center_id" uuid NOT NULL,
	"metric_name" text NOT NULL,
	"target_value" double precision NOT NULL,
	"set_by" uuid,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kpi_targets_center_id_metric_name_pk" PRIMARY KEY("center_id","metric_name")
);
--> statement-breakpoint
CREATE TABLE "staff_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"center_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"overall_rating" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "centre_calendar_events" ADD CONSTRAINT "centre_calendar_events_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centre_calendar_events" ADD CONSTRAINT "centre_calendar_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_measurements" ADD CONSTRAINT "kpi_measurements_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_targets" ADD CONSTRAINT "kpi_targets_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_targets" ADD CONSTRAINT "kpi_targets_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_reviews" ADD CONSTRAINT "staff_reviews_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_reviews" ADD CONSTRAINT "staff_reviews_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_reviews" ADD CONSTRAINT "staff_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "centre_calendar_events_center_day_idx" ON "centre_calendar_events" USING btree ("center_id","event_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "kpi_measurements_center_metric_day" ON "kpi_measurements" USING btree ("center_id","metric_name","measurement_date");--> statement-breakpoint
CREATE INDEX "kpi_measurements_center_day_idx" ON "kpi_measurements" USING btree ("center_id","measurement_date");--> statement-breakpoint
CREATE INDEX "staff_reviews_center_created_idx" ON "staff_reviews" USING btree ("center_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "staff_reviews_staff_idx" ON "staff_reviews" USING btree ("staff_id","period_end" DESC NULLS LAST);