import { useMutation, useQueryClient } from '@tanstack/react-query';
import { industrySchema } from '@noise/shared/catalogue';
import { checkWith } from '@/lib/check-answer';
import { uploadForm, type UploadProgress } from '@/lib/upload';
import { manageIndustriesKey } from './get-industries';

/** POST /api/industries (id null) or PUT /api/industries/{id}, multipart: title, link, featurePhoto. */
export function saveIndustry(
  id: string | null,
  form: FormData,
  onProgress?: (p: UploadProgress) => void,
) {
  const check = checkWith(industrySchema);
  return id
    ? uploadForm(`/api/industries/${encodeURIComponent(id)}`, form, {
        method: 'PUT',
        onProgress,
        check,
      })
    : uploadForm('/api/industries', form, { method: 'POST', onProgress, check });
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
