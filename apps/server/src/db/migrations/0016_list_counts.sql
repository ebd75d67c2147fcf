CREATE TABLE "invoice_counts" (
	"center_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counts_center_id_status_pk" PRIMARY KEY("center_id","status")
);
--> statement-breakpoint
CREATE TABLE "student_counts" (
	"center_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "student_counts_center_id_status_pk" PRIMARY KEY("center_id","status")
);
--> statement-breakpoint
ALTER TABLE "invoice_counts" ADD CONSTRAINT "invoice_counts_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_counts" ADD CONSTRAINT "student_counts_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept counts: one grouped upsert per statement (monthly invoicing inserts thousands of rows in
-- one statement), in key order so that concurrent changes lock counter rows in the same order.
CREATE FUNCTION sprout_keep_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT center_id, status, 1 AS d FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT center_id, status, -1 AS d FROM old_rows'
    ELSE 'SELECT center_id, status, 1 AS d FROM new_rows UNION ALL SELECT center_id, status, -1 FROM old_rows'
  END;
BEGIN
  EXECUTE format(
    'INSERT INTO %1$I AS kept (center_id, status, n)
       SELECT center_id, status, sum(d) FROM (%2$s) AS c GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
     ON CONFLICT (center_id, status) DO UPDATE SET n = kept.n + excluded.n',
    TG_ARGV[0], changes);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER students_counts_insert AFTER INSERT ON students REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_keep_counts('student_counts');
--> statement-breakpoint
CREATE TRIGGER students_counts_update AFTER UPDATE ON students REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_keep_counts('student_counts');
--> statement-breakpoint
CREATE TRIGGER students_counts_delete AFTER DELETE ON students REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_keep_counts('student_counts');
--> statement-breakpoint
CREATE TRIGGER invoices_counts_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_keep_counts('invoice_counts');
--> statement-breakpoint
CREATE TRIGGER invoices_counts_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_keep_counts('invoice_counts');
--> statement-breakpoint
CREATE TRIGGER invoices_counts_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_keep_counts('invoice_counts');
--> statement-breakpoint
INSERT INTO student_counts (center_id, status, n) SELECT center_id, status, count(*) FROM students GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO invoice_counts (center_id, status, n) SELECT center_id, status, count(*) FROM invoices GROUP BY 1, 2;
--> statement-breakpoint
-- Name search with a leading wildcard ('%sha%') uses trigram indexes; lists sort by name in an index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX students_full_name_trgm_idx ON students USING gin ((first_name || ' ' || last_name) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX students_student_id_trgm_idx ON students USING gin (student_id gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX enquiries_child_name_trgm_idx ON enquiries USING gin (child_name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX students_name_order_idx ON students (first_name, last_name, id);
--> statement-breakpoint
CREATE INDEX students_center_name_order_idx ON students (center_id, first_name, last_name, id);
