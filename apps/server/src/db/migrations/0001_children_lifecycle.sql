CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"center_id" uuid,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"description" text,
	"stored_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "documents_stored_name_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
CREATE TABLE "student_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_center_id" uuid,
	"to_center_id" uuid NOT NULL,
	"from_class_id" uuid,
	"to_class_id" uuid,
	"moved_by" uuid,
	"moved_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_pauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reason" text NOT NULL,
	"notes" text,
	"paused_by" uuid,
	"paused_at" timestamp with time zone NOT NULL,
	"ended_how" text,
	"ended_at" timestamp with time zone,
	"resumed_by" uuid,
	"resume_notes" text
);
--> statement-breakpoint
CREATE TABLE "exit_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"center_id" uuid,
	"person_name" text NOT NULL,
	"person_type" text NOT NULL,
	"student_id" uuid,
	"user_id" uuid,
	"job_title" text,
	"exit_date" date NOT NULL,
	"exit_reason" text NOT NULL,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_moves" ADD CONSTRAINT "student_moves_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_moves" ADD CONSTRAINT "student_moves_from_center_id_centers_id_fk" FOREIGN KEY ("from_center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_moves" ADD CONSTRAINT "student_moves_to_center_id_centers_id_fk" FOREIGN KEY ("to_center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_moves" ADD CONSTRAINT "student_moves_from_class_id_classrooms_id_fk" FOREIGN KEY ("from_class_id") REFERENCES "public"."classrooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_moves" ADD CONSTRAINT "student_moves_to_class_id_classrooms_id_fk" FOREIGN KEY ("to_class_id") REFERENCES "public"."classrooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_moves" ADD CONSTRAINT "student_moves_moved_by_users_id_fk" FOREIGN KEY ("moved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_pauses" ADD CONSTRAINT "student_pauses_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_pauses" ADD CONSTRAINT "student_pauses_paused_by_users_id_fk" FOREIGN KEY ("paused_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_pauses" ADD CONSTRAINT "student_pauses_resumed_by_users_id_fk" FOREIGN KEY ("resumed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_records" ADD CONSTRAINT "exit_records_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_records" ADD CONSTRAINT "exit_records_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_records" ADD CONSTRAINT "exit_records_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_records" ADD CONSTRAINT "exit_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_records" ADD CONSTRAINT "exit_records_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_org_center_idx" ON "documents" USING btree ("organisation_id","center_id");--> statement-breakpoint
CREATE INDEX "student_moves_student_idx" ON "student_moves" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "student_pauses_student_idx" ON "student_pauses" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "exit_records_center_date_idx" ON "exit_records" USING btree ("center_id","exit_date");--> statement-breakpoint
CREATE INDEX "exit_records_type_idx" ON "exit_records" USING btree ("person_type");