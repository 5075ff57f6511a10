CREATE TABLE "service_sales_months" (
	"month" date NOT NULL,
	"service_title" text NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "service_sales_months_month_service_title_pk" PRIMARY KEY("month","service_title")
);
--> statement-breakpoint
CREATE TABLE "service_sales_quarters" (
	"quarter" date NOT NULL,
	"service_title" text NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "service_sales_quarters_quarter_service_title_pk" PRIMARY KEY("quarter","service_title")
);

--> statement-breakpoint
-- Revenue by Service over long ranges (docs/decisions/084-flat-reads-at-scale.md): the day rows
-- of service_sales_days summed by local month and by local quarter, kept by the same triggers in
-- the same transaction (sales_rollups_apply, below), and filled from the day rows here and after
-- every rebuild.
CREATE FUNCTION service_sales_periods_fill() RETURNS void AS $$
  INSERT INTO service_sales_months (month, service_title, sales_cents, orders)
  SELECT date_trunc('month', day)::date, service_title, sum(sales_cents), sum(orders)
  FROM service_sales_days
  GROUP BY 1, 2
  HAVING sum(sales_cents) <> 0 OR sum(orders) <> 0;
  INSERT INTO service_sales_quarters (quarter, service_title, sales_cents, orders)
  SELECT date_trunc('quarter', day)::date, service_title, sum(sales_cents), sum(orders)
  FROM service_sales_days
  GROUP BY 1, 2
  HAVING sum(sales_cents) <> 0 OR sum(orders) <> 0;
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_rollups_apply(deltas sales_delta[]) RETURNS void AS $$
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
  INSERT INTO service_sales_months AS r (month, service_title, sales_cents, orders)
  SELECT date_trunc('month', d.at AT TIME ZONE zone)::date, d.service_title, sum(d.sales_cents),
         sum(d.orders)
  FROM unnest(deltas) d
  WHERE d.service_title IS NOT NULL
  GROUP BY 1, 2
  HAVING sum(d.sales_cents) <> 0 OR sum(d.orders) <> 0
  ORDER BY 1, 2
  ON CONFLICT (month, service_title) DO UPDATE
    SET sales_cents = r.sales_cents + excluded.sales_cents,
        orders = r.orders + excluded.orders;
  INSERT INTO service_sales_quarters AS r (quarter, service_title, sales_cents, orders)
  SELECT date_trunc('quarter', d.at AT TIME ZONE zone)::date, d.service_title, sum(d.sales_cents),
         sum(d.orders)
  FROM unnest(deltas) d
  WHERE d.service_title IS NOT NULL
  GROUP BY 1, 2
  HAVING sum(d.sales_cents) <> 0 OR sum(d.orders) <> 0
  ORDER BY 1, 2
  ON CONFLICT (quarter, service_title) DO UPDATE
    SET sales_cents = r.sales_cents + excluded.sales_cents,
        orders = r.orders + excluded.orders;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_rollups_rebuild() RETURNS void AS $$
DECLARE
  zone text;
BEGIN
  PERFORM pg_advisory_xact_lock(727275);
  SELECT time_zone INTO zone FROM sales_rollup_zone;
  TRUNCATE sales_quarter_hours, sales_days, service_sales_days, service_sales_months,
    service_sales_quarters;
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
  PERFORM service_sales_periods_fill();
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The sales so far, from the day rows (in the zone they are kept in), under the lock every writer
-- shares: a payment being committed now is in the day rows before they are read, or waits and
-- goes through the new sales_rollups_apply.
SELECT pg_advisory_xact_lock(727275);
--> statement-breakpoint
SELECT service_sales_periods_fill();
