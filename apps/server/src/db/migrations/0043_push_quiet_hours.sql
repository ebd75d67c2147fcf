ALTER TABLE "invoices" ADD COLUMN "due_soon_pushed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "quiet_hours" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "quiet_start" time DEFAULT '21:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "quiet_end" time DEFAULT '07:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD COLUMN "kind" text;--> statement-breakpoint
CREATE INDEX "push_outbox_held_idx" ON "push_outbox" USING btree ("next_attempt_at") WHERE "push_outbox"."status" = 'held';