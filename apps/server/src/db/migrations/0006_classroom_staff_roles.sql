ALTER TABLE "classroom_teachers" ADD COLUMN "role" text DEFAULT 'assistant' NOT NULL;--> statement-breakpoint
ALTER TABLE "classroom_teachers" ADD COLUMN "assigned_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "classroom_teachers_one_lead" ON "classroom_teachers" USING btree ("classroom_id") WHERE "classroom_teachers"."role" = 'lead';--> statement-breakpoint
CREATE INDEX "classroom_teachers_teacher_idx" ON "classroom_teachers" USING btree ("teacher_id");