import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import type { Page } from '@noise/shared/catalogue';
import { isSafeLink } from '@noise/shared/catalogue-admin';
import { Button } from '@/components/ui/button';
import { REQUIRED_MESSAGE } from '@/components/ui/field';
import { TextInput } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import type { UploadProgress } from '@/lib/upload';
import { ImageFileField } from '../../components/file-field';
import { FormErrorAlert } from '../../components/form-error';
import { StaffSection } from '../../components/page-header';
import { UploadProgressBar } from '@/components/ui/upload-progress';
import { useConfirm } from '../../components/use-confirm';
import { useSavePage } from '../api/save-page';

const LIST = '/wkm-dashboard/pages';
const LINK_MESSAGE = "Use a path starting with '/' or an http(s):// address";

const schema = z.object({
  title: z.string().refine((v) => v.trim() !== '', { message: REQUIRED_MESSAGE }),
  items: z.array(
    z.object({
      title: z.string(),
      link: z
        .string()
        .refine((v) => v.trim() !== '', { message: REQUIRED_MESSAGE })
        .refine((v) => v.trim() === '' || isSafeLink(v.trim()), { message: LINK_MESSAGE }),
      /** The stored photo to keep ('' for none). */
      featurePhotoUrl: z.string(),
      /** Names the item's chosen file in the photos map (stable across reordering). */
      key: z.string(),
    }),
  ),
});
type PageValues = z.infer<typeof schema>;

let keys = 0;
const newKey = () => `item-${++keys}`;

/** Manage Page (docs/product.md#pages-list-and-form): a title, items with title, link and photo. */
export function PageForm({ page }: { page?: Page }) {
  const editing = page !== undefined;
  const navigate = useNavigate();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const save = useSavePage(page?._id ?? null, setProgress);
  const [photos, setPhotos] = useState<Record<string, File | null>>({});
  const [confirm, confirmElement] = useConfirm();
  const form = useForm<PageValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      title: page?.title ?? '',
      items: (page?.items ?? []).map((item) => ({
        title: item.title,
        link: item.link,
        featurePhotoUrl: item.featurePhoto,
        key: newKey(),
      })),
    },
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const watchedItems = useWatch({ control: form.control, name: 'items' });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const body = new FormData();
    body.append('title', values.title.trim());
    values.items.forEach((item, index) => {
      body.append(`items[${index}][title]`, item.title.trim());
      body.append(`items[${index}][link]`, item.link.trim());
      const photo = photos[item.key];
      if (photo) body.append(`items[${index}][featurePhoto]`, photo);
      else body.append(`items[${index}][featurePhotoUrl]`, item.featurePhotoUrl);
    });
    try {
      await save.mutateAsync(body);
      toastSuccess(editing ? 'Page updated' : 'Page published');
      navigate(LIST);
    } catch (error) {
      if (isApiError(error)) {
        for (const detail of error.details) {
          if (/^(title|items\.\d+\.(title|link))$/.test(detail.path)) {
            form.setError(detail.path as FieldPath<PageValues>, { message: detail.message });
          }
        }
      }
    } finally {
      setProgress(null);
    }
  });

  const hasFiles = Object.values(photos).some(Boolean);

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <StaffSection title="Page">
        <TextInput
          label="Title"
          required
          error={errors.title?.message}
          {...form.register('title')}
        />
      </StaffSection>
      <StaffSection
        title="Items"
        description="Each item is a tile on the page: a photo, a title and where it links."
        actions={
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              items.append({ title: '', link: '', featurePhotoUrl: '', key: newKey() })
            }
          >
            <Plus aria-hidden="true" />
            Add Item
          </Button>
        }
      >
        {items.fields.length === 0 ? (
          <p className="text-sm text-muted">No items yet.</p>
        ) : (
          <div className="flex flex-col gap-5">
            {items.fields.map((field, index) => {
              const e = errors.items?.[index];
              return (
                <fieldset key={field.id} className="rounded-xl border-2 border-line p-4 sm:p-5">
                  <legend className="px-2 font-display text-lg font-bold">Item {index + 1}</legend>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <TextInput
                      label="Item title"
                      error={e?.title?.message}
                      {...form.register(`items.${index}.title`)}
                    />
                    <TextInput
                      label="Link"
                      required
                      placeholder="/services/seo or https://…"
                      error={e?.link?.message}
                      {...form.register(`items.${index}.link`)}
                    />
                    <div className="sm:col-span-2">
                      <ImageFileField
                        label="Feature photo"
                        file={photos[field.key] ?? null}
                        currentUrl={watchedItems[index]?.featurePhotoUrl ?? ''}
                        onFile={(file) => setPhotos((p) => ({ ...p, [field.key]: file }))}
                        onRemoveCurrent={() => form.setValue(`items.${index}.featurePhotoUrl`, '')}
                      />
                    </div>
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="mt-4 text-danger"
                    onClick={async () => {
                      if (!(await confirm('Are you sure you want to remove this item?'))) return;
                      items.remove(index);
                    }}
                  >
                    <Trash2 aria-hidden="true" />
                    Remove item
                  </Button>
                </fieldset>
              );
            })}
          </div>
        )}
      </StaffSection>
      {save.isError ? <FormErrorAlert error={save.error} /> : null}
      {save.isPending && hasFiles ? <UploadProgressBar fraction={progress?.fraction ?? 0} /> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="secondary" size="lg" disabled={save.isPending}>
          {save.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          Publish
        </Button>
        <Button variant="ghost" size="lg" onClick={() => navigate(LIST)}>
          Cancel
        </Button>
      </div>
      {confirmElement}
    </form>
  );
}
