import { useEffect } from 'react';
import { toastApiError } from '@/lib/api-client';

/** A failed staff fetch shows a toast, once per failure (docs/product.md#errors-and-feedback). */
export function useToastOnError(error: unknown, title: string) {
  useEffect(() => {
    if (error) toastApiError(error, title);
  }, [error, title]);
}
