import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import type { Role } from '@noise/shared/roles';
import { AuthProvider } from '@/lib/auth';
import { setToken } from '@/lib/auth-token';

export const TEST_TOKEN = 'test-session-token';

interface RenderOptions {
  /** Where the router starts (a query too), and the state it carries (the payment page's order). */
  path?: string;
  state?: unknown;
  /** Signed in with this role (TEST_TOKEN, already verified); signed out without one. */
  role?: Role;
}

/**
 * Renders a form as the app does (query client, router, auth), with a user to drive it and the
 * router's location as it is now, to see where a submit went.
 */
export function renderWithApp(ui: ReactElement, options: RenderOptions = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  if (options.role) {
    setToken(TEST_TOKEN);
    // The answer of GET /api/auth/verify-token (lib/auth.tsx), so the form opens signed in
    // rather than while the session is being checked.
    queryClient.setQueryData(['auth', 'verify', TEST_TOKEN], {
      isAuthenticated: true,
      userRole: options.role,
    });
  }
  // A path may carry a query: a signed link's page reads it.
  const [pathname = '/', query] = (options.path ?? '/').split('?');
  const search = query ? `?${query}` : '';
  let location: Location | null = null;
  const visited: Location[] = [];
  function RecordLocation() {
    location = useLocation();
    if (visited.at(-1)?.key !== location.key) visited.push(location);
    return null;
  }
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[{ pathname, search, state: options.state }]}>
        <AuthProvider>
          {ui}
          <RecordLocation />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // No pause between keystrokes: the forms react to each one synchronously.
  const user = userEvent.setup({ delay: null });
  return {
    ...result,
    user,
    /**
     * Replaces a field's text in one input, as pasting does. Typing costs about 25 ms a key in
     * jsdom: tests type only where each key matters (the card's spacing, a date, a search).
     */
    fill: async (field: HTMLElement, text: string) => {
      await user.clear(field);
      await user.paste(text);
    },
    queryClient,
    location: () => location!,
    /**
     * Every location the router went through, oldest first: a page that leaves at once (the
     * payment page, without its order, sends the visitor home) is still seen to have gone there.
     */
    visited: () => [...visited],
  };
}
