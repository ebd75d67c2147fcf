-- Every instance keeps signed-in sessions and their users in memory; a change to either, by any
-- instance or by hand, tells every instance to forget its copy (LISTEN sprout_auth_changes).
CREATE FUNCTION sprout_notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sprout_auth_changes', TG_ARGV[0] || ':' || OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_auth_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION sprout_notify_auth_change('user');
--> statement-breakpoint
CREATE TRIGGER sessions_auth_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION sprout_notify_auth_change('session');
