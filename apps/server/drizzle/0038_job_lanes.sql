-- The job runner's lanes are woken when a job is added, in any server process, instead of at
-- their next poll (docs/decisions/089-job-lanes.md). The notice names the job's kind, which says
-- its lane; it is sent when the adding transaction commits, so the job can be claimed by then,
-- and the same kind added many times in one transaction is told once.
CREATE OR REPLACE FUNCTION notify_job_added() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('job_added', NEW.kind);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER job_added
  AFTER INSERT ON jobs
  FOR EACH ROW
  EXECUTE FUNCTION notify_job_added();
