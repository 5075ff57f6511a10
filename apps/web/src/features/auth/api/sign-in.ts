import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '@noise/shared/auth';
import type { SignInResponse } from '@noise/shared/two-factor';
import { api } from '@/lib/api-client';

/** POST /api/auth/login: username is an email or a username. */
export function signIn(body: LoginRequest): Promise<SignInResponse> {
  return api.post<SignInResponse>('/api/auth/login', {
    username: body.username,
    password: body.password,
  });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
