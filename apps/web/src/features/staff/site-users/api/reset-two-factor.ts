import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/auth/two-factor/users/{id}: a super-admin resets someone's second factor. */
export function resetTwoFactor(id: string): Promise<void> {
  return apiRequest<void>(`/api/auth/two-factor/users/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useResetTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetTwoFactor,
    // Their own reset changes the caller's status too.
    onSuccess: () => client.invalidateQueries({ queryKey: ['two-factor', 'status'] }),
  });
}
