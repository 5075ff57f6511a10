import { AuditTimeline } from '../../components/audit-timeline';
import { useClientAudit } from '../../api/get-client-audit';

/** Who changed what on this customer, newest first (the audit trail). */
export function ActivityList({ clientId }: { clientId: string }) {
  return <AuditTimeline audit={useClientAudit(clientId)} />;
}
