import { useMutation } from '@tanstack/react-query';
import type { SignupRequest } from '@noise/shared/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/signup. The confirmation field never leaves the browser. */
export function signUp(body: SignupRequest): Promise<{ token?: string }> {
  return api.post<{ token?: string }>('/api/auth/signup', {
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    phoneNumber: body.phoneNumber,
    password: body.password,
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
