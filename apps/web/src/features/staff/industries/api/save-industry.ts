import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Industry } from '@noise/shared/catalogue';
import { uploadForm, type UploadProgress } from '@/lib/upload';
import { manageIndustriesKey } from './get-industries';

/** POST /api/industries (id null) or PUT /api/industries/{id}, multipart: title, link, featurePhoto. */
export function saveIndustry(
  id: string | null,
  form: FormData,
  onProgress?: (p: UploadProgress) => void,
) {
  return id
    ? uploadForm<Industry>(`/api/industries/${encodeURIComponent(id)}`, form, {
        method: 'PUT',
        onProgress,
      })
    : uploadForm<Industry>('/api/industries', form, { method: 'POST', onProgress });
}

export function useSaveIndustry(id: string | null, onProgress?: (p: UploadProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => saveIndustry(id, form, onProgress),
    onSuccess: (industry) => {
      queryClient.setQueryData([...manageIndustriesKey, 'detail', industry._id], industry);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [...manageIndustriesKey, 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['industries'] }),
      ]);
    },
  });
}
