import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '@noise/shared/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/login: username is an email or a username. */
export function signIn(body: LoginRequest): Promise<{ token: string }> {
  return api.post<{ token: string }>('/api/auth/login', {
    username: body.username,
    password: body.password,
  });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
