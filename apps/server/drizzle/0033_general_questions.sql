CREATE TABLE "question_reads" (
	"user_id" text NOT NULL,
	"question_id" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "question_reads_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"subject" text NOT NULL,
	"created_by_id" text,
	"created_by_name" text DEFAULT '' NOT NULL,
	"assignee_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"quote_id" text,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_status" CHECK ("questions"."status" in ('open', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "project_messages" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "question_id" text;--> statement-breakpoint
ALTER TABLE "project_messages" ADD COLUMN "question_id" text;--> statement-breakpoint
ALTER TABLE "question_reads" ADD CONSTRAINT "question_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reads" ADD CONSTRAINT "question_reads_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_quote_id_custom_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."custom_quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_company_idx" ON "questions" USING btree ("company_id","last_message_at");--> statement-breakpoint
CREATE INDEX "questions_assignee_idx" ON "questions" USING btree ("assignee_id","last_message_at");--> statement-breakpoint
CREATE INDEX "questions_status_idx" ON "questions" USING btree ("status","last_message_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_messages" ADD CONSTRAINT "project_messages_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_messages_question_idx" ON "project_messages" USING btree ("question_id","created_at");--> statement-breakpoint
ALTER TABLE "project_messages" ADD CONSTRAINT "project_messages_one_thread" CHECK (("project_messages"."project_id" is null) <> ("project_messages"."question_id" is null));