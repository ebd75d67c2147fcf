CREATE TABLE "invoice_owed" (
	"center_id" uuid NOT NULL,
	"status" text NOT NULL,
	"owed_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_owed_center_id_status_pk" PRIMARY KEY("center_id","status")
);
--> statement-breakpoint
ALTER TABLE "invoice_owed" ADD CONSTRAINT "invoice_owed_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Owed per centre and status: one grouped upsert of the differences per statement, in key order
-- (as the counts of migration 0016); a payment moves an invoice's owed amount, and a status
-- change moves it from one status to the other.
CREATE FUNCTION sprout_keep_owed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  plus text := 'SELECT center_id, status, total_paise - paid_paise AS p FROM new_rows';
  minus text := 'SELECT center_id, status, paid_paise - total_paise FROM old_rows';
  changes text := CASE TG_OP WHEN 'INSERT' THEN plus WHEN 'DELETE' THEN minus ELSE plus || ' UNION ALL ' || minus END;
BEGIN
  EXECUTE format(
    'INSERT INTO invoice_owed AS kept (center_id, status, owed_paise)
       SELECT center_id, status, sum(p) FROM (%s) AS c GROUP BY 1, 2 HAVING sum(p) <> 0 ORDER BY 1, 2
     ON CONFLICT (center_id, status) DO UPDATE SET owed_paise = kept.owed_paise + excluded.owed_paise',
    changes);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_owed_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_keep_owed();
--> statement-breakpoint
CREATE TRIGGER invoices_owed_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_keep_owed();
--> statement-breakpoint
CREATE TRIGGER invoices_owed_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_keep_owed();
--> statement-breakpoint
INSERT INTO invoice_owed (center_id, status, owed_paise)
  SELECT center_id, status, sum(total_paise - paid_paise) FROM invoices GROUP BY 1, 2;
--> statement-breakpoint
-- A room's youngest enrolled child (the ratio band): one index probe per room, not a join of
-- every child of the centres.
CREATE INDEX IF NOT EXISTS "students_room_youngest_idx" ON "students" USING btree ("class_id","date_of_birth")
  WHERE "status" <> 'left';
