import { AuditTimeline } from '../../components/audit-timeline';
import { useSaleActivity } from '../api/get-sale-activity';

/** Who changed what on this sale, newest first (the audit trail). */
export function SaleActivity({ userId, saleId }: { userId: string; saleId: string }) {
  return <AuditTimeline audit={useSaleActivity(userId, saleId)} />;
}
