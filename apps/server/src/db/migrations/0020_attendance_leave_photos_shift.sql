CREATE TABLE "shift_settings" (
	"center_id" uuid PRIMARY KEY NOT NULL,
	"shift_hours" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pickup_people" ADD COLUMN "photo_stored_name" text;--> statement-breakpoint
ALTER TABLE "pickup_people" ADD COLUMN "photo_mime_type" text;--> statement-breakpoint
ALTER TABLE "pickup_people" ADD COLUMN "photo_size_bytes" integer;--> statement-breakpoint
ALTER TABLE "staff_leave" ADD COLUMN "leave_type" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_leave" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_leave" ADD COLUMN "status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_leave" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_leave" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "staff_leave" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shift_settings" ADD CONSTRAINT "shift_settings_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_leave" ADD CONSTRAINT "staff_leave_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pickup_people_photo_idx" ON "pickup_people" USING btree ("photo_stored_name");--> statement-breakpoint
CREATE INDEX "staff_leave_center_created_idx" ON "staff_leave" USING btree ("center_id","created_at");