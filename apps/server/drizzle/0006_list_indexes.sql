CREATE INDEX "payments_status_created_idx" ON "payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "projects_service_idx" ON "projects" USING btree ("service_id","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_status_idx" ON "projects" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_type_idx" ON "projects" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_company_idx" ON "projects" USING btree (lower("contact_company_name"),"created_at","id");