CREATE TABLE "companies" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_id" text,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "company_invitations_role" CHECK ("company_invitations"."role" in ('owner', 'member', 'billing'))
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"user_id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_role" CHECK ("company_members"."role" in ('owner', 'member', 'billing'))
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "company_id" text;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_accepted_by_id_users_id_fk" FOREIGN KEY ("accepted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_token_idx" ON "company_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_open_idx" ON "company_invitations" USING btree ("company_id",lower("email")) WHERE "company_invitations"."accepted_at" is null and "company_invitations"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "company_members_company_idx" ON "company_members" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_client_company_idx" ON "projects" USING btree ("company_id","created_at","id");--> statement-breakpoint
-- Every customer belongs to a company (docs/decisions/074): each existing customer becomes the
-- owner of their own, and each order belongs to its orderer's.
INSERT INTO "companies" ("id", "name", "created_at")
  SELECT 'co_' || "id", '', "created_at" FROM "users" WHERE "role" = 'client';
--> statement-breakpoint
INSERT INTO "company_members" ("user_id", "company_id", "role", "joined_at")
  SELECT "id", 'co_' || "id", 'owner', "created_at" FROM "users" WHERE "role" = 'client';
--> statement-breakpoint
UPDATE "projects" p SET "company_id" = m."company_id"
  FROM "company_members" m WHERE m."user_id" = p."user_id";
--> statement-breakpoint
-- The database keeps the rule, so no way of making a customer (sign-up, a provider, a guest
-- checkout, staff) can miss it: a new customer, or an account made a customer, gets a company of
-- their own as its owner; an account made staff leaves its company, which keeps an owner.
CREATE OR REPLACE FUNCTION noise_customer_company() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  company text;
BEGIN
  IF NEW.role = 'client' THEN
    IF NOT EXISTS (SELECT 1 FROM company_members WHERE user_id = NEW.id) THEN
      company := 'co_' || replace(gen_random_uuid()::text, '-', '');
      INSERT INTO companies (id) VALUES (company);
      INSERT INTO company_members (user_id, company_id, role) VALUES (NEW.id, company, 'owner');
    END IF;
  ELSE
    -- Made staff: they leave their company, which keeps an owner (the longest-standing member).
    DELETE FROM company_members WHERE user_id = NEW.id RETURNING company_id INTO company;
    IF company IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM company_members WHERE company_id = company AND role = 'owner') THEN
      UPDATE company_members SET role = 'owner'
       WHERE user_id = (SELECT user_id FROM company_members WHERE company_id = company
                         ORDER BY joined_at, user_id LIMIT 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_company AFTER INSERT OR UPDATE OF role ON users
  FOR EACH ROW EXECUTE FUNCTION noise_customer_company();
--> statement-breakpoint
-- An order belongs to the company its orderer is in when it is placed.
CREATE OR REPLACE FUNCTION noise_project_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.company_id IS NULL THEN
    SELECT company_id INTO NEW.company_id FROM company_members WHERE user_id = NEW.user_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER projects_company BEFORE INSERT ON projects
  FOR EACH ROW EXECUTE FUNCTION noise_project_company();
