CREATE TABLE "plan_renewal_hours" (
	"starts_at" timestamp with time zone PRIMARY KEY NOT NULL,
	"plans" integer DEFAULT 0 NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_totals" (
	"interval" text NOT NULL,
	"status" text NOT NULL,
	"plans" integer DEFAULT 0 NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL,
	"gst_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "plan_totals_interval_status_pk" PRIMARY KEY("interval","status")
);
--> statement-breakpoint
-- Reporting's recurring figures read these rollups instead of every plan (docs/decisions/109).
-- They are kept by the database itself, in the transaction of every change to `subscriptions`,
-- whatever code or console makes it. A change is a list of signed deltas: a plan's interval and
-- status with its amounts, and, while active, the instant of its next charge with what that
-- charge will be.
CREATE TYPE plan_delta AS (
  plan_interval text,
  plan_status text,
  due_at timestamptz,
  plans integer,
  cents bigint,
  gst_cents bigint,
  due_cents bigint
);
--> statement-breakpoint
CREATE FUNCTION plan_delta_of(s subscriptions, sign integer) RETURNS plan_delta AS $$
  SELECT ROW(s."interval", s.status,
             CASE WHEN s.status = 'active' THEN s.next_charge_at END,
             sign, sign * s.amount_cents::bigint, sign * s.gst_cents::bigint,
             sign * coalesce((s.pending_change->>'amountCents')::bigint, s.amount_cents::bigint)
         )::plan_delta
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
CREATE FUNCTION plan_rollups_apply(deltas plan_delta[]) RETURNS void AS $$
BEGIN
  IF coalesce(cardinality(deltas), 0) = 0 THEN
    RETURN;
  END IF;
  -- Every writer shares this lock and a rebuild takes it alone.
  PERFORM pg_advisory_xact_lock_shared(727276);
  -- Rows in key order, the tables always in this order: writers that meet wait, never deadlock.
  -- Deltas that cancel out (a change to anything else) write nothing and lock nothing.
  INSERT INTO plan_totals AS r ("interval", status, plans, cents, gst_cents)
  SELECT d.plan_interval, d.plan_status, sum(d.plans), sum(d.cents), sum(d.gst_cents)
  FROM unnest(deltas) d
  GROUP BY 1, 2
  HAVING sum(d.plans) <> 0 OR sum(d.cents) <> 0 OR sum(d.gst_cents) <> 0
  ORDER BY 1, 2
  ON CONFLICT ("interval", status) DO UPDATE
    SET plans = r.plans + excluded.plans,
        cents = r.cents + excluded.cents,
        gst_cents = r.gst_cents + excluded.gst_cents;
  INSERT INTO plan_renewal_hours AS r (starts_at, plans, cents)
  SELECT date_bin('1 hour', d.due_at, timestamptz '2000-01-01 00:00:00+00'),
         sum(d.plans), sum(d.due_cents)
  FROM unnest(deltas) d
  WHERE d.due_at IS NOT NULL
  GROUP BY 1
  HAVING sum(d.plans) <> 0 OR sum(d.due_cents) <> 0
  ORDER BY 1
  ON CONFLICT (starts_at) DO UPDATE
    SET plans = r.plans + excluded.plans,
        cents = r.cents + excluded.cents;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION subscriptions_plan_rollups() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM plan_rollups_apply(array(SELECT plan_delta_of(n, 1) FROM new_rows n));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM plan_rollups_apply(array(
      SELECT plan_delta_of(o, -1) FROM old_rows o
      UNION ALL
      SELECT plan_delta_of(n, 1) FROM new_rows n));
  ELSE
    PERFORM plan_rollups_apply(array(SELECT plan_delta_of(o, -1) FROM old_rows o));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER subscriptions_plan_rollups_insert AFTER INSERT ON subscriptions
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscriptions_plan_rollups();
--> statement-breakpoint
CREATE TRIGGER subscriptions_plan_rollups_update AFTER UPDATE ON subscriptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscriptions_plan_rollups();
--> statement-breakpoint
CREATE TRIGGER subscriptions_plan_rollups_delete AFTER DELETE ON subscriptions
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscriptions_plan_rollups();
--> statement-breakpoint
-- Both rollups recomputed from the plans: for this migration, and to repair after a TRUNCATE
-- (which passes the triggers by).
CREATE FUNCTION plan_rollups_rebuild() RETURNS void AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727276);
  DELETE FROM plan_totals;
  DELETE FROM plan_renewal_hours;
  PERFORM plan_rollups_apply(array(SELECT plan_delta_of(s, 1) FROM subscriptions s));
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
SELECT plan_rollups_rebuild();
--> statement-breakpoint
-- The covering indexes of migration 0052 carried the sums the rollups now keep.
DROP INDEX IF EXISTS "subscriptions_live_covering_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "subscriptions_due_covering_idx";
