import { CreditCard } from 'lucide-react';
import type { User } from '@noise/shared/user';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, isNotFound } from '@/lib/api-client';
import { StaffSection } from '../../components/page-header';
import { usePaymentMethod } from '../api/get-payment-method';

/**
 * Payment Information (SPEC.md section 2): the card on file.
 *
 * TO COMPLETE with the payments work: the card entry form with 'Update Payment Method'
 * ('Updating...' while busy) calling PUT /api/payment-methods/{customerId} {paymentMethodId},
 * using the payment provider's card element. GET /api/payment-methods/{id} is read below and
 * answers 404 until that endpoint exists.
 */
export function PaymentInformation({ client }: { client: User }) {
  const methodId = client.paymentInfo.defaultPaymentMethodId;
  const method = usePaymentMethod(methodId);

  let content;
  if (methodId === null) {
    content = <p className="text-muted">No card on file</p>;
  } else if (method.isPending) {
    content = <Skeleton className="h-6 w-56" />;
  } else if (method.isError) {
    content = (
      <p className="text-muted">
        {isNotFound(method.error)
          ? 'A card is on file, but its details cannot be shown yet.'
          : `Could not load the card: ${errorMessage(method.error)}`}
      </p>
    );
  } else {
    content = (
      <p className="font-mono text-lg font-semibold">
        Card: **** **** **** {method.data.card.last4}
      </p>
    );
  }

  return (
    <StaffSection title="Payment Information">
      <div className="flex items-center gap-3">
        <CreditCard aria-hidden="true" className="size-6 shrink-0 text-muted" />
        {content}
      </div>
    </StaffSection>
  );
}
