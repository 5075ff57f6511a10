-- Reporting's recurring figures read every live plan's amount and the renewals of the next 30
-- days at each request (docs/performance.md): these indexes carry what they sum, so both are read
-- from the index alone once the table is vacuumed.
CREATE INDEX IF NOT EXISTS "subscriptions_live_covering_idx" ON "subscriptions" USING btree ("status", "interval") INCLUDE ("amount_cents", "gst_cents");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subscriptions_due_covering_idx" ON "subscriptions" USING btree ("status", "next_charge_at") INCLUDE ("amount_cents", "pending_change");
