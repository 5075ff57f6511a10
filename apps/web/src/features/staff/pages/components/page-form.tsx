import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import type { Page } from '@noise/shared/catalogue';
import { isSafeLink } from '@noise/shared/catalogue-admin';
import { Button } from '@/components/ui/button';
import { REQUIRED_MESSAGE } from '@/components/ui/field';
import { Form, FormAlert, FormField, FormSubmit } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { toastSuccess } from '@/lib/toast';
import type { UploadProgress } from '@/lib/upload';
import { ImageFileField } from '../../components/file-field';
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

  async function onSubmit(values: PageValues) {
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
    } finally {
      setProgress(null);
    }
  }
  // The server's reasons go under the title and each item's title and link.
  const serverFields: FieldPath<PageValues>[] = [
    'title',
    ...items.fields.flatMap((_, index) => [
      `items.${index}.title` as const,
      `items.${index}.link` as const,
    ]),
  ];

  const hasFiles = Object.values(photos).some(Boolean);

  return (
    <Form
      form={form}
      serverFields={serverFields}
      onSubmit={onSubmit}
      className="flex flex-col gap-6"
    >
      <StaffSection title="Page">
        <FormField
          control={form.control}
          name="title"
          render={(field) => <TextInput label="Title" required {...field} />}
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
              return (
                <fieldset key={field.id} className="rounded-xl border-2 border-line p-4 sm:p-5">
                  <legend className="px-2 font-display text-lg font-bold">Item {index + 1}</legend>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <FormField
                      control={form.control}
                      name={`items.${index}.title`}
                      render={(itemField) => <TextInput label="Item title" {...itemField} />}
                    />
                    <FormField
                      control={form.control}
                      name={`items.${index}.link`}
                      render={(itemField) => (
                        <TextInput
                          label="Link"
                          required
                          placeholder="/services/seo or https://…"
                          {...itemField}
                        />
                      )}
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
      <FormAlert />
      {save.isPending && hasFiles ? <UploadProgressBar fraction={progress?.fraction ?? 0} /> : null}
      <div className="flex flex-wrap gap-3">
        <FormSubmit variant="secondary" size="lg">
          Publish
        </FormSubmit>
        <Button variant="ghost" size="lg" onClick={() => navigate(LIST)}>
          Cancel
        </Button>
      </div>
      {confirmElement}
    </Form>
  );
}
