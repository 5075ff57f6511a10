import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { TextInput } from '@/components/ui/input';

/** A secret the server gives once (a new API key, a webhook's signing secret), to copy now. */
export function ShownOnceDialog({
  title,
  description,
  label,
  value,
  onClose,
}: {
  title: string;
  /** What the secret is for; the dialog adds that it is not shown again. */
  description: string;
  label: string;
  value: string;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent
        title={title}
        description={`${description} Copy it into your tool now: it is not shown again.`}
      >
        <TextInput
          label={label}
          readOnly
          value={value}
          className="font-mono"
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <Button
            variant="secondary"
            onClick={() =>
              void navigator.clipboard
                ?.writeText(value)
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
