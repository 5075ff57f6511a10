import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { fileNameSchema, folderNameSchema } from '@noise/shared/files';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';

const schemas = {
  file: z.object({ name: fileNameSchema }),
  folder: z.object({ name: folderNameSchema }),
};

/**
 * A name for a file or folder: new, or renamed. The browser checks it as the server does; a
 * refusal (a taken name, a wrong extension) shows beside what was typed, which stays to correct.
 */
export function NameForm({
  what,
  initial = '',
  submitLabel,
  onSubmit,
}: {
  what: 'file' | 'folder';
  initial?: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<void>;
}) {
  const form = useForm<{ name: string }>({
    resolver: zodResolver(schemas[what]),
    defaultValues: { name: initial },
  });
  return (
    <Form
      form={form}
      className="flex flex-col gap-4"
      onSubmit={async ({ name }) => {
        try {
          await onSubmit(name);
        } catch (error) {
          form.setError('name', {
            message: errorMessage(error, `The ${what} name could not be saved.`),
          });
        }
      }}
    >
      <FormField
        control={form.control}
        name="name"
        render={(field) => (
          <TextInput
            label={what === 'file' ? 'File name' : 'Folder name'}
            autoFocus
            autoComplete="off"
            {...field}
          />
        )}
      />
      <div>
        <FormSubmit>{form.formState.isSubmitting ? 'Saving...' : submitLabel}</FormSubmit>
      </div>
    </Form>
  );
}
