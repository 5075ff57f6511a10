CREATE TABLE "sales_days" (
	"day" date NOT NULL,
	"coordinator_id" text NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	"gst_cents" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_days_day_coordinator_id_pk" PRIMARY KEY("day","coordinator_id")
);
--> statement-breakpoint
CREATE TABLE "sales_quarter_hours" (
	"starts_at" timestamp with time zone NOT NULL,
	"coordinator_id" text NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	"gst_cents" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_quarter_hours_starts_at_coordinator_id_pk" PRIMARY KEY("starts_at","coordinator_id")
);
--> statement-breakpoint
CREATE TABLE "sales_rollup_zone" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "sales_rollup_zone_one_row" CHECK ("sales_rollup_zone"."id")
);
--> statement-breakpoint
CREATE TABLE "service_sales_days" (
	"day" date NOT NULL,
	"service_title" text NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "service_sales_days_day_service_title_pk" PRIMARY KEY("day","service_title")
);
--> statement-breakpoint
-- The rollups are kept by the database itself, in the transaction of every change to payments
-- and projects, whatever code or console makes it (docs/decisions/059-sales-rollups.md). A
-- change is a list of signed amounts, each at an instant, under a co-ordinator ('' for none) and
-- a service title (null: not a project's, so not counted by service).
CREATE TYPE sales_delta AS (
  at timestamptz,
  coordinator_id text,
  service_title text,
  sales_cents bigint,
  gst_cents bigint,
  orders integer
);
--> statement-breakpoint
CREATE FUNCTION sales_rollups_apply(deltas sales_delta[]) RETURNS void AS $$
DECLARE
  zone text;
BEGIN
  IF coalesce(cardinality(deltas), 0) = 0 THEN
    RETURN;
  END IF;
  -- Every writer shares this lock and a rebuild takes it alone: a rebuild never misses a change
  -- still being committed, and no change lands in tables being rebuilt for another zone.
  PERFORM pg_advisory_xact_lock_shared(727275);
  SELECT time_zone INTO zone FROM sales_rollup_zone;
  -- Each table's rows are taken in key order, and the tables always in this order, so two
  -- writers that meet on the same rows wait for each other instead of deadlocking.
  INSERT INTO sales_quarter_hours AS r (starts_at, coordinator_id, sales_cents, gst_cents, orders)
  SELECT date_bin('15 minutes', d.at, timestamptz '2000-01-01 00:00:00+00'), d.coordinator_id,
         sum(d.sales_cents), sum(d.gst_cents), sum(d.orders)
  FROM unnest(deltas) d
  GROUP BY 1, 2
  HAVING sum(d.sales_cents) <> 0 OR sum(d.gst_cents) <> 0 OR sum(d.orders) <> 0
  ORDER BY 1, 2
  ON CONFLICT (starts_at, coordinator_id) DO UPDATE
    SET sales_cents = r.sales_cents + excluded.sales_cents,
        gst_cents = r.gst_cents + excluded.gst_cents,
        orders = r.orders + excluded.orders;
  INSERT INTO sales_days AS r (day, coordinator_id, sales_cents, gst_cents, orders)
  SELECT (d.at AT TIME ZONE zone)::date, d.coordinator_id,
         sum(d.sales_cents), sum(d.gst_cents), sum(d.orders)
  FROM unnest(deltas) d
  GROUP BY 1, 2
  HAVING sum(d.sales_cents) <> 0 OR sum(d.gst_cents) <> 0 OR sum(d.orders) <> 0
  ORDER BY 1, 2
  ON CONFLICT (day, coordinator_id) DO UPDATE
    SET sales_cents = r.sales_cents + excluded.sales_cents,
        gst_cents = r.gst_cents + excluded.gst_cents,
        orders = r.orders + excluded.orders;
  INSERT INTO service_sales_days AS r (day, service_title, sales_cents, orders)
  SELECT (d.at AT TIME ZONE zone)::date, d.service_title, sum(d.sales_cents), sum(d.orders)
  FROM unnest(deltas) d
  WHERE d.service_title IS NOT NULL
  GROUP BY 1, 2
  HAVING sum(d.sales_cents) <> 0 OR sum(d.orders) <> 0
  ORDER BY 1, 2
  ON CONFLICT (day, service_title) DO UPDATE
    SET sales_cents = r.sales_cents + excluded.sales_cents,
        orders = r.orders + excluded.orders;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- What a payment adds (sign 1) or takes away (sign -1): its amount when it succeeded, under its
-- project's co-ordinator and service title at this moment.
CREATE FUNCTION sales_payment_delta(p payments, sign integer) RETURNS sales_delta AS $$
  SELECT ROW(p.created_at, coalesce(j.coordinator_id, ''), j.service_title,
             sign * p.amount_cents::bigint, sign * p.gst_cents::bigint, 0)::sales_delta
  FROM (VALUES (1)) AS one
  LEFT JOIN projects j ON j.id = p.project_id
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
-- Payments: inserted, changed (status, amount, GST, time or project) or deleted. The projects
-- they count under are locked first (FOR SHARE), so a reassignment of one of them waits for this
-- change, or this change for it, and reads the other's result.
CREATE FUNCTION payments_sales_rollups() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM projects
    WHERE id IN (SELECT project_id FROM new_rows WHERE status = 'succeeded')
    ORDER BY id FOR SHARE;
    PERFORM sales_rollups_apply(array(
      SELECT sales_payment_delta(n, 1) FROM new_rows n WHERE n.status = 'succeeded'));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM 1 FROM projects
    WHERE id IN (SELECT project_id FROM old_rows UNION SELECT project_id FROM new_rows)
    ORDER BY id FOR SHARE;
    PERFORM sales_rollups_apply(array(
      SELECT sales_payment_delta(o, -1)
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.status = 'succeeded'
        AND (o.status, o.amount_cents, o.gst_cents, o.created_at, o.project_id)
            IS DISTINCT FROM (n.status, n.amount_cents, n.gst_cents, n.created_at, n.project_id)
      UNION ALL
      SELECT sales_payment_delta(n, 1)
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.status = 'succeeded'
        AND (o.status, o.amount_cents, o.gst_cents, o.created_at, o.project_id)
            IS DISTINCT FROM (n.status, n.amount_cents, n.gst_cents, n.created_at, n.project_id)));
  ELSE
    PERFORM 1 FROM projects
    WHERE id IN (SELECT project_id FROM old_rows WHERE status = 'succeeded')
    ORDER BY id FOR SHARE;
    PERFORM sales_rollups_apply(array(
      SELECT sales_payment_delta(o, -1) FROM old_rows o WHERE o.status = 'succeeded'));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER payments_sales_rollups_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payments_sales_rollups();
--> statement-breakpoint
CREATE TRIGGER payments_sales_rollups_update AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payments_sales_rollups();
--> statement-breakpoint
CREATE TRIGGER payments_sales_rollups_delete AFTER DELETE ON payments
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payments_sales_rollups();
--> statement-breakpoint
-- Projects: an order placed, moved (its time, co-ordinator or service title changed: a
-- reassignment, or a co-ordinator deleted, whose projects the foreign key unassigns) or deleted.
-- A project that changes co-ordinator or service takes the money it received along.
CREATE FUNCTION projects_sales_rollups() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM sales_rollups_apply(array(
      SELECT ROW(n.created_at, coalesce(n.coordinator_id, ''), n.service_title, 0, 0, 1)::sales_delta
      FROM new_rows n));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM sales_rollups_apply(array(
      WITH moved AS (
        SELECT n.id,
               o.created_at AS old_at, coalesce(o.coordinator_id, '') AS old_coordinator,
               o.service_title AS old_title,
               n.created_at AS new_at, coalesce(n.coordinator_id, '') AS new_coordinator,
               n.service_title AS new_title
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.created_at, o.coordinator_id, o.service_title)
              IS DISTINCT FROM (n.created_at, n.coordinator_id, n.service_title)
      )
      SELECT ROW(old_at, old_coordinator, old_title, 0, 0, -1)::sales_delta FROM moved
      UNION ALL
      SELECT ROW(new_at, new_coordinator, new_title, 0, 0, 1)::sales_delta FROM moved
      UNION ALL
      SELECT ROW(p.created_at, m.old_coordinator, m.old_title,
                 -p.amount_cents::bigint, -p.gst_cents::bigint, 0)::sales_delta
      FROM moved m JOIN payments p ON p.project_id = m.id AND p.status = 'succeeded'
      WHERE (m.old_coordinator, m.old_title) IS DISTINCT FROM (m.new_coordinator, m.new_title)
      UNION ALL
      SELECT ROW(p.created_at, m.new_coordinator, m.new_title,
                 p.amount_cents::bigint, p.gst_cents::bigint, 0)::sales_delta
      FROM moved m JOIN payments p ON p.project_id = m.id AND p.status = 'succeeded'
      WHERE (m.old_coordinator, m.old_title) IS DISTINCT FROM (m.new_coordinator, m.new_title)));
  ELSE
    -- Its payments are gone already: the foreign key refuses to delete a project that has any.
    PERFORM sales_rollups_apply(array(
      SELECT ROW(o.created_at, coalesce(o.coordinator_id, ''), o.service_title, 0, 0, -1)::sales_delta
      FROM old_rows o));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER projects_sales_rollups_insert AFTER INSERT ON projects
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION projects_sales_rollups();
--> statement-breakpoint
CREATE TRIGGER projects_sales_rollups_update AFTER UPDATE ON projects
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION projects_sales_rollups();
--> statement-breakpoint
CREATE TRIGGER projects_sales_rollups_delete AFTER DELETE ON projects
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION projects_sales_rollups();
--> statement-breakpoint
-- What the rollups sum, straight from the payments and projects: money received when a payment
-- succeeded, and an order when a project was placed. The rebuild and the recounts read this.
CREATE VIEW sales_contributions AS
  SELECT p.created_at AS at, coalesce(j.coordinator_id, '') AS coordinator_id, j.service_title,
         p.amount_cents::bigint AS sales_cents, p.gst_cents::bigint AS gst_cents, 0 AS orders
  FROM payments p LEFT JOIN projects j ON j.id = p.project_id
  WHERE p.status = 'succeeded'
  UNION ALL
  SELECT created_at, coalesce(coordinator_id, ''), service_title, 0, 0, 1 FROM projects;
--> statement-breakpoint
-- Every rollup recomputed from the payments and projects: for this migration, after a bulk load
-- and when the time zone changes. Nothing writes meanwhile.
CREATE FUNCTION sales_rollups_rebuild() RETURNS void AS $$
DECLARE
  zone text;
BEGIN
  PERFORM pg_advisory_xact_lock(727275);
  SELECT time_zone INTO zone FROM sales_rollup_zone;
  TRUNCATE sales_quarter_hours, sales_days, service_sales_days;
  WITH c AS MATERIALIZED (SELECT * FROM sales_contributions),
  quarter_hours AS (
    INSERT INTO sales_quarter_hours (starts_at, coordinator_id, sales_cents, gst_cents, orders)
    SELECT date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00'), coordinator_id,
           sum(sales_cents), sum(gst_cents), sum(orders)
    FROM c GROUP BY 1, 2
  ),
  days AS (
    INSERT INTO sales_days (day, coordinator_id, sales_cents, gst_cents, orders)
    SELECT (at AT TIME ZONE zone)::date, coordinator_id, sum(sales_cents), sum(gst_cents),
           sum(orders)
    FROM c GROUP BY 1, 2
  )
  INSERT INTO service_sales_days (day, service_title, sales_cents, orders)
  SELECT (at AT TIME ZONE zone)::date, service_title, sum(sales_cents), sum(orders)
  FROM c WHERE service_title IS NOT NULL GROUP BY 1, 2;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- What the overview and reports read while the day rollups are kept in another zone than theirs
-- (another process started with another BUSINESS_TIMEZONE): the quarter hours of the local days
-- in `zone` from `from_day` up to `until_day`, by day; each quarter hour lies within one local
-- day in any zone. Functions, so that the planner of a query over the day rollups never plans,
-- nor starts parallel workers for, a scan it will not run.
CREATE FUNCTION sales_days_recount(zone text, from_day date, until_day date, coordinator text)
RETURNS TABLE (day date, sales_cents bigint, gst_cents bigint, orders bigint) AS $$
BEGIN
  RETURN QUERY
  SELECT (q.starts_at AT TIME ZONE zone)::date, sum(q.sales_cents)::bigint,
         sum(q.gst_cents)::bigint, sum(q.orders)::bigint
  FROM sales_quarter_hours q
  WHERE q.starts_at >= (from_day::timestamp AT TIME ZONE zone)
    AND q.starts_at < (until_day::timestamp AT TIME ZONE zone)
    AND (coordinator IS NULL OR q.coordinator_id = coordinator)
  GROUP BY 1;
END;
$$ LANGUAGE plpgsql STABLE;
--> statement-breakpoint
-- The same by service title, from the payments and projects (a quarter-hour rollup by service
-- would hold about a row per payment).
CREATE FUNCTION service_sales_days_recount(zone text, from_day date, until_day date)
RETURNS TABLE (day date, service_title text, sales_cents bigint, orders bigint) AS $$
BEGIN
  RETURN QUERY
  SELECT (c.at AT TIME ZONE zone)::date, c.service_title, sum(c.sales_cents)::bigint,
         sum(c.orders)::bigint
  FROM sales_contributions c
  WHERE c.service_title IS NOT NULL
    AND c.at >= (from_day::timestamp AT TIME ZONE zone)
    AND c.at < (until_day::timestamp AT TIME ZONE zone)
  GROUP BY 1, 2;
END;
$$ LANGUAGE plpgsql STABLE;
--> statement-breakpoint
-- The server calls this at start with its BUSINESS_TIMEZONE; true when it rebuilt.
CREATE FUNCTION sales_rollups_use_zone(zone text) RETURNS boolean AS $$
BEGIN
  IF (SELECT time_zone FROM sales_rollup_zone) = zone THEN
    RETURN false;
  END IF;
  PERFORM pg_advisory_xact_lock(727275);
  -- Another process may have switched while this one waited.
  IF (SELECT time_zone FROM sales_rollup_zone) = zone THEN
    RETURN false;
  END IF;
  PERFORM now() AT TIME ZONE zone; -- an unknown zone raises here
  UPDATE sales_rollup_zone SET time_zone = zone;
  PERFORM sales_rollups_rebuild();
  RETURN true;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
INSERT INTO sales_rollup_zone (time_zone) VALUES ('Australia/Sydney');
--> statement-breakpoint
SELECT sales_rollups_rebuild();
