-- A request of a request plan is a project row (docs/decisions/091) but not an order of its own:
-- its plan is the sale. The rollups that the overview and the reports read leave requests out
-- (docs/decisions/097): they add no order, under no service title (a request's title is the
-- client's own words). A request has no payments, so the payment and refund triggers are as
-- they were.
CREATE OR REPLACE FUNCTION projects_sales_rollups() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM sales_rollups_apply(array(
      SELECT ROW(n.created_at, coalesce(n.coordinator_id, ''), n.service_title, 0, 0, 1)::sales_delta
      FROM new_rows n WHERE n.plan_project_id IS NULL));
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
          AND o.plan_project_id IS NULL AND n.plan_project_id IS NULL
      ),
      kept AS (
        SELECT p.project_id, p.created_at AS at, p.amount_cents::bigint AS cents,
               p.gst_cents::bigint AS gst
        FROM payments p WHERE p.status = 'succeeded' AND p.project_id IN (SELECT id FROM moved)
        UNION ALL
        SELECT p.project_id, r.created_at, -r.amount_cents::bigint, -r.gst_cents::bigint
        FROM refunds r JOIN payments p ON p.id = r.payment_id
        WHERE r.status = 'succeeded' AND p.project_id IN (SELECT id FROM moved)
      )
      SELECT ROW(old_at, old_coordinator, old_title, 0, 0, -1)::sales_delta FROM moved
      UNION ALL
      SELECT ROW(new_at, new_coordinator, new_title, 0, 0, 1)::sales_delta FROM moved
      UNION ALL
      SELECT ROW(k.at, m.old_coordinator, m.old_title, -k.cents, -k.gst, 0)::sales_delta
      FROM moved m JOIN kept k ON k.project_id = m.id
      WHERE (m.old_coordinator, m.old_title) IS DISTINCT FROM (m.new_coordinator, m.new_title)
      UNION ALL
      SELECT ROW(k.at, m.new_coordinator, m.new_title, k.cents, k.gst, 0)::sales_delta
      FROM moved m JOIN kept k ON k.project_id = m.id
      WHERE (m.old_coordinator, m.old_title) IS DISTINCT FROM (m.new_coordinator, m.new_title)));
  ELSE
    -- Its payments are gone already: the foreign key refuses to delete a project that has any.
    PERFORM sales_rollups_apply(array(
      SELECT ROW(o.created_at, coalesce(o.coordinator_id, ''), o.service_title, 0, 0, -1)::sales_delta
      FROM old_rows o WHERE o.plan_project_id IS NULL));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- What the rollups sum: money received, less money refunded, and orders placed (not requests).
CREATE OR REPLACE VIEW sales_contributions AS
  SELECT p.created_at AS at, coalesce(j.coordinator_id, '') AS coordinator_id, j.service_title,
         p.amount_cents::bigint AS sales_cents, p.gst_cents::bigint AS gst_cents, 0 AS orders
  FROM payments p LEFT JOIN projects j ON j.id = p.project_id
  WHERE p.status = 'succeeded'
  UNION ALL
  SELECT created_at, coalesce(coordinator_id, ''), service_title, 0, 0, 1 FROM projects
  WHERE plan_project_id IS NULL
  UNION ALL
  SELECT r.created_at, coalesce(j.coordinator_id, ''), j.service_title,
         -r.amount_cents::bigint, -r.gst_cents::bigint, 0
  FROM refunds r JOIN payments p ON p.id = r.payment_id
  LEFT JOIN projects j ON j.id = p.project_id
  WHERE r.status = 'succeeded';
--> statement-breakpoint
-- Requests made before this counted as orders: the rollups are summed again without them, only
-- where there are any (a shop without requests pays nothing here).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM projects WHERE plan_project_id IS NOT NULL) THEN
    PERFORM sales_rollups_rebuild();
  END IF;
END;
$$;
