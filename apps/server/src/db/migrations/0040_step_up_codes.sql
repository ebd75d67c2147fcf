-- Issue 30: one-time codes e-mailed for an invoice download (users without an authenticator app),
-- and replay protection of app codes per purpose, so that the code that finished the two-factor
-- set-up (or a sign-in) no longer blocks the next download in the same 30-second window.
CREATE TABLE "one_time_codes" (
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "one_time_codes_user_id_purpose_pk" PRIMARY KEY("user_id","purpose")
);
--> statement-breakpoint
CREATE TABLE "two_factor_used_steps" (
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"time_step" integer NOT NULL,
	CONSTRAINT "two_factor_used_steps_user_id_purpose_pk" PRIMARY KEY("user_id","purpose")
);
--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor_used_steps" ADD CONSTRAINT "two_factor_used_steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The step each user last spent (at set-up or sign-in) stays spent for signing in.
INSERT INTO "two_factor_used_steps" ("user_id", "purpose", "time_step")
  SELECT "id", 'sign_in', "two_factor_last_step" FROM "users" WHERE "two_factor_last_step" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "two_factor_last_step";--> statement-breakpoint
-- Every table announces its changes (0039_data_change_notices.sql).
CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "one_time_codes"
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change();--> statement-breakpoint
CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "two_factor_used_steps"
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change();
