import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { toastApiError } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

/**
 * 'Signed proposal (PDF)': the proposal as its customer signed it (docs/decisions/077), on the
 * proposal page, the customer's project and the staff's quote and sale.
 */
export function SignedProposalButton({
  quoteId,
  label = 'Signed proposal (PDF)',
  variant = 'outline',
  size = 'sm',
  className,
}: {
  quoteId: string;
  label?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadFile(
        `/api/quotes/${encodeURIComponent(quoteId)}/signed.pdf`,
        'signed-proposal.pdf',
      );
    } catch (error) {
      toastApiError(error, 'Could not download the signed proposal');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      onClick={() => void download()}
      disabled={busy}
    >
      <FileDown aria-hidden="true" />
      {label}
    </Button>
  );
}
