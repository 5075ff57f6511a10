import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManageService } from '@noise/shared/catalogue-admin';
import { uploadForm, type UploadProgress } from '@/lib/upload';
import { invalidateServices } from './invalidate-catalogue';

/** POST /api/services (multipart, with upload progress). */
export function createService(form: FormData, onProgress?: (p: UploadProgress) => void) {
  return uploadForm<ManageService>('/api/services', form, { method: 'POST', onProgress });
}

export function useCreateService(onProgress?: (p: UploadProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => createService(form, onProgress),
    onSuccess: () => invalidateServices(queryClient),
  });
}
