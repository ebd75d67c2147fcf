CREATE TABLE "lesson_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"center_id" uuid NOT NULL,
	"classroom_id" uuid NOT NULL,
	"day" date NOT NULL,
	"topic" text NOT NULL,
	"objectives" text[] DEFAULT '{}'::text[] NOT NULL,
	"activities" text[] DEFAULT '{}'::text[] NOT NULL,
	"resources" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"objectives_done" boolean DEFAULT false NOT NULL,
	"activities_done" boolean DEFAULT false NOT NULL,
	"resources_done" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lesson_plans" ADD CONSTRAINT "lesson_plans_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_plans" ADD CONSTRAINT "lesson_plans_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_plans" ADD CONSTRAINT "lesson_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_plans_center_day_idx" ON "lesson_plans" USING btree ("center_id","day" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "lesson_plans_classroom_day_idx" ON "lesson_plans" USING btree ("classroom_id","day" DESC NULLS LAST,"id");