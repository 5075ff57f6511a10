import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { rememberedUser, rememberUser } from '@/lib/auth-token';
import { currentUserKey } from '@/lib/current-user';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      // A 4xx will not get better by asking again; a dropped connection might.
      retry: (failureCount, error) =>
        isApiError(error) && error.status >= 400 && error.status < 500 ? false : failureCount < 2,
    },
  },
});

// The signed-in user is remembered whenever it arrives or changes (lib/auth-token.ts), and a
// returning customer's pages start from it while it is asked for again.
queryClient.getQueryCache().subscribe((event) => {
  const { queryKey, state } = event.query;
  if (event.type !== 'updated' || event.action.type !== 'success') return;
  if (queryKey[0] === currentUserKey[0] && queryKey[1] === currentUserKey[1] && state.data) {
    rememberUser(state.data as { role: string });
  }
});
const remembered = rememberedUser();
if (remembered) queryClient.setQueryData(currentUserKey, remembered, { updatedAt: 0 });
