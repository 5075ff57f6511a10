CREATE TABLE "company_files" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"folder_id" text,
	"file_key" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"uploaded_by_id" text,
	"uploaded_by_name" text DEFAULT '' NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_folders" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"parent_id" text,
	"kind" text DEFAULT 'custom' NOT NULL,
	"project_id" text,
	"name" text DEFAULT '' NOT NULL,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_folders_kind" CHECK ("company_folders"."kind" in ('brand', 'order', 'custom')),
	CONSTRAINT "company_folders_order_project" CHECK (("company_folders"."kind" = 'order') = ("company_folders"."project_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "company_files" ADD CONSTRAINT "company_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_files" ADD CONSTRAINT "company_files_folder_id_company_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."company_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_files" ADD CONSTRAINT "company_files_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_folders" ADD CONSTRAINT "company_folders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_folders" ADD CONSTRAINT "company_folders_parent_id_company_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."company_folders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_folders" ADD CONSTRAINT "company_folders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_folders" ADD CONSTRAINT "company_folders_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_files_folder_idx" ON "company_files" USING btree ("company_id","folder_id","created_at");--> statement-breakpoint
CREATE INDEX "company_files_bin_idx" ON "company_files" USING btree ("deleted_at") WHERE "company_files"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "company_folders_company_idx" ON "company_folders" USING btree ("company_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_folders_brand_unique" ON "company_folders" USING btree ("company_id") WHERE "company_folders"."kind" = 'brand';--> statement-breakpoint
CREATE UNIQUE INDEX "company_folders_order_unique" ON "company_folders" USING btree ("company_id","project_id") WHERE "company_folders"."kind" = 'order';--> statement-breakpoint
CREATE UNIQUE INDEX "company_folders_name_unique" ON "company_folders" USING btree ("company_id",coalesce("parent_id", ''),lower("name")) WHERE "company_folders"."kind" = 'custom';