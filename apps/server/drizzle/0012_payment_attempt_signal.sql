-- A checkout waiting on another request's payment attempt (same idempotency key) is woken when
-- that attempt's state changes, in any server process: NOTIFY is sent when the change commits.
CREATE OR REPLACE FUNCTION notify_payment_attempt_state() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('payment_attempt_state', NEW.id::text);
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER payment_attempt_state_changed
  AFTER UPDATE OF state ON payment_attempts
  FOR EACH ROW
  WHEN (OLD.state IS DISTINCT FROM NEW.state)
  EXECUTE FUNCTION notify_payment_attempt_state();
