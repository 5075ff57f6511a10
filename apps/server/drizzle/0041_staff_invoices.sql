CREATE TABLE "bills" (
	"id" text PRIMARY KEY NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "bills_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" text NOT NULL,
	"lines" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"due_date" text NOT NULL,
	"currency" text NOT NULL,
	"created_by_id" text,
	"created_by_name" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"voided_by_id" text,
	"reminded_before_at" timestamp with time zone,
	"reminded_after_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_has_lines" CHECK (jsonb_array_length("bills"."lines") > 0)
);
--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "bank_account_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "bank_bsb" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "bank_account_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "invoice_reminder_days_before" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "invoice_reminder_days_after" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "bill_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bill_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reference" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "recorded_by_id" text;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_voided_by_id_users_id_fk" FOREIGN KEY ("voided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_number_unique" ON "bills" USING btree ("number");--> statement-breakpoint
CREATE INDEX "bills_created_idx" ON "bills" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bills_customer_idx" ON "bills" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "bills_due_idx" ON "bills" USING btree ("due_date") WHERE "bills"."sent_at" is not null and "bills"."voided_at" is null;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_live_bill_unique" ON "payment_attempts" USING btree ("bill_id") WHERE "payment_attempts"."state" in ('processing', 'requires_action', 'succeeded');--> statement-breakpoint
CREATE INDEX "payments_bill_idx" ON "payments" USING btree ("bill_id");