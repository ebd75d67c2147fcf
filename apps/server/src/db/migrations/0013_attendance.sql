CREATE TABLE "absence_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"center_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "attendance_absences" (
	"student_id" uuid NOT NULL,
	"day" date NOT NULL,
	"center_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"marked_by" uuid,
	"marked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "attendance_absences_student_id_day_pk" PRIMARY KEY("student_id","day")
);
--> statement-breakpoint
CREATE TABLE "attendance_stays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"center_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"classroom_id" uuid,
	"day" date NOT NULL,
	"check_in_at" timestamp with time zone NOT NULL,
	"check_in_by" uuid,
	"check_out_at" timestamp with time zone,
	"check_out_by" uuid,
	"pickup_person_id" uuid,
	"collected_by_name" text,
	"override_note" text
);
--> statement-breakpoint
CREATE TABLE "classroom_age_bands" (
	"classroom_id" uuid PRIMARY KEY NOT NULL,
	"age_band" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "headcount_marks" (
	"alert_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"marked_by" uuid,
	"marked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "headcount_marks_alert_id_student_id_pk" PRIMARY KEY("alert_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "kiosk_pins" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"pin_hash" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickup_people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"name" text NOT NULL,
	"relation" text NOT NULL,
	"phone" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ratio_settings" (
	"center_id" uuid NOT NULL,
	"age_band" text NOT NULL,
	"children_per_staff" integer NOT NULL,
	CONSTRAINT "ratio_settings_center_id_age_band_pk" PRIMARY KEY("center_id","age_band")
);
--> statement-breakpoint
CREATE TABLE "staff_leave" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"center_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"recorded_by" uuid
);
--> statement-breakpoint
CREATE TABLE "staff_shifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"center_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"clock_in_at" timestamp with time zone NOT NULL,
	"clock_out_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "absence_notices" ADD CONSTRAINT "absence_notices_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_notices" ADD CONSTRAINT "absence_notices_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_notices" ADD CONSTRAINT "absence_notices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_absences" ADD CONSTRAINT "attendance_absences_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_absences" ADD CONSTRAINT "attendance_absences_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_absences" ADD CONSTRAINT "attendance_absences_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_stays" ADD CONSTRAINT "attendance_stays_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_stays" ADD CONSTRAINT "attendance_stays_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_stays" ADD CONSTRAINT "attendance_stays_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_stays" ADD CONSTRAINT "attendance_stays_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_stays" ADD CONSTRAINT "attendance_stays_check_in_by_users_id_fk" FOREIGN KEY ("check_in_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_stays" ADD CONSTRAINT "attendance_stays_check_out_by_users_id_fk" FOREIGN KEY ("check_out_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_stays" ADD CONSTRAINT "attendance_stays_pickup_person_id_pickup_people_id_fk" FOREIGN KEY ("pickup_person_id") REFERENCES "public"."pickup_people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_age_bands" ADD CONSTRAINT "classroom_age_bands_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headcount_marks" ADD CONSTRAINT "headcount_marks_alert_id_emergency_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."emergency_alerts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headcount_marks" ADD CONSTRAINT "headcount_marks_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headcount_marks" ADD CONSTRAINT "headcount_marks_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_pins" ADD CONSTRAINT "kiosk_pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_people" ADD CONSTRAINT "pickup_people_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_people" ADD CONSTRAINT "pickup_people_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratio_settings" ADD CONSTRAINT "ratio_settings_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_leave" ADD CONSTRAINT "staff_leave_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_leave" ADD CONSTRAINT "staff_leave_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_leave" ADD CONSTRAINT "staff_leave_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_shifts" ADD CONSTRAINT "staff_shifts_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_shifts" ADD CONSTRAINT "staff_shifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "absence_notices_student_idx" ON "absence_notices" USING btree ("student_id","end_date");--> statement-breakpoint
CREATE INDEX "attendance_absences_center_day_idx" ON "attendance_absences" USING btree ("center_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_stays_one_open" ON "attendance_stays" USING btree ("student_id") WHERE "attendance_stays"."check_out_at" is null;--> statement-breakpoint
CREATE INDEX "attendance_stays_center_day_idx" ON "attendance_stays" USING btree ("center_id","day");--> statement-breakpoint
CREATE INDEX "attendance_stays_student_day_idx" ON "attendance_stays" USING btree ("student_id","day");--> statement-breakpoint
CREATE INDEX "pickup_people_student_idx" ON "pickup_people" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "staff_leave_center_idx" ON "staff_leave" USING btree ("center_id","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_shifts_one_open" ON "staff_shifts" USING btree ("user_id") WHERE "staff_shifts"."clock_out_at" is null;--> statement-breakpoint
CREATE INDEX "staff_shifts_center_day_idx" ON "staff_shifts" USING btree ("center_id","day");