DROP TABLE "auth_attempts" CASCADE;--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "body_html";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "code";