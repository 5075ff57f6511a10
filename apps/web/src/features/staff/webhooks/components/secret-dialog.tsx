import { useState } from 'react';
import type { WebhookEndpointWithSecret } from '@noise/shared/webhooks';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { TextInput } from '@/components/ui/input';

/** The signing secret of a new endpoint, or a new one: shown this once, to copy. */
export function SecretDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpointWithSecret;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent
        title="Signing secret"
        description={`Deliveries to ${endpoint.url} are signed with this secret (Standard Webhooks). Copy it into your tool now: it is not shown again.`}
      >
        <TextInput
          label="Signing secret"
          readOnly
          value={endpoint.secret}
          className="font-mono"
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <Button
            variant="secondary"
            onClick={() =>
              void navigator.clipboard
                ?.writeText(endpoint.secret)
                .then(() => setCopied(true))
                .catch(() => setCopied(false))
            }
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
          <Button onClick={onClose}>Done</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
