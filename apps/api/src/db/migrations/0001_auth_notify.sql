-- Every API process keeps the sessions it has checked in memory for a short time (features/auth/session-cache.ts)
-- and forgets a user's entries when told on this channel: any change to a user or to one of their sessions
-- (logout, password reset, profile edit, admin edit, archive, delete) notifies every process listening.
CREATE FUNCTION staybook_auth_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('staybook_auth', OLD.id::text);
  ELSE
    PERFORM pg_notify('staybook_auth', OLD.user_id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_auth_notify AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION staybook_auth_notify();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_notify AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION staybook_auth_notify();
