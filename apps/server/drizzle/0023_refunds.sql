CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_id" text,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"gst_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"failure_message" text,
	"created_by_id" text,
	"note_number" integer GENERATED ALWAYS AS IDENTITY (sequence name "refunds_note_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_unique" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_unique" ON "refunds" USING btree ("provider","provider_refund_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_status_created_idx" ON "refunds" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_refunds_key_unique" ON "sandbox_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_intent_idx" ON "sandbox_refunds" USING btree ("payment_intent_id");--> statement-breakpoint
-- A refund that went through takes its amount and GST off the sales of the period it was made
-- in (docs/decisions/068-refunds.md), under its payment's project's co-ordinator and service
-- title at this moment, as a payment adds them (0018_sales_rollups.sql).
CREATE FUNCTION sales_refund_delta(r refunds, sign integer) RETURNS sales_delta AS $$
  SELECT ROW(r.created_at, coalesce(j.coordinator_id, ''), j.service_title,
             -sign * r.amount_cents::bigint, -sign * r.gst_cents::bigint, 0)::sales_delta
  FROM payments p LEFT JOIN projects j ON j.id = p.project_id
  WHERE p.id = r.payment_id
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
CREATE FUNCTION refunds_sales_rollups() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM projects
    WHERE id IN (SELECT p.project_id FROM new_rows n JOIN payments p ON p.id = n.payment_id
                 WHERE n.status = 'succeeded')
    ORDER BY id FOR SHARE;
    PERFORM sales_rollups_apply(array(
      SELECT sales_refund_delta(n, 1) FROM new_rows n WHERE n.status = 'succeeded'));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM 1 FROM projects
    WHERE id IN (SELECT p.project_id FROM new_rows n JOIN payments p ON p.id = n.payment_id
                 UNION
                 SELECT p.project_id FROM old_rows o JOIN payments p ON p.id = o.payment_id)
    ORDER BY id FOR SHARE;
    PERFORM sales_rollups_apply(array(
      SELECT sales_refund_delta(o, -1)
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.status = 'succeeded'
        AND (o.status, o.amount_cents, o.gst_cents, o.created_at, o.payment_id)
            IS DISTINCT FROM (n.status, n.amount_cents, n.gst_cents, n.created_at, n.payment_id)
      UNION ALL
      SELECT sales_refund_delta(n, 1)
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.status = 'succeeded'
        AND (o.status, o.amount_cents, o.gst_cents, o.created_at, o.payment_id)
            IS DISTINCT FROM (n.status, n.amount_cents, n.gst_cents, n.created_at, n.payment_id)));
  ELSE
    PERFORM 1 FROM projects
    WHERE id IN (SELECT p.project_id FROM old_rows o JOIN payments p ON p.id = o.payment_id
                 WHERE o.status = 'succeeded')
    ORDER BY id FOR SHARE;
    PERFORM sales_rollups_apply(array(
      SELECT sales_refund_delta(o, -1) FROM old_rows o WHERE o.status = 'succeeded'));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER refunds_sales_rollups_insert AFTER INSERT ON refunds
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refunds_sales_rollups();
--> statement-breakpoint
CREATE TRIGGER refunds_sales_rollups_update AFTER UPDATE ON refunds
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refunds_sales_rollups();
--> statement-breakpoint
CREATE TRIGGER refunds_sales_rollups_delete AFTER DELETE ON refunds
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refunds_sales_rollups();
--> statement-breakpoint
-- A project that changes co-ordinator or service takes its refunds along with its payments.
CREATE OR REPLACE FUNCTION projects_sales_rollups() RETURNS trigger AS $$
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
      FROM old_rows o));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- What the rollups sum: money received, less money refunded, in the period each happened.
CREATE OR REPLACE VIEW sales_contributions AS
  SELECT p.created_at AS at, coalesce(j.coordinator_id, '') AS coordinator_id, j.service_title,
         p.amount_cents::bigint AS sales_cents, p.gst_cents::bigint AS gst_cents, 0 AS orders
  FROM payments p LEFT JOIN projects j ON j.id = p.project_id
  WHERE p.status = 'succeeded'
  UNION ALL
  SELECT created_at, coalesce(coordinator_id, ''), service_title, 0, 0, 1 FROM projects
  UNION ALL
  SELECT r.created_at, coalesce(j.coordinator_id, ''), j.service_title,
         -r.amount_cents::bigint, -r.gst_cents::bigint, 0
  FROM refunds r JOIN payments p ON p.id = r.payment_id
  LEFT JOIN projects j ON j.id = p.project_id
  WHERE r.status = 'succeeded';
--> statement-breakpoint
-- A payment moved to another project (a correction by hand) takes its refunds along.
CREATE OR REPLACE FUNCTION payments_sales_rollups() RETURNS trigger AS $$
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
            IS DISTINCT FROM (n.status, n.amount_cents, n.gst_cents, n.created_at, n.project_id)
      UNION ALL
      SELECT ROW(r.created_at, coalesce(j.coordinator_id, ''), j.service_title,
                 r.amount_cents::bigint, r.gst_cents::bigint, 0)::sales_delta
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN refunds r ON r.payment_id = o.id AND r.status = 'succeeded'
      LEFT JOIN projects j ON j.id = o.project_id
      WHERE o.project_id IS DISTINCT FROM n.project_id
      UNION ALL
      SELECT ROW(r.created_at, coalesce(j.coordinator_id, ''), j.service_title,
                 -r.amount_cents::bigint, -r.gst_cents::bigint, 0)::sales_delta
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN refunds r ON r.payment_id = o.id AND r.status = 'succeeded'
      LEFT JOIN projects j ON j.id = n.project_id
      WHERE o.project_id IS DISTINCT FROM n.project_id));
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
