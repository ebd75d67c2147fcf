CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" uuid NOT NULL,
	"request_hash" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"answer" text,
	"answered_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_claimed_idx" ON "idempotency_keys" USING btree ("claimed_at");--> statement-breakpoint
-- Every table announces its changes (0039_data_change_notices.sql).
CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "idempotency_keys"
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change();
