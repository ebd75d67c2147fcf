CREATE TABLE "budget_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stored_name" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "budget_quotes_stored_name_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
ALTER TABLE "budget_requests" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "budget_quotes" ADD CONSTRAINT "budget_quotes_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_requests" ADD CONSTRAINT "budget_requests_quote_id_budget_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."budget_quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_requests" ADD CONSTRAINT "budget_requests_quote_id_unique" UNIQUE("quote_id");