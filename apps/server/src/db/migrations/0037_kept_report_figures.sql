CREATE TABLE "attendance_day_counts" (
	"center_id" uuid NOT NULL,
	"day" date NOT NULL,
	"present" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "attendance_day_counts_center_id_day_pk" PRIMARY KEY("center_id","day")
);
--> statement-breakpoint
CREATE TABLE "money_day_totals" (
	"center_id" uuid NOT NULL,
	"day" date NOT NULL,
	"invoices" integer DEFAULT 0 NOT NULL,
	"invoiced_paise" bigint DEFAULT 0 NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"received_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "money_day_totals_center_id_day_pk" PRIMARY KEY("center_id","day")
);
--> statement-breakpoint
ALTER TABLE "attendance_day_counts" ADD CONSTRAINT "attendance_day_counts_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_day_totals" ADD CONSTRAINT "money_day_totals_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Children present per centre and day (issue 17's speed): each (centre, day) a statement touches is
-- counted again from the (center_id, day, student_id) index. A transaction-scoped advisory lock per
-- pair, taken in key order, makes a second writer of the same pair wait until the first commits;
-- its count then runs on a fresh snapshot (READ COMMITTED) and sees both stays. An update touches
-- a pair only when it moves a stay to another centre, day or child (a check-out does not).
CREATE FUNCTION sprout_keep_attendance_days() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT center_id, day FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT center_id, day FROM old_rows'
    ELSE 'SELECT x.center_id, x.day FROM new_rows n JOIN old_rows o USING (id)
            CROSS JOIN LATERAL (VALUES (n.center_id, n.day), (o.center_id, o.day)) AS x (center_id, day)
          WHERE (n.center_id, n.day, n.student_id) IS DISTINCT FROM (o.center_id, o.day, o.student_id)'
  END;
  pair record;
BEGIN
  FOR pair IN EXECUTE format('SELECT DISTINCT center_id, day FROM (%s) AS t ORDER BY 1, 2', touched) LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('attendance_day_counts:' || pair.center_id || ':' || pair.day, 0));
    INSERT INTO attendance_day_counts AS kept (center_id, day, present)
      SELECT pair.center_id, pair.day, count(DISTINCT student_id) FROM attendance_stays
      WHERE center_id = pair.center_id AND day = pair.day
    ON CONFLICT (center_id, day) DO UPDATE SET present = excluded.present;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER attendance_days_insert AFTER INSERT ON attendance_stays REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_keep_attendance_days();
--> statement-breakpoint
CREATE TRIGGER attendance_days_update AFTER UPDATE ON attendance_stays REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_keep_attendance_days();
--> statement-breakpoint
CREATE TRIGGER attendance_days_delete AFTER DELETE ON attendance_stays REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_keep_attendance_days();
--> statement-breakpoint
INSERT INTO attendance_day_counts (center_id, day, present)
  SELECT center_id, day, count(DISTINCT student_id) FROM attendance_stays GROUP BY 1, 2;
--> statement-breakpoint
-- Money per centre and day: one grouped upsert of the differences per statement, in key order
-- (as the list counts of migration 0016). A change that moves no money (a payment updating
-- paid_paise, a status turning Overdue) sums to zero and writes nothing.
CREATE FUNCTION sprout_keep_invoiced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  plus text := 'SELECT center_id, issue_date AS day, 1 AS d, total_paise AS p FROM new_rows WHERE status <> ''Cancelled''';
  minus text := 'SELECT center_id, issue_date, -1, -total_paise FROM old_rows WHERE status <> ''Cancelled''';
  changes text := CASE TG_OP WHEN 'INSERT' THEN plus WHEN 'DELETE' THEN minus ELSE plus || ' UNION ALL ' || minus END;
BEGIN
  EXECUTE format(
    'INSERT INTO money_day_totals AS kept (center_id, day, invoices, invoiced_paise)
       SELECT center_id, day, sum(d), sum(p) FROM (%s) AS c
       GROUP BY 1, 2 HAVING sum(d) <> 0 OR sum(p) <> 0 ORDER BY 1, 2
     ON CONFLICT (center_id, day) DO UPDATE
       SET invoices = kept.invoices + excluded.invoices, invoiced_paise = kept.invoiced_paise + excluded.invoiced_paise',
    changes);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A payment counts in its invoice's centre (payments carry no centre; an invoice never moves).
CREATE FUNCTION sprout_keep_received() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  plus text := 'SELECT i.center_id, r.paid_on AS day, 1 AS d, r.amount_paise AS p FROM new_rows r JOIN invoices i ON i.id = r.invoice_id';
  minus text := 'SELECT i.center_id, r.paid_on, -1, -r.amount_paise FROM old_rows r JOIN invoices i ON i.id = r.invoice_id';
  changes text := CASE TG_OP WHEN 'INSERT' THEN plus WHEN 'DELETE' THEN minus ELSE plus || ' UNION ALL ' || minus END;
BEGIN
  EXECUTE format(
    'INSERT INTO money_day_totals AS kept (center_id, day, payments, received_paise)
       SELECT center_id, day, sum(d), sum(p) FROM (%s) AS c
       GROUP BY 1, 2 HAVING sum(d) <> 0 OR sum(p) <> 0 ORDER BY 1, 2
     ON CONFLICT (center_id, day) DO UPDATE
       SET payments = kept.payments + excluded.payments, received_paise = kept.received_paise + excluded.received_paise',
    changes);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_money_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_keep_invoiced();
--> statement-breakpoint
CREATE TRIGGER invoices_money_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_keep_invoiced();
--> statement-breakpoint
CREATE TRIGGER invoices_money_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_keep_invoiced();
--> statement-breakpoint
CREATE TRIGGER payments_money_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_keep_received();
--> statement-breakpoint
CREATE TRIGGER payments_money_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_keep_received();
--> statement-breakpoint
CREATE TRIGGER payments_money_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sprout_keep_received();
--> statement-breakpoint
INSERT INTO money_day_totals (center_id, day, invoices, invoiced_paise, payments, received_paise)
  SELECT center_id, day, sum(invoices), sum(invoiced), sum(payments), sum(received) FROM (
    SELECT center_id, issue_date AS day, count(*) AS invoices, sum(total_paise) AS invoiced, 0 AS payments, 0 AS received
      FROM invoices WHERE status <> 'Cancelled' GROUP BY 1, 2
    UNION ALL
    SELECT i.center_id, p.paid_on, 0, 0, count(*), sum(p.amount_paise)
      FROM payments p JOIN invoices i ON i.id = p.invoice_id GROUP BY 1, 2
  ) AS money GROUP BY 1, 2;
--> statement-breakpoint
-- What is still owed (the financial overview, the centre comparison, dues ageing): the unpaid
-- invoices alone, with what the sums and the ageing buckets read, in an index-only scan.
CREATE INDEX IF NOT EXISTS "invoices_unpaid_center_due_idx" ON "invoices" USING btree ("center_id","due_date")
  INCLUDE ("total_paise","paid_paise","status") WHERE "status" IN ('Pending', 'Overdue');
