-- A live stream (GET /api/notifications/stream) must not outlive its session: every way a
-- session ends (sign-out, a password change or reset, a role change, a removed account, a claimed
-- order, expiry) deletes its row or bumps the account's token version or role. These triggers
-- tell every process's listener which accounts to check again, in the notifier's own channel
-- (modules/notifications/routes.ts). One notice per statement; a sweep of many sessions says
-- 'everyone' instead of listing them, since a notice carries at most 8000 bytes.
CREATE OR REPLACE FUNCTION noise_notify_sessions(ids json, n integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF n = 0 THEN RETURN; END IF;
  PERFORM pg_notify('noise_notifications', CASE
    WHEN n > 200 THEN json_build_object('userIds', json_build_array(), 'sessions', 'all')::text
    ELSE json_build_object('userIds', ids, 'sessions', 'check')::text
  END);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION noise_notify_sessions_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM noise_notify_sessions(json_agg(DISTINCT user_id), count(DISTINCT user_id)::integer)
    FROM ended;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_ended AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS ended FOR EACH STATEMENT
  EXECUTE FUNCTION noise_notify_sessions_ended();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION noise_notify_token_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM noise_notify_sessions(json_agg(DISTINCT a.id), count(DISTINCT a.id)::integer)
    FROM after_rows a JOIN before_rows b ON b.id = a.id
    WHERE a.token_version IS DISTINCT FROM b.token_version OR a.role IS DISTINCT FROM b.role;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_token_version_changed AFTER UPDATE ON users
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows FOR EACH STATEMENT
  EXECUTE FUNCTION noise_notify_token_version();
