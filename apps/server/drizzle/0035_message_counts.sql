CREATE TABLE "project_message_counts" (
	"project_id" text PRIMARY KEY NOT NULL,
	"customer_messages" integer DEFAULT 0 NOT NULL,
	"team_messages" integer DEFAULT 0 NOT NULL,
	"last_customer_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "question_message_counts" (
	"question_id" text PRIMARY KEY NOT NULL,
	"customer_messages" integer DEFAULT 0 NOT NULL,
	"team_messages" integer DEFAULT 0 NOT NULL,
	"last_customer_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "project_messages_project_idx";--> statement-breakpoint
DROP INDEX "project_messages_question_idx";--> statement-breakpoint
ALTER TABLE "message_reads" ADD COLUMN "seen_customer" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "message_reads" ADD COLUMN "seen_team" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "question_reads" ADD COLUMN "seen_customer" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "question_reads" ADD COLUMN "seen_team" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "project_message_counts" ADD CONSTRAINT "project_message_counts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_message_counts" ADD CONSTRAINT "question_message_counts_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_message_counts_last_customer_idx" ON "project_message_counts" USING btree ("last_customer_at");--> statement-breakpoint
CREATE INDEX "project_messages_project_idx" ON "project_messages" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "project_messages_question_idx" ON "project_messages" USING btree ("question_id","created_at","id");--> statement-breakpoint
-- Unread counts are a subtraction (docs/decisions/084): each thread's messages are counted here,
-- in the transaction of every change to project_messages, whatever code or console makes it; a
-- read mark keeps the counts it saw (seen_customer, seen_team). A message taken away (deleted, or
-- moved to another thread, side or visibility) is also taken from what every reader who had read
-- past it saw, so their unread counts do not change and the others' go down by one.
CREATE FUNCTION message_counts_apply(sign integer, changed project_messages[]) RETURNS void AS $$
BEGIN
  INSERT INTO project_message_counts AS c
    (project_id, customer_messages, team_messages, last_customer_at)
  SELECT m.project_id,
         sign * count(*) FILTER (WHERE m.side = 'customer'),
         sign * count(*) FILTER (WHERE m.side = 'team' AND NOT m.internal),
         max(m.created_at) FILTER (WHERE m.side = 'customer' AND sign > 0)
  FROM unnest(changed) m
  WHERE m.project_id IS NOT NULL AND EXISTS (SELECT 1 FROM projects p WHERE p.id = m.project_id)
  GROUP BY m.project_id
  ORDER BY m.project_id
  ON CONFLICT (project_id) DO UPDATE
    SET customer_messages = c.customer_messages + excluded.customer_messages,
        team_messages = c.team_messages + excluded.team_messages,
        last_customer_at = CASE WHEN sign > 0
          THEN greatest(c.last_customer_at, excluded.last_customer_at)
          ELSE (SELECT max(created_at) FROM project_messages
                WHERE project_id = c.project_id AND side = 'customer') END;
  INSERT INTO question_message_counts AS c
    (question_id, customer_messages, team_messages, last_customer_at)
  SELECT m.question_id,
         sign * count(*) FILTER (WHERE m.side = 'customer'),
         sign * count(*) FILTER (WHERE m.side = 'team' AND NOT m.internal),
         max(m.created_at) FILTER (WHERE m.side = 'customer' AND sign > 0)
  FROM unnest(changed) m
  WHERE m.question_id IS NOT NULL AND EXISTS (SELECT 1 FROM questions q WHERE q.id = m.question_id)
  GROUP BY m.question_id
  ORDER BY m.question_id
  ON CONFLICT (question_id) DO UPDATE
    SET customer_messages = c.customer_messages + excluded.customer_messages,
        team_messages = c.team_messages + excluded.team_messages,
        last_customer_at = CASE WHEN sign > 0
          THEN greatest(c.last_customer_at, excluded.last_customer_at)
          ELSE (SELECT max(created_at) FROM project_messages
                WHERE question_id = c.question_id AND side = 'customer') END;
  -- Readers who had read past a message saw it: it comes and goes from what they saw too.
  UPDATE message_reads r
    SET seen_customer = r.seen_customer + d.customer, seen_team = r.seen_team + d.team
  FROM (
    SELECT x.user_id, x.project_id,
           sign * count(*) FILTER (WHERE m.side = 'customer') AS customer,
           sign * count(*) FILTER (WHERE m.side = 'team' AND NOT m.internal) AS team
    FROM unnest(changed) m
    JOIN message_reads x ON x.project_id = m.project_id AND x.read_at >= m.created_at
    GROUP BY 1, 2
  ) d
  WHERE r.user_id = d.user_id AND r.project_id = d.project_id
    AND (d.customer <> 0 OR d.team <> 0);
  UPDATE question_reads r
    SET seen_customer = r.seen_customer + d.customer, seen_team = r.seen_team + d.team
  FROM (
    SELECT x.user_id, x.question_id,
           sign * count(*) FILTER (WHERE m.side = 'customer') AS customer,
           sign * count(*) FILTER (WHERE m.side = 'team' AND NOT m.internal) AS team
    FROM unnest(changed) m
    JOIN question_reads x ON x.question_id = m.question_id AND x.read_at >= m.created_at
    GROUP BY 1, 2
  ) d
  WHERE r.user_id = d.user_id AND r.question_id = d.question_id
    AND (d.customer <> 0 OR d.team <> 0);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION project_messages_counts() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A new message is after every read mark: nobody has seen it yet.
    INSERT INTO project_message_counts AS c
      (project_id, customer_messages, team_messages, last_customer_at)
    SELECT n.project_id, count(*) FILTER (WHERE n.side = 'customer'),
           count(*) FILTER (WHERE n.side = 'team' AND NOT n.internal),
           max(n.created_at) FILTER (WHERE n.side = 'customer')
    FROM new_rows n WHERE n.project_id IS NOT NULL
    GROUP BY n.project_id ORDER BY n.project_id
    ON CONFLICT (project_id) DO UPDATE
      SET customer_messages = c.customer_messages + excluded.customer_messages,
          team_messages = c.team_messages + excluded.team_messages,
          last_customer_at = greatest(c.last_customer_at, excluded.last_customer_at);
    INSERT INTO question_message_counts AS c
      (question_id, customer_messages, team_messages, last_customer_at)
    SELECT n.question_id, count(*) FILTER (WHERE n.side = 'customer'),
           count(*) FILTER (WHERE n.side = 'team' AND NOT n.internal),
           max(n.created_at) FILTER (WHERE n.side = 'customer')
    FROM new_rows n WHERE n.question_id IS NOT NULL
    GROUP BY n.question_id ORDER BY n.question_id
    ON CONFLICT (question_id) DO UPDATE
      SET customer_messages = c.customer_messages + excluded.customer_messages,
          team_messages = c.team_messages + excluded.team_messages,
          last_customer_at = greatest(c.last_customer_at, excluded.last_customer_at);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM message_counts_apply(-1, array(
      SELECT o::project_messages FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.project_id, o.question_id, o.side, o.internal, o.created_at)
            IS DISTINCT FROM (n.project_id, n.question_id, n.side, n.internal, n.created_at)));
    PERFORM message_counts_apply(1, array(
      SELECT n::project_messages FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.project_id, o.question_id, o.side, o.internal, o.created_at)
            IS DISTINCT FROM (n.project_id, n.question_id, n.side, n.internal, n.created_at)));
  ELSE
    PERFORM message_counts_apply(-1, array(SELECT o::project_messages FROM old_rows o));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER project_messages_counts_insert AFTER INSERT ON project_messages
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_messages_counts();
--> statement-breakpoint
CREATE TRIGGER project_messages_counts_update AFTER UPDATE ON project_messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_messages_counts();
--> statement-breakpoint
CREATE TRIGGER project_messages_counts_delete AFTER DELETE ON project_messages
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_messages_counts();
--> statement-breakpoint
-- The messages so far, and what each read mark saw of them (the messages up to its time).
INSERT INTO project_message_counts (project_id, customer_messages, team_messages, last_customer_at)
SELECT project_id, count(*) FILTER (WHERE side = 'customer'),
       count(*) FILTER (WHERE side = 'team' AND NOT internal),
       max(created_at) FILTER (WHERE side = 'customer')
FROM project_messages WHERE project_id IS NOT NULL GROUP BY project_id;
--> statement-breakpoint
INSERT INTO question_message_counts (question_id, customer_messages, team_messages, last_customer_at)
SELECT question_id, count(*) FILTER (WHERE side = 'customer'),
       count(*) FILTER (WHERE side = 'team' AND NOT internal),
       max(created_at) FILTER (WHERE side = 'customer')
FROM project_messages WHERE question_id IS NOT NULL GROUP BY question_id;
--> statement-breakpoint
UPDATE message_reads r
  SET seen_customer = (SELECT count(*) FROM project_messages m WHERE m.project_id = r.project_id
                         AND m.side = 'customer' AND m.created_at <= r.read_at),
      seen_team = (SELECT count(*) FROM project_messages m WHERE m.project_id = r.project_id
                     AND m.side = 'team' AND NOT m.internal AND m.created_at <= r.read_at);
--> statement-breakpoint
UPDATE question_reads r
  SET seen_customer = (SELECT count(*) FROM project_messages m WHERE m.question_id = r.question_id
                         AND m.side = 'customer' AND m.created_at <= r.read_at),
      seen_team = (SELECT count(*) FROM project_messages m WHERE m.question_id = r.question_id
                     AND m.side = 'team' AND NOT m.internal AND m.created_at <= r.read_at);
