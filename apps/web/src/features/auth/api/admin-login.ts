import { useMutation } from '@tanstack/react-query';
import type { AdminLoginRequest } from '@noise/shared/auth';
import type { SignInResponse } from '@noise/shared/two-factor';
import { api } from '@/lib/api-client';

/** POST /api/auth/admin-login: staff only; other roles are refused. */
export function adminLogin(body: AdminLoginRequest): Promise<SignInResponse> {
  return api.post<SignInResponse>('/api/auth/admin-login', { ...body });
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}
