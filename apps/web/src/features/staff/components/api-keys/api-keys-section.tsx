import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import type { ApiKey, CreatedApiKey } from '@noise/shared/api-keys';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, toastApiError } from '@/lib/api-client';
import { localDate } from '@noise/shared/dates';
import { formatDate } from '@/lib/format';
import { useSiteConfig } from '@/lib/site-config';
import { toastSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { EmptyState, StaffSection } from '../page-header';
import { useToastOnError } from '../use-toast-on-error';
import { useApiKeys, useRevokeApiKey, type ApiKeyScope } from './api-keys';
import { ApiKeyFormDialog } from './api-key-form-dialog';
import { ApiKeyShownDialog } from './api-key-shown-dialog';

type KeyState = 'Active' | 'Expired' | 'Revoked';

const tones: Record<KeyState, string> = {
  Active: 'bg-accent text-ink',
  Expired: 'bg-ink/10 text-ink',
  Revoked: 'bg-danger-soft text-danger',
};

function stateOf(key: ApiKey, now: number): KeyState {
  if (key.revokedAt) return 'Revoked';
  if (key.expiresAt && Date.parse(key.expiresAt) <= now) return 'Expired';
  return 'Active';
}

/**
 * A key's last day, in the business time zone in which it was chosen: it expires at that day's
 * end (docs/product.md#api-keys), shown as '30 Jun, 2027' wherever the browser is.
 */
function lastDay(expiresAt: string, timeZone: string | undefined) {
  return formatDate(
    new Date(`${localDate(new Date(Date.parse(expiresAt) - 1), timeZone)}T00:00:00`),
  );
}

/** '26 Nov, 2026 14:05' in the browser's time. */
function when(iso: string) {
  const date = new Date(iso);
  return `${formatDate(date)} ${date.toLocaleTimeString('en-AU', { hour: '2-digit', minute: '2-digit', hour12: false })}`;
}

function KeyRow({ apiKey, scope, now }: { apiKey: ApiKey; scope: ApiKeyScope; now: number }) {
  const revoke = useRevokeApiKey(scope);
  const timeZone = useSiteConfig().data?.businessTimeZone;
  const state = stateOf(apiKey, now);
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3 py-4">
      <div className="min-w-0 flex-1 basis-64">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-words">{apiKey.name}</span>
          <span className="font-mono text-xs break-all text-muted">{apiKey.prefix}…</span>
          <span
            className={cn(
              'rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap',
              tones[state],
            )}
          >
            {state}
          </span>
        </p>
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`Permissions of ${apiKey.name}`}>
          {apiKey.permissions.map((permission) => (
            <li key={permission} className="rounded-full bg-canvas px-2.5 py-0.5 font-mono text-xs">
              {permission}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs break-words text-muted">
          {scope === 'all' ? `Made by ${apiKey.createdBy.name} on ` : 'Made on '}
          {formatDate(apiKey.createdAt)}
          {' · '}
          {apiKey.revokedAt
            ? `Revoked ${when(apiKey.revokedAt)}`
            : apiKey.expiresAt
              ? `${state === 'Expired' ? 'Expired after' : 'Works until the end of'} ${lastDay(apiKey.expiresAt, timeZone)}`
              : 'Never expires'}
          {' · '}
          {apiKey.lastUsedAt ? `Last used ${when(apiKey.lastUsedAt)}` : 'Never used'}
        </p>
      </div>
      {state !== 'Revoked' ? (
        <Button
          variant="outline"
          size="sm"
          disabled={revoke.isPending}
          onClick={() =>
            revoke.mutate(apiKey._id, {
              onSuccess: () => toastSuccess(`API key '${apiKey.name}' revoked`),
              onError: (error) => toastApiError(error, 'Could not revoke the key'),
            })
          }
        >
          Revoke<span className="sr-only"> {apiKey.name}</span>
        </Button>
      ) : null}
    </li>
  );
}

/**
 * The API keys of the signed-in member (their account page) or of everyone (the Webhooks and API
 * keys screen), with 'Create API key' (docs/product.md#api-keys).
 */
export function ApiKeysSection({ scope, className }: { scope: ApiKeyScope; className?: string }) {
  const keys = useApiKeys(scope);
  useToastOnError(keys.error, 'Could not load the API keys');
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<CreatedApiKey | null>(null);
  // The list's states are read against the time it was fetched.
  const now = keys.dataUpdatedAt;

  return (
    <StaffSection
      className={className}
      title="API keys"
      description={
        scope === 'all'
          ? 'Keys your team made for their tools. Each acts for whoever made it.'
          : 'Keys for your tools to call this site for you.'
      }
      actions={
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          Create API key
        </Button>
      }
    >
      {keys.isPending ? (
        <Skeleton className="h-24" />
      ) : keys.isError ? (
        <EmptyState title="API keys could not be loaded">
          <p>{errorMessage(keys.error)}</p>
          <Button className="mt-4" onClick={() => void keys.refetch()}>
            Try again
          </Button>
        </EmptyState>
      ) : keys.data.length === 0 ? (
        <EmptyState title="No API keys yet">
          <KeyRound aria-hidden="true" className="mx-auto mb-2 size-5" />
          Use &lsquo;Create API key&rsquo; to let one of your tools call this site.
        </EmptyState>
      ) : (
        <ul className="-my-4 flex flex-col divide-y divide-line" aria-label="API keys">
          {keys.data.map((apiKey) => (
            <KeyRow key={apiKey._id} apiKey={apiKey} scope={scope} now={now} />
          ))}
        </ul>
      )}
      {creating ? (
        <ApiKeyFormDialog onClose={() => setCreating(false)} onCreated={setShown} />
      ) : null}
      {shown ? <ApiKeyShownDialog apiKey={shown} onClose={() => setShown(null)} /> : null}
    </StaffSection>
  );
}
