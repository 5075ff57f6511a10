import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import type { Industry } from '@noise/shared/catalogue';
import { isSafeLink } from '@noise/shared/catalogue-admin';
import { Button } from '@/components/ui/button';
import { REQUIRED_MESSAGE } from '@/components/ui/field';
import { Form, FormAlert, FormField, FormSubmit } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { PageSpinner } from '@/components/ui/spinner';
import { errorMessage, isNotFound } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import type { UploadProgress } from '@/lib/upload';
import { usePageMeta } from '@/lib/use-page-meta';
import { ImageFileField } from '../../components/file-field';
import { EmptyState, StaffPageHeader, StaffSection } from '../../components/page-header';
import { UploadProgressBar } from '@/components/ui/upload-progress';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useIndustry } from '../api/get-industry';
import { useSaveIndustry } from '../api/save-industry';

const LIST = '/wkm-dashboard/industries';
const back = { to: LIST, label: 'Back' };

const schema = z.object({
  title: z.string().refine((v) => v.trim() !== '', { message: REQUIRED_MESSAGE }),
  link: z
    .string()
    .refine((v) => v.trim() !== '', { message: REQUIRED_MESSAGE })
    .refine((v) => v.trim() === '' || isSafeLink(v.trim()), {
      message: "Use a path starting with '/' or an http(s):// address",
    }),
});
type IndustryValues = z.infer<typeof schema>;

function IndustryForm({ industry }: { industry?: Industry }) {
  const editing = industry !== undefined;
  const navigate = useNavigate();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const save = useSaveIndustry(industry?._id ?? null, setProgress);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoUrl, setPhotoUrl] = useState(industry?.featurePhoto ?? '');
  const form = useForm<IndustryValues>({
    resolver: zodResolver(schema),
    defaultValues: { title: industry?.title ?? '', link: industry?.link ?? '' },
  });

  async function onSubmit(values: IndustryValues) {
    const body = new FormData();
    body.append('title', values.title.trim());
    body.append('link', values.link.trim());
    if (photo) body.append('featurePhoto', photo);
    else body.append('featurePhoto', photoUrl);
    try {
      await save.mutateAsync(body);
      toastSuccess(editing ? 'Industry updated' : 'Industry created');
      navigate(LIST);
    } finally {
      setProgress(null);
    }
  }

  return (
    <Form
      form={form}
      serverFields={['title', 'link']}
      onSubmit={onSubmit}
      className="flex flex-col gap-6"
    >
      <StaffSection title="Industry">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="title"
            render={(field) => <TextInput label="Title" required {...field} />}
          />
          <FormField
            control={form.control}
            name="link"
            render={(field) => (
              <TextInput
                label="Link"
                required
                placeholder="/pages/retail or https://…"
                {...field}
              />
            )}
          />
          <div className="sm:col-span-2">
            <ImageFileField
              label="Feature photo"
              file={photo}
              currentUrl={photoUrl}
              onFile={setPhoto}
              onRemoveCurrent={() => setPhotoUrl('')}
            />
          </div>
        </div>
      </StaffSection>
      <FormAlert />
      {save.isPending && photo ? <UploadProgressBar fraction={progress?.fraction ?? 0} /> : null}
      <div className="flex flex-wrap gap-3">
        <FormSubmit variant="secondary" size="lg">
          {editing ? 'Update' : 'Create'}
        </FormSubmit>
        <Button variant="ghost" size="lg" onClick={() => navigate(LIST)}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

/** /wkm-dashboard/industries/new and /wkm-dashboard/industries/edit/{id}. */
export function IndustryFormRoute() {
  const { id } = useParams();
  const title = id ? 'Edit Industry' : 'Add New Industry';
  usePageMeta(title);
  const industry = useIndustry(id);
  useToastOnError(
    isNotFound(industry.error) ? null : industry.error,
    'Could not load the industry',
  );

  if (!id) {
    return (
      <div className="max-w-3xl">
        <StaffPageHeader title={title} back={back} />
        <IndustryForm />
      </div>
    );
  }
  if (industry.isPending) return <PageSpinner label="Loading industry" />;
  if (industry.isError) {
    return (
      <div>
        <StaffPageHeader title={title} back={back} />
        <EmptyState
          title={isNotFound(industry.error) ? 'Industry not found' : 'Could not load the industry'}
        >
          <p>{errorMessage(industry.error)}</p>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="max-w-3xl">
      <StaffPageHeader title={title} back={back} />
      <IndustryForm key={industry.data._id} industry={industry.data} />
    </div>
  );
}
