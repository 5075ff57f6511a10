import { useCallback, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';

/**
 * `await confirm('Are you sure…?')` from an event handler: resolves true when the user agrees.
 * Render the returned element once in the component.
 */
export function useConfirm() {
  const [question, setQuestion] = useState<{ title: string; confirmLabel: string } | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const confirm = useCallback((title: string, confirmLabel = 'Remove') => {
    resolver.current?.(false);
    setQuestion({ title, confirmLabel });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setQuestion(null);
  };

  const element = (
    <Dialog open={question !== null} onOpenChange={(open) => (open ? null : answer(false))}>
      <DialogContent title={question?.title ?? ''} role="alertdialog">
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={() => answer(false)}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => answer(true)}>
            {question?.confirmLabel ?? 'Remove'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );

  return [confirm, element] as const;
}
