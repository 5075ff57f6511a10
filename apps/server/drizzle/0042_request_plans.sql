ALTER TABLE "projects" ADD COLUMN "package_active_request_limit" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "package_requests_per_period" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "plan_project_id" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "request_state" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "queue_position" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "request_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_packages" ADD COLUMN "active_request_limit" integer;--> statement-breakpoint
ALTER TABLE "service_packages" ADD COLUMN "requests_per_period" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_plan_project_id_projects_id_fk" FOREIGN KEY ("plan_project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_plan_idx" ON "projects" USING btree ("plan_project_id","request_state","queue_position");