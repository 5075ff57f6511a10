import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { ToastHost } from '@/components/ui/toast-host';
import { AuthProvider } from '@/lib/auth';
import { useAuthModal } from '@/lib/auth-modals';
import { queryClient } from './query-client';
import { ReplayHeldClick } from './held-click';
import { AppRoutes } from './routes';
import { ScrollManager } from './scroll-manager';

// The sign-in and sign-up modals carry the form libraries: they load when first opened.
const AuthModals = lazy(() =>
  import('@/features/auth/components/auth-modals').then((m) => ({ default: m.AuthModals })),
);

function AuthModalsHost() {
  const modal = useAuthModal();
  const [loaded, setLoaded] = useState(false);
  if (modal !== null && !loaded) setLoaded(true);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <AuthModals />
    </Suspense>
  );
}

/** Everything inside the query client and the router: the server draws it too (entry-server.tsx). */
export function AppContent() {
  return (
    <AuthProvider>
      <ScrollManager />
      <AppRoutes />
      <AuthModalsHost />
      <ToastHost />
      <ReplayHeldClick />
    </AuthProvider>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppContent />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
