import type { SignInResponse } from '@noise/shared/two-factor';
import { api } from '@/lib/api-client';

/**
 * POST /api/auth/exchange: the one-time code of /auth-success?code= for a sign-in token. It works
 * once, and only in the browser that began the sign-in (a cookie the server set).
 */
export function exchangeCode(code: string): Promise<SignInResponse> {
  return api.post<SignInResponse>('/api/auth/exchange', { code });
}
