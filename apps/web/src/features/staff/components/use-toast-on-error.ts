import { useEffect } from 'react';
import { toastApiError } from '@/lib/api-client';

/** SPEC.md logs failed staff fetches only; we show them as a toast, once per failure. */
export function useToastOnError(error: unknown, title: string) {
  useEffect(() => {
    if (error) toastApiError(error, title);
  }, [error, title]);
}
