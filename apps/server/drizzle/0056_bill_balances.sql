-- What Reporting's invoices by age need to find the bills still owed without reading every sent
-- bill (docs/decisions/111). The figures shown still come from billFigures over the payments.
-- A bill's total, as billMoney makes it (packages/shared/src/bills.ts): each line's net is its
-- quantity in hundredths times its unit price over 100 (a whole number of cents, as the form
-- checks), with GST at 10% rounded half up on the line when it carries GST.
CREATE FUNCTION bill_total_cents(lines jsonb) RETURNS integer AS $$
  SELECT coalesce(sum(net + CASE WHEN (line->>'gst')::boolean
                                 THEN floor((net * 10 + 50) / 100.0)::bigint ELSE 0 END), 0)::integer
  FROM (SELECT line, (line->>'quantityHundredths')::bigint * (line->>'unitCents')::bigint / 100 AS net
        FROM jsonb_array_elements(lines) AS line) l
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "total_cents" integer GENERATED ALWAYS AS (bill_total_cents("lines")) STORED;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "paid_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What has been paid of a bill, as billPaid counts it: its succeeded payments less their
-- succeeded reversals. The bill's row is locked first, so two payments of one bill recount one
-- after the other and the second sees the first.
CREATE FUNCTION bill_paid_recount(bill text) RETURNS void AS $$
BEGIN
  PERFORM 1 FROM bills WHERE id = bill FOR UPDATE;
  UPDATE bills SET paid_cents = (
    SELECT coalesce(sum(p.amount_cents - coalesce((
      SELECT sum(r.amount_cents) FROM refunds r
      WHERE r.payment_id = p.id AND r.status = 'succeeded'), 0)), 0)
    FROM payments p WHERE p.bill_id = bill AND p.status = 'succeeded')
  WHERE id = bill;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION payments_bill_paid() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.bill_id IS NOT NULL THEN
    PERFORM bill_paid_recount(OLD.bill_id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.bill_id IS NOT NULL
     AND (TG_OP = 'INSERT' OR NEW.bill_id IS DISTINCT FROM OLD.bill_id) THEN
    PERFORM bill_paid_recount(NEW.bill_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER payments_bill_paid_insert AFTER INSERT ON payments
  FOR EACH ROW WHEN (NEW.bill_id IS NOT NULL) EXECUTE FUNCTION payments_bill_paid();
--> statement-breakpoint
CREATE TRIGGER payments_bill_paid_update AFTER UPDATE ON payments
  FOR EACH ROW WHEN (OLD.bill_id IS NOT NULL OR NEW.bill_id IS NOT NULL)
  EXECUTE FUNCTION payments_bill_paid();
--> statement-breakpoint
CREATE TRIGGER payments_bill_paid_delete AFTER DELETE ON payments
  FOR EACH ROW WHEN (OLD.bill_id IS NOT NULL) EXECUTE FUNCTION payments_bill_paid();
--> statement-breakpoint
CREATE FUNCTION refunds_bill_paid() RETURNS trigger AS $$
DECLARE
  bill text;
BEGIN
  SELECT p.bill_id INTO bill FROM payments p
  WHERE p.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.payment_id ELSE NEW.payment_id END;
  IF bill IS NOT NULL THEN
    PERFORM bill_paid_recount(bill);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER refunds_bill_paid AFTER INSERT OR UPDATE OR DELETE ON refunds
  FOR EACH ROW EXECUTE FUNCTION refunds_bill_paid();
--> statement-breakpoint
SELECT bill_paid_recount(id) FROM bills;
--> statement-breakpoint
CREATE INDEX "bills_outstanding_idx" ON "bills" USING btree ("due_date") WHERE "bills"."sent_at" is not null and "bills"."voided_at" is null and "bills"."paid_cents" < "bills"."total_cents";
