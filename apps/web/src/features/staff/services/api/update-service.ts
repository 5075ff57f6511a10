import { useMutation, useQueryClient } from '@tanstack/react-query';
import { manageServiceSchema } from '@noise/shared/catalogue-admin';
import { checkWith } from '@/lib/check-answer';
import { uploadForm, type UploadProgress } from '@/lib/upload';
import { manageServicesKey } from '../../api/get-manage-services';
import { invalidateServices } from './invalidate-catalogue';

/** PUT /api/services/{id} (multipart, with upload progress). */
export function updateService(
  id: string,
  form: FormData,
  onProgress?: (p: UploadProgress) => void,
) {
  return uploadForm(`/api/services/${encodeURIComponent(id)}`, form, {
    method: 'PUT',
    onProgress,
    check: checkWith(manageServiceSchema),
  });
}

export function useUpdateService(id: string, onProgress?: (p: UploadProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => updateService(id, form, onProgress),
    onSuccess: (service) => {
      queryClient.setQueryData([...manageServicesKey, 'detail', id], service);
      return invalidateServices(queryClient);
    },
  });
}
