import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  use,
  useCallback,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import type { Role } from '@noise/shared/roles';
import { api } from './api-client';
import { clearToken, getToken, setToken, subscribeToken } from './auth-token';
import { endGuestCheckout } from './guest-checkout';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

interface AuthState {
  status: AuthStatus;
  isAuthenticated: boolean;
  isLoading: boolean;
  userRole: Role | null;
  /** Stores the token of a successful sign-in and ends guest checkout; verification follows. */
  login: (token: string) => void;
  /** Ends the session on the server (best effort) and forgets the token. */
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

interface VerifyTokenResponse {
  isAuthenticated: boolean;
  userRole: Role | null;
}

/**
 * GET /api/auth/verify-token. A refused token (401) is a signed-out user, not an error to show:
 * the API client has then forgotten the token, which leaves this check's answer unused.
 */
function verifyToken(signal: AbortSignal): Promise<VerifyTokenResponse> {
  return api.get<VerifyTokenResponse>('/api/auth/verify-token', signal);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const token = useSyncExternalStore(subscribeToken, getToken, () => null);

  const verification = useQuery({
    queryKey: ['auth', 'verify', token],
    queryFn: async ({ signal }) => {
      const result = await verifyToken(signal);
      if (!result.isAuthenticated && getToken() === token) clearToken();
      return result;
    },
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

  const login = useCallback((next: string) => {
    // A guest who signs in (or whose guest order made an account) is a customer from now on.
    endGuestCheckout();
    setToken(next);
  }, []);

  const logout = useCallback(async () => {
    if (getToken()) {
      try {
        await api.post('/api/auth/logout');
      } catch {
        // The token is forgotten either way; an expired session has nothing to end.
      }
    }
    clearToken({ byUser: true });
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
  }, [queryClient]);

  const value = useMemo<AuthState>(() => {
    let status: AuthStatus = 'unauthenticated';
    let userRole: Role | null = null;
    if (token !== null) {
      if (verification.isPending) status = 'loading';
      else if (verification.data?.isAuthenticated) {
        status = 'authenticated';
        userRole = verification.data.userRole;
      }
    }
    return {
      status,
      isAuthenticated: status === 'authenticated',
      isLoading: status === 'loading',
      userRole,
      login,
      logout,
    };
  }, [token, verification.isPending, verification.data, login, logout]);

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** Logout: the session ends, the browser goes to `to` (docs/product.md#header-and-navigation). */
export function useSignOut(to = '/') {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    navigate(to, { replace: true });
  }, [logout, navigate, to]);
}
