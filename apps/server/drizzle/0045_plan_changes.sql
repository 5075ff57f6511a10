ALTER TABLE "subscriptions" ADD COLUMN "pending_change" jsonb;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "plan_change_locked_until" timestamp with time zone;