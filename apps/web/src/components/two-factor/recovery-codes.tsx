import { useState } from 'react';
import { Button } from '@/components/ui/button';

/**
 * The ten recovery codes, shown once (docs/product.md#two-factor-sign-in): copy or download
 * them, then say they are saved. Nothing shows them again; new ones replace them all.
 */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel = 'I have saved my recovery codes',
}: {
  codes: string[];
  onDone: () => void;
  doneLabel?: string;
}) {
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // Without clipboard access the codes stay on screen to copy by hand.
      setCopied(false);
    }
  }

  function download() {
    const href = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = href;
    link.download = 'recovery-codes.txt';
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(href);
  }

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h3 className="text-lg font-bold">Save your recovery codes</h3>
        <p className="mt-1 text-sm text-muted">
          If you lose your phone, each of these codes signs you in once instead of a code from the
          app. Keep them somewhere safe: they are shown only now.
        </p>
      </div>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-2 rounded-xl bg-canvas p-4 font-mono text-base min-[360px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wider">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={download}>
          Download codes
        </Button>
        <p aria-live="polite" className="self-center text-sm text-muted">
          {copied ? 'Copied to the clipboard.' : null}
        </p>
      </div>
      <div>
        {/* Full width and wrapping on a phone: the label is long for a 375 px card. */}
        <Button
          type="button"
          onClick={onDone}
          className="h-auto min-h-11 w-full py-2 whitespace-normal sm:w-auto"
        >
          {doneLabel}
        </Button>
      </div>
    </div>
  );
}
