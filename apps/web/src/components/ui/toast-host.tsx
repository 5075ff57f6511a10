import { lazy, Suspense } from 'react';
import { useToasterWanted } from '@/lib/toast';

const Toaster = lazy(() => import('./toaster'));

export function ToastHost() {
  const wanted = useToasterWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
