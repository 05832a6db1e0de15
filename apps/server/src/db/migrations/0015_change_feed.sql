-- Issue 14: every process keeps the site configuration, exchange rates and live sessions in memory. A change to a
-- row they were read from is announced on the channel portal_changes when its transaction commits; each process
-- listens (a dedicated connection, and every pooled one, so a process sees its own writes before their commit returns)
-- and forgets what changed. Payloads: "sites", "exchange_rates", "sessions" (every session), "sessions:<id>",
-- "users:<id>", "companies:<id>".
CREATE OR REPLACE FUNCTION portal_notify_table() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_changes', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_notify_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_changes', TG_TABLE_NAME || ':' || OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sites_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sites FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table();
--> statement-breakpoint
CREATE TRIGGER exchange_rates_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exchange_rates FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table();
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION portal_notify_row();
--> statement-breakpoint
CREATE TRIGGER companies_changed AFTER UPDATE OR DELETE ON companies FOR EACH ROW EXECUTE FUNCTION portal_notify_row();
--> statement-breakpoint
-- The minute-by-minute last_seen_at refresh is the one session update that says nothing new (unless it goes back).
CREATE TRIGGER sessions_changed AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.token_hash IS DISTINCT FROM NEW.token_hash
    OR OLD.embedded IS DISTINCT FROM NEW.embedded OR NEW.last_seen_at < OLD.last_seen_at)
  EXECUTE FUNCTION portal_notify_row();
--> statement-breakpoint
CREATE TRIGGER sessions_deleted AFTER DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table();
