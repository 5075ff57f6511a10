import { useMutation } from '@tanstack/react-query';
import type { SignInResponse } from '@noise/shared/two-factor';
import { api } from '@/lib/api-client';

export interface AdminLoginBody {
  email: string;
  password: string;
  rememberMe: boolean;
}

/** POST /api/auth/admin-login: staff only; other roles are refused. */
export function adminLogin(body: AdminLoginBody): Promise<SignInResponse> {
  return api.post<SignInResponse>('/api/auth/admin-login', { ...body });
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}
