import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@noise/shared/webhooks';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { usePageMeta } from '@/lib/use-page-meta';
import { ApiKeysSection } from '../../components/api-keys/api-keys-section';
import { EmptyState, StaffPageHeader } from '../../components/page-header';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useWebhookEndpoints } from '../api/webhooks';
import { EndpointCard } from '../components/endpoint-card';
import { EndpointFormDialog } from '../components/endpoint-form-dialog';
import { SecretDialog } from '../components/secret-dialog';

/**
 * /wkm-dashboard/webhooks (docs/product.md#webhooks, #api-keys): where the agency's other tools
 * hear what happens here, and the keys they call with. Super-admins and admins add endpoints, see
 * their deliveries and resend, and see and revoke every member's API keys.
 */
export function WebhooksRoute() {
  usePageMeta('Webhooks and API keys');
  const endpoints = useWebhookEndpoints();
  useToastOnError(endpoints.error, 'Could not load the webhooks');
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secretOf, setSecretOf] = useState<WebhookEndpointWithSecret | null>(null);

  return (
    <div className="max-w-5xl">
      <StaffPageHeader
        title="Webhooks and API keys"
        description="Tell your other tools (a CRM, accounts, a chat channel) what happens here, and let them call this site with a key."
      />
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-2xl font-bold">Endpoints</h2>
          <p className="mt-1 text-sm text-muted">Each event is posted to your endpoints, signed.</p>
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          Add endpoint
        </Button>
      </div>
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
      <ApiKeysSection scope="all" className="mt-10" />
      {editing ? (
        <EndpointFormDialog
          endpoint={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={setSecretOf}
        />
      ) : null}
      {secretOf ? <SecretDialog endpoint={secretOf} onClose={() => setSecretOf(null)} /> : null}
    </div>
  );
}
