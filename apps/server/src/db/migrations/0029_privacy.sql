CREATE TABLE "child_consents" (
	"student_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"given" boolean NOT NULL,
	"notice_id" uuid,
	"given_by" uuid,
	"given_at" timestamp with time zone NOT NULL,
	CONSTRAINT "child_consents_student_id_purpose_pk" PRIMARY KEY("student_id","purpose")
);
--> statement-breakpoint
CREATE TABLE "child_record_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"center_id" uuid NOT NULL,
	"viewer_id" uuid NOT NULL,
	"viewer_role" text NOT NULL,
	"kind" text NOT NULL,
	"screen" text,
	"viewed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"published_by" uuid,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "child_consents" ADD CONSTRAINT "child_consents_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_consents" ADD CONSTRAINT "child_consents_notice_id_privacy_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."privacy_notices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_consents" ADD CONSTRAINT "child_consents_given_by_users_id_fk" FOREIGN KEY ("given_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_record_views" ADD CONSTRAINT "child_record_views_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_record_views" ADD CONSTRAINT "child_record_views_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_record_views" ADD CONSTRAINT "child_record_views_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_notices" ADD CONSTRAINT "privacy_notices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_notices" ADD CONSTRAINT "privacy_notices_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "child_record_views_child_idx" ON "child_record_views" USING btree ("student_id","viewed_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "child_record_views_centre_idx" ON "child_record_views" USING btree ("center_id","viewed_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "child_record_views_viewer_idx" ON "child_record_views" USING btree ("viewer_id","viewed_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "child_record_views_time_idx" ON "child_record_views" USING btree ("viewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_notices_version_unique" ON "privacy_notices" USING btree ("organisation_id","version");--> statement-breakpoint
INSERT INTO "child_consents" ("student_id", "purpose", "given", "given_by", "given_at")
SELECT "student_id", 'portfolio_photos', "consent" IN ('own', 'group'), "set_by", "updated_at" FROM "photo_consents"
UNION ALL
SELECT "student_id", 'group_photos', "consent" = 'group', "set_by", "updated_at" FROM "photo_consents";--> statement-breakpoint
DROP TABLE "photo_consents" CASCADE;--> statement-breakpoint
CREATE VIEW "photo_consents" AS
SELECT p."student_id",
  CASE WHEN NOT p."given" THEN 'none' WHEN g."given" THEN 'group' ELSE 'own' END AS "consent",
  p."given_by" AS "set_by",
  greatest(p."given_at", g."given_at") AS "updated_at"
FROM "child_consents" p
LEFT JOIN "child_consents" g ON g."student_id" = p."student_id" AND g."purpose" = 'group_photos'
WHERE p."purpose" = 'portfolio_photos';
