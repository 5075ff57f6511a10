-- Whose bells changed is told to every process's live streams by the database when notifications
-- are added (modules/notifications/live-streams.ts), as session ends are (migration 0019), instead
-- of by a statement of the notifier after each write: an order's bells are then one statement
-- each, not two. One notice per statement, delivered when the adding transaction commits, at
-- most 200 accounts in each (a notice carries at most 8000 bytes).
CREATE OR REPLACE FUNCTION noise_notify_notifications_added() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  people json;
BEGIN
  FOR people IN
    SELECT json_agg(user_id)
    FROM (
      SELECT user_id, (row_number() OVER (ORDER BY user_id) - 1) / 200 AS part
      FROM (SELECT DISTINCT user_id FROM added) distinct_people
    ) numbered
    GROUP BY part
  LOOP
    PERFORM pg_notify('noise_notifications', json_build_object('userIds', people)::text);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_added AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION noise_notify_notifications_added();
