import { useEffect } from 'react';
import { Toaster as Sonner, toast } from 'sonner';
import { registerToaster } from '@/lib/toast';

export default function Toaster() {
  useEffect(
    () =>
      registerToaster((kind, title, description) => {
        if (kind === 'error') toast.error(title, { description });
        else toast.success(title, { description });
      }),
    [],
  );
  return (
    <Sonner
      position="bottom-right"
      closeButton
      toastOptions={{
        classNames: {
          toast: '!rounded-2xl !border-2 !border-ink !bg-paper !text-ink !font-sans !shadow-card',
          error: '!border-danger',
          description: '!text-muted',
        },
      }}
    />
  );
}
