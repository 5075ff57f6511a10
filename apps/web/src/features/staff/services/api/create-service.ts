import { useMutation, useQueryClient } from '@tanstack/react-query';
import { manageServiceSchema } from '@noise/shared/catalogue-admin';
import { checkWith } from '@/lib/check-answer';
import { uploadForm, type UploadProgress } from '@/lib/upload';
import { invalidateServices } from './invalidate-catalogue';

/** POST /api/services (multipart, with upload progress). */
export function createService(form: FormData, onProgress?: (p: UploadProgress) => void) {
  return uploadForm('/api/services', form, {
    method: 'POST',
    onProgress,
    check: checkWith(manageServiceSchema),
  });
}

export function useCreateService(onProgress?: (p: UploadProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => createService(form, onProgress),
    onSuccess: () => invalidateServices(queryClient),
  });
}
