import { useState } from 'react';
import type { CreatedApiKey } from '@noise/shared/api-keys';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { TextInput } from '@/components/ui/input';

/** A new API key: shown this once, to copy into the integration. */
export function ApiKeyShownDialog({
  apiKey,
  onClose,
}: {
  apiKey: CreatedApiKey;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent
        title="Your new API key"
        description={`Your tool sends '${apiKey.name}' in the header 'Authorization: Bearer' and the key. Copy it into your tool now: it is not shown again.`}
      >
        <TextInput
          label="API key"
          readOnly
          value={apiKey.key}
          className="font-mono"
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <Button
            variant="secondary"
            onClick={() =>
              void navigator.clipboard
                ?.writeText(apiKey.key)
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
