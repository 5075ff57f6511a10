ALTER TABLE "service_packages" ADD COLUMN "extra_request_price_cents" integer;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "request_plan_id" text;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_request_plan_id_projects_id_fk" FOREIGN KEY ("request_plan_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bills_request_plan_idx" ON "bills" USING btree ("request_plan_id") WHERE "bills"."request_plan_id" is not null;