CREATE TABLE "assessment_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assessment_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"card" jsonb NOT NULL,
	"reason" text,
	"published_by" uuid,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessment_levels" (
	"assessment_id" uuid NOT NULL,
	"competency_code" text NOT NULL,
	"level" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	CONSTRAINT "assessment_levels_assessment_id_competency_code_pk" PRIMARY KEY("assessment_id","competency_code")
);
--> statement-breakpoint
CREATE TABLE "assessment_narratives" (
	"assessment_id" uuid NOT NULL,
	"domain_code" text NOT NULL,
	"narrative" text NOT NULL,
	CONSTRAINT "assessment_narratives_assessment_id_domain_code_pk" PRIMARY KEY("assessment_id","domain_code")
);
--> statement-breakpoint
CREATE TABLE "assessment_photos" (
	"assessment_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "assessment_photos_assessment_id_item_id_pk" PRIMARY KEY("assessment_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "assessment_term_classrooms" (
	"term_id" uuid NOT NULL,
	"classroom_id" uuid NOT NULL,
	CONSTRAINT "assessment_term_classrooms_term_id_classroom_id_pk" PRIMARY KEY("term_id","classroom_id")
);
--> statement-breakpoint
CREATE TABLE "assessment_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"center_id" uuid NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"framework_key" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "center_development_settings" (
	"center_id" uuid PRIMARY KEY NOT NULL,
	"framework_key" text NOT NULL,
	"level_labels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "child_assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"term_id" uuid NOT NULL,
	"center_id" uuid NOT NULL,
	"classroom_id" uuid,
	"student_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"reissue_reason" text,
	"all_about_me" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "development_frameworks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"short_name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_plan_competencies" (
	"plan_id" uuid NOT NULL,
	"framework_key" text NOT NULL,
	"competency_code" text NOT NULL,
	CONSTRAINT "lesson_plan_competencies_plan_id_framework_key_competency_code_pk" PRIMARY KEY("plan_id","framework_key","competency_code")
);
--> statement-breakpoint
CREATE TABLE "observation_competencies" (
	"log_id" uuid NOT NULL,
	"framework_key" text NOT NULL,
	"competency_code" text NOT NULL,
	CONSTRAINT "observation_competencies_log_id_framework_key_competency_code_pk" PRIMARY KEY("log_id","framework_key","competency_code")
);
--> statement-breakpoint
CREATE TABLE "progress_card_acknowledgements" (
	"assessment_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL,
	CONSTRAINT "progress_card_acknowledgements_assessment_id_version_user_id_pk" PRIMARY KEY("assessment_id","version","user_id")
);
--> statement-breakpoint
CREATE TABLE "progress_card_parent_pages" (
	"assessment_id" uuid PRIMARY KEY NOT NULL,
	"answers" jsonb NOT NULL,
	"written_by" uuid,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessment_history" ADD CONSTRAINT "assessment_history_assessment_id_child_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."child_assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_history" ADD CONSTRAINT "assessment_history_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_levels" ADD CONSTRAINT "assessment_levels_assessment_id_child_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."child_assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_narratives" ADD CONSTRAINT "assessment_narratives_assessment_id_child_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."child_assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_photos" ADD CONSTRAINT "assessment_photos_assessment_id_child_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."child_assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_photos" ADD CONSTRAINT "assessment_photos_item_id_portfolio_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."portfolio_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_term_classrooms" ADD CONSTRAINT "assessment_term_classrooms_term_id_assessment_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."assessment_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_term_classrooms" ADD CONSTRAINT "assessment_term_classrooms_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_terms" ADD CONSTRAINT "assessment_terms_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_terms" ADD CONSTRAINT "assessment_terms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "center_development_settings" ADD CONSTRAINT "center_development_settings_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "center_development_settings" ADD CONSTRAINT "center_development_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_assessments" ADD CONSTRAINT "child_assessments_term_id_assessment_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."assessment_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_assessments" ADD CONSTRAINT "child_assessments_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_assessments" ADD CONSTRAINT "child_assessments_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_assessments" ADD CONSTRAINT "child_assessments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_assessments" ADD CONSTRAINT "child_assessments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "development_frameworks" ADD CONSTRAINT "development_frameworks_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "development_frameworks" ADD CONSTRAINT "development_frameworks_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_plan_competencies" ADD CONSTRAINT "lesson_plan_competencies_plan_id_lesson_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."lesson_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_competencies" ADD CONSTRAINT "observation_competencies_log_id_observation_logs_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."observation_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_card_acknowledgements" ADD CONSTRAINT "progress_card_acknowledgements_assessment_id_child_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."child_assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_card_acknowledgements" ADD CONSTRAINT "progress_card_acknowledgements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_card_parent_pages" ADD CONSTRAINT "progress_card_parent_pages_assessment_id_child_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."child_assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_card_parent_pages" ADD CONSTRAINT "progress_card_parent_pages_written_by_users_id_fk" FOREIGN KEY ("written_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_history_version_idx" ON "assessment_history" USING btree ("assessment_id","version");--> statement-breakpoint
CREATE INDEX "assessment_term_classrooms_classroom_idx" ON "assessment_term_classrooms" USING btree ("classroom_id");--> statement-breakpoint
CREATE INDEX "assessment_terms_center_idx" ON "assessment_terms" USING btree ("center_id","starts_on" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_terms_center_name_idx" ON "assessment_terms" USING btree ("center_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "child_assessments_term_student_idx" ON "child_assessments" USING btree ("term_id","student_id");--> statement-breakpoint
CREATE INDEX "child_assessments_student_idx" ON "child_assessments" USING btree ("student_id","term_id");--> statement-breakpoint
CREATE INDEX "child_assessments_term_classroom_idx" ON "child_assessments" USING btree ("term_id","classroom_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "development_frameworks_org_name_idx" ON "development_frameworks" USING btree ("organisation_id",lower("short_name"));--> statement-breakpoint
CREATE INDEX "lesson_plan_competencies_code_idx" ON "lesson_plan_competencies" USING btree ("framework_key","competency_code","plan_id");--> statement-breakpoint
CREATE INDEX "observation_competencies_code_idx" ON "observation_competencies" USING btree ("framework_key","competency_code","log_id");--> statement-breakpoint
-- Every table announces its changes (0039_data_change_notices.sql).
CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "assessment_history"
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change();--> statement-breakpoint
CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "assessment_levels"
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change();--> statement-breakpoint
CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "assessment_narratives"
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change();--> statement-breakpoint
CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "assessment_photos"
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change();--> statement-breakpoint
CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "assessment_term_classrooms"
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change();--> statement-breakpoint
CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "assessment_terms"
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change();--> statement-breakpoint
CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "center_development_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change();--> statement-breakpoint
CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "child_assessments"
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change();--> statement-breakpoint
CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "development_frameworks"
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change();--> statement-breakpoint
CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lesson_plan_competencies"
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change();--> statement-breakpoint
CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "observation_competencies"
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change();--> statement-breakpoint
CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "progress_card_acknowledgements"
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change();--> statement-breakpoint
CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "progress_card_parent_pages"
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change();
