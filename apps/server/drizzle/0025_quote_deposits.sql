DROP INDEX "payment_attempts_live_quote_unique";--> statement-breakpoint
ALTER TABLE "custom_quotes" ADD COLUMN "deposit_percent" integer;--> statement-breakpoint
ALTER TABLE "custom_quotes" ADD COLUMN "deposit_cents" integer;--> statement-breakpoint
ALTER TABLE "custom_quotes" ADD COLUMN "deposit_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "custom_quotes" ADD COLUMN "balance_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "deposit_with_gst_cents" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_live_quote_unique" ON "payment_attempts" USING btree ("quote_id","type") WHERE "payment_attempts"."state" in ('processing', 'requires_action', 'succeeded');--> statement-breakpoint
ALTER TABLE "custom_quotes" ADD CONSTRAINT "custom_quotes_one_deposit" CHECK ("custom_quotes"."deposit_percent" is null or "custom_quotes"."deposit_cents" is null);