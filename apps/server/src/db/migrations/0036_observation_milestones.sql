CREATE TABLE "centre_milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"center_id" uuid NOT NULL,
	"name" text NOT NULL,
	"area" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "observation_logs" ADD COLUMN "milestone_source" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "centre_milestones" ADD CONSTRAINT "centre_milestones_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centre_milestones" ADD CONSTRAINT "centre_milestones_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "centre_milestones_centre_name_idx" ON "centre_milestones" USING btree ("center_id",lower("name"));--> statement-breakpoint
-- Logs written before sources were recorded: the built-in framework's areas name their source.
UPDATE "observation_logs" SET "milestone_source" = 'Early Years Foundation Stage (EYFS) areas of learning' WHERE "milestone" IN ('Communication and language', 'Physical development', 'Personal, social and emotional development', 'Literacy', 'Mathematics', 'Understanding the world', 'Expressive arts and design');
