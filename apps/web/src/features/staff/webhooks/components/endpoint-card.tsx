import { ChevronDown, KeyRound, Pencil, Power, RotateCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from '@noise/shared/webhooks';
import { Button } from '@/components/ui/button';
import { errorMessage, toastApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useConfirm } from '../../components/use-confirm';
import {
  useDeleteWebhookEndpoint,
  useResendWebhookDelivery,
  useRotateWebhookSecret,
  useSetWebhookEnabled,
  useWebhookDeliveries,
} from '../api/webhooks';

const deliveryTones: Record<WebhookDelivery['status'], string> = {
  succeeded: 'bg-ink text-paper',
  pending: 'bg-accent-soft text-accent-strong',
  failed: 'bg-danger-soft text-danger',
};
const deliveryLabels: Record<WebhookDelivery['status'], string> = {
  succeeded: 'Delivered',
  pending: 'Retrying',
  failed: 'Failed',
};

/** '26 Nov, 2026 14:05' in the browser's time. */
function when(iso: string) {
  const date = new Date(iso);
  return `${formatDate(date)} ${date.toLocaleTimeString('en-AU', { hour: '2-digit', minute: '2-digit', hour12: false })}`;
}

function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useWebhookDeliveries(endpoint._id, true);
  const resend = useResendWebhookDelivery(endpoint._id);
  if (deliveries.isPending) return <p className="text-sm text-muted">Loading deliveries...</p>;
  if (deliveries.isError) {
    return (
      <p className="text-sm text-danger">
        Deliveries could not be loaded: {errorMessage(deliveries.error)}
      </p>
    );
  }
  if (deliveries.data.length === 0) {
    return <p className="text-sm text-muted">Nothing sent yet.</p>;
  }
  return (
    <ul className="flex flex-col divide-y divide-line" aria-label={`Deliveries to ${endpoint.url}`}>
      {deliveries.data.map((delivery) => (
        <li
          key={delivery._id}
          className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
        >
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-sm">{delivery.eventType}</span>
              <span
                className={cn(
                  'rounded-full px-2.5 py-0.5 text-xs font-bold',
                  deliveryTones[delivery.status],
                )}
              >
                {delivery.status === 'pending' && delivery.attempts === 0
                  ? 'Queued'
                  : deliveryLabels[delivery.status]}
              </span>
            </p>
            <p className="text-xs break-words text-muted">
              {when(delivery.createdAt)} · {delivery.attempts}{' '}
              {delivery.attempts === 1 ? 'try' : 'tries'}
              {delivery.lastStatusCode !== null ? ` · answered ${delivery.lastStatusCode}` : ''}
              {delivery.lastError && delivery.status !== 'succeeded'
                ? ` · ${delivery.lastError}`
                : ''}
            </p>
          </div>
          {delivery.status !== 'pending' ? (
            <Button
              variant="outline"
              size="sm"
              disabled={resend.isPending || endpoint.disabledAt !== null}
              onClick={() =>
                resend.mutate(delivery._id, {
                  onSuccess: () => toastSuccess('Delivery queued again'),
                  onError: (error) => toastApiError(error, 'Could not resend'),
                })
              }
            >
              <RotateCw aria-hidden="true" />
              Resend<span className="sr-only"> {delivery.eventType}</span>
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** One endpoint: where it points, what it hears, whether it is on, and its deliveries. */
export function EndpointCard({
  endpoint,
  onEdit,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  onSecret: (endpoint: WebhookEndpointWithSecret) => void;
}) {
  const [open, setOpen] = useState(false);
  const rotate = useRotateWebhookSecret();
  const setEnabled = useSetWebhookEnabled();
  const remove = useDeleteWebhookEndpoint();
  const [confirm, confirmElement] = useConfirm();
  const off = endpoint.disabledAt !== null;

  return (
    <section
      aria-label={endpoint.url}
      className="rounded-card border-2 border-ink/10 bg-paper p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-mono text-sm font-semibold break-all">{endpoint.url}</p>
          {endpoint.description ? (
            <p className="mt-1 text-sm text-muted">{endpoint.description}</p>
          ) : null}
        </div>
        <span
          className={cn(
            'rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap',
            off ? 'bg-danger-soft text-danger' : 'bg-accent text-ink',
          )}
        >
          {off ? 'Turned off' : 'On'}
        </span>
      </div>
      {off && endpoint.disabledReason ? (
        <p className="mt-2 text-sm text-danger">{endpoint.disabledReason}</p>
      ) : null}
      <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Events">
        {endpoint.events.map((type) => (
          <li key={type} className="rounded-full bg-canvas px-2.5 py-0.5 font-mono text-xs">
            {type}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onEdit}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={rotate.isPending}
          onClick={() =>
            void confirm(
              'Make a new signing secret? Deliveries are signed with it at once: update your tool.',
              'New secret',
            ).then((yes) => {
              if (!yes) return;
              rotate.mutate(endpoint._id, {
                onSuccess: onSecret,
                onError: (error) => toastApiError(error, 'Could not make a new secret'),
              });
            })
          }
        >
          <KeyRound aria-hidden="true" />
          New secret
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={setEnabled.isPending}
          onClick={() =>
            setEnabled.mutate(
              { id: endpoint._id, enabled: off },
              {
                onSuccess: () => toastSuccess(off ? 'Endpoint turned on' : 'Endpoint turned off'),
                onError: (error) => toastApiError(error, 'Could not change the endpoint'),
              },
            )
          }
        >
          <Power aria-hidden="true" />
          {off ? 'Turn on' : 'Turn off'}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={remove.isPending}
          onClick={() =>
            void confirm(`Remove ${endpoint.url}? Nothing more is sent to it.`).then((yes) => {
              if (!yes) return;
              // This card is gone once the list is read again: the toast cannot wait on it.
              remove
                .mutateAsync(endpoint._id)
                .then(() => toastSuccess('Endpoint removed'))
                .catch((error: unknown) => toastApiError(error, 'Could not remove the endpoint'));
            })
          }
        >
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      </div>
      <div className="mt-4 border-t-2 border-line pt-3">
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          onClick={() => setOpen((was) => !was)}
          className="-ml-3"
        >
          <ChevronDown
            aria-hidden="true"
            className={cn('transition-transform', open && 'rotate-180')}
          />
          Recent deliveries
        </Button>
        {open ? (
          <div className="mt-2">
            <Deliveries endpoint={endpoint} />
          </div>
        ) : null}
      </div>
      {confirmElement}
    </section>
  );
}
