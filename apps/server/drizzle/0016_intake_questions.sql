ALTER TABLE "brief_attachments" ADD COLUMN "question_id" text;--> statement-breakpoint
ALTER TABLE "custom_quotes" ADD COLUMN "intake_questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "project_briefs" ADD COLUMN "answers" jsonb;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "intake_questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "project_briefs_answers_unique" ON "project_briefs" USING btree ("project_id") WHERE "project_briefs"."answers" is not null;