import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pageSchema } from '@noise/shared/catalogue';
import { checkWith } from '@/lib/check-answer';
import { uploadForm, type UploadProgress } from '@/lib/upload';
import { managePagesKey } from './get-pages';

/**
 * POST /api/pages (id null) or PUT /api/pages/{id}, multipart: title, items[i][title],
 * items[i][link], items[i][featurePhoto] (file) or items[i][featurePhotoUrl] (kept photo).
 */
export function savePage(
  id: string | null,
  form: FormData,
  onProgress?: (p: UploadProgress) => void,
) {
  const check = checkWith(pageSchema);
  return id
    ? uploadForm(`/api/pages/${encodeURIComponent(id)}`, form, { method: 'PUT', onProgress, check })
    : uploadForm('/api/pages', form, { method: 'POST', onProgress, check });
}

export function useSavePage(id: string | null, onProgress?: (p: UploadProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => savePage(id, form, onProgress),
    onSuccess: (page) => {
      queryClient.setQueryData([...managePagesKey, 'detail', page._id], page);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [...managePagesKey, 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['pages'] }),
      ]);
    },
  });
}
