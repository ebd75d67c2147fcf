CREATE TABLE "enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"center_id" uuid NOT NULL,
	"enquiry_date" date NOT NULL,
	"child_name" text NOT NULL,
	"child_dob" date,
	"parent_name" text NOT NULL,
	"mobile_number" text NOT NULL,
	"email" text,
	"parent_location" text,
	"company" text,
	"gender" text,
	"source" text NOT NULL,
	"major_program" text NOT NULL,
	"specific_program" text NOT NULL,
	"service_hours" double precision,
	"status" text DEFAULT 'Open' NOT NULL,
	"reason_for_closure" text,
	"follow_up_flag" boolean DEFAULT false NOT NULL,
	"follow_up_date" date,
	"assigned_to" text,
	"remarks" text,
	"visited" boolean DEFAULT false NOT NULL,
	"probable_joining_date" date,
	"student_id" uuid,
	"converted_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiries_student_id_unique" UNIQUE("student_id")
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"company_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"major_program" text NOT NULL,
	"specific_program" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiries_center_status_idx" ON "enquiries" USING btree ("center_id","status");--> statement-breakpoint
CREATE INDEX "enquiries_center_created_idx" ON "enquiries" USING btree ("center_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_org_name_unique" ON "companies" USING btree ("organisation_id",lower("company_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "programs_org_pair_unique" ON "programs" USING btree ("organisation_id",lower("major_program"),lower("specific_program"));