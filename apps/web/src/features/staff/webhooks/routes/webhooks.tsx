import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { WebhookEndpoint } from '@noise/shared/webhooks';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { usePageMeta } from '@/lib/use-page-meta';
import { EmptyState, StaffPageHeader } from '../../components/page-header';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useWebhookEndpoints } from '../api/webhooks';
import { EndpointCard } from '../components/endpoint-card';
import { EndpointFormDialog } from '../components/endpoint-form-dialog';
import { SecretDialog } from '../components/secret-dialog';

/**
 * /wkm-dashboard/webhooks (docs/product.md#webhooks): where the agency's other tools hear what
 * happens here. Super-admins and admins add endpoints, see their deliveries and resend.
 */
export function WebhooksRoute() {
  usePageMeta('Webhooks');
  const endpoints = useWebhookEndpoints();
  useToastOnError(endpoints.error, 'Could not load the webhooks');
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secretOf, setSecretOf] = useState<WebhookEndpoint | null>(null);

  return (
    <div className="max-w-5xl">
      <StaffPageHeader
        title="Webhooks"
        description="Tell your other tools (a CRM, accounts, a chat channel) what happens here: each event is posted to your endpoints, signed."
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            Add endpoint
          </Button>
        }
      />
      {endpoints.isPending ? (
        <Skeleton className="h-40" />
      ) : endpoints.isError ? (
        <EmptyState title="Webhooks could not be loaded">
          <p>{errorMessage(endpoints.error)}</p>
          <Button className="mt-4" onClick={() => void endpoints.refetch()}>
            Try again
          </Button>
        </EmptyState>
      ) : endpoints.data.length === 0 ? (
        <EmptyState title="No endpoints yet">
          Use &lsquo;Add endpoint&rsquo; to send events to one of your tools.
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-5">
          {endpoints.data.map((endpoint) => (
            <li key={endpoint._id}>
              <EndpointCard
                endpoint={endpoint}
                onEdit={() => setEditing(endpoint)}
                onSecret={setSecretOf}
              />
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <EndpointFormDialog
          endpoint={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={setSecretOf}
        />
      ) : null}
      {secretOf?.secret ? (
        <SecretDialog endpoint={secretOf} onClose={() => setSecretOf(null)} />
      ) : null}
    </div>
  );
}
