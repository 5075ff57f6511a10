CREATE TABLE "brief_revisions" (
	"id" text PRIMARY KEY NOT NULL,
	"brief_id" text NOT NULL,
	"text" text NOT NULL,
	"answers" jsonb,
	"corrected_by_id" text,
	"corrected_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_briefs" ADD COLUMN "corrected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brief_revisions" ADD CONSTRAINT "brief_revisions_brief_id_project_briefs_id_fk" FOREIGN KEY ("brief_id") REFERENCES "public"."project_briefs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brief_revisions" ADD CONSTRAINT "brief_revisions_corrected_by_id_users_id_fk" FOREIGN KEY ("corrected_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brief_revisions_brief_idx" ON "brief_revisions" USING btree ("brief_id","created_at");