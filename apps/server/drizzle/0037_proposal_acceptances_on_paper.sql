ALTER TABLE "proposal_signatures" ADD COLUMN "recorded_by_id" text;--> statement-breakpoint
ALTER TABLE "proposal_signatures" ADD COLUMN "recorded_by_name" text;--> statement-breakpoint
ALTER TABLE "proposal_signatures" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "proposal_signatures" ADD CONSTRAINT "proposal_signatures_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;