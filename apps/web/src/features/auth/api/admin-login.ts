import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface AdminLoginBody {
  email: string;
  password: string;
  rememberMe: boolean;
}

/** POST /api/auth/admin-login: staff only; other roles are refused. */
export function adminLogin(body: AdminLoginBody): Promise<{ token: string }> {
  return api.post<{ token: string }>('/api/auth/admin-login', { ...body });
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}
