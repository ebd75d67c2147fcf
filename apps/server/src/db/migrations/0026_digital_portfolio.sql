CREATE TABLE "photo_consents" (
	"student_id" uuid PRIMARY KEY NOT NULL,
	"consent" text NOT NULL,
	"set_by" uuid,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_item_children" (
	"item_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	CONSTRAINT "portfolio_item_children_item_id_student_id_pk" PRIMARY KEY("item_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "portfolio_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"center_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"classroom_id" uuid,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"file_name" text NOT NULL,
	"media_type" text NOT NULL,
	"mime_type" text NOT NULL,
	"stored_name" text NOT NULL,
	"thumb_stored_name" text,
	"size_bytes" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"is_group" boolean DEFAULT false NOT NULL,
	"is_favorite" boolean DEFAULT false NOT NULL,
	"favorited_by" uuid,
	"capture_method" text DEFAULT 'upload' NOT NULL,
	"capture_metadata" jsonb,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"viewer_id" uuid NOT NULL,
	"variant" text NOT NULL,
	"viewed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photo_consents" ADD CONSTRAINT "photo_consents_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_consents" ADD CONSTRAINT "photo_consents_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_item_children" ADD CONSTRAINT "portfolio_item_children_item_id_portfolio_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."portfolio_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_item_children" ADD CONSTRAINT "portfolio_item_children_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD CONSTRAINT "portfolio_items_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD CONSTRAINT "portfolio_items_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD CONSTRAINT "portfolio_items_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD CONSTRAINT "portfolio_items_favorited_by_users_id_fk" FOREIGN KEY ("favorited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD CONSTRAINT "portfolio_items_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_views" ADD CONSTRAINT "portfolio_views_item_id_portfolio_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."portfolio_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_views" ADD CONSTRAINT "portfolio_views_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portfolio_item_children_student_idx" ON "portfolio_item_children" USING btree ("student_id","item_id");--> statement-breakpoint
CREATE INDEX "portfolio_items_center_created_idx" ON "portfolio_items" USING btree ("center_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "portfolio_items_student_created_idx" ON "portfolio_items" USING btree ("student_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "portfolio_items_uploader_idx" ON "portfolio_items" USING btree ("uploaded_by","created_at");--> statement-breakpoint
CREATE INDEX "portfolio_items_stored_idx" ON "portfolio_items" USING btree ("stored_name");--> statement-breakpoint
CREATE INDEX "portfolio_items_thumb_idx" ON "portfolio_items" USING btree ("thumb_stored_name");--> statement-breakpoint
CREATE INDEX "portfolio_views_item_idx" ON "portfolio_views" USING btree ("item_id","viewed_at");