ALTER TABLE "custom_quotes" ADD COLUMN "balance_due_date" date;--> statement-breakpoint
ALTER TABLE "custom_quotes" ADD COLUMN "balance_reminded_before_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "custom_quotes" ADD COLUMN "balance_reminded_after_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "custom_quotes_balance_due_idx" ON "custom_quotes" USING btree ("balance_due_date") WHERE "custom_quotes"."balance_due_date" is not null and "custom_quotes"."paid_at" is null;--> statement-breakpoint
-- Balances asked for before reminders existed are due a week after they were asked for (UTC day).
UPDATE "custom_quotes" SET "balance_due_date" = (("balance_requested_at" AT TIME ZONE 'UTC')::date + 7) WHERE "balance_requested_at" IS NOT NULL AND "paid_at" IS NULL;
