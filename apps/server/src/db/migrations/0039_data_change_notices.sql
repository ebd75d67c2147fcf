-- Every instance keeps the answers to its hot reads (lists, dashboards) in memory; a change to any
-- table, by any instance, a job or by hand, names that table to every instance (LISTEN
-- sprout_data_changes), and the answers that read it are dropped. One notice per statement: a
-- transaction's identical notices arrive once, when it commits.
CREATE FUNCTION sprout_notify_data_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sprout_data_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  name text;
BEGIN
  FOR name IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
    EXECUTE format(
      'CREATE TRIGGER sprout_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
         FOR EACH STATEMENT EXECUTE FUNCTION sprout_notify_data_change()', name);
  END LOOP;
END
$$;
