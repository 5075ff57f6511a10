import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createApiKeyRequest, permissionLabels, type CreatedApiKey } from '@noise/shared/api-keys';
import { rolePermissions } from '@noise/shared/permissions';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { TextInput } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useSiteConfig } from '@/lib/site-config';
import { toastSuccess } from '@/lib/toast';
import { FormErrorAlert } from '../form-error';
import { useCreateApiKey } from './api-keys';

type FormInput = z.input<typeof createApiKeyRequest>;
type FormOutput = z.output<typeof createApiKeyRequest>;

const FIELDS = ['name', 'permissions', 'expiresOn'] as const;

/**
 * 'Create API key' (docs/product.md#api-keys): a name, some of the signed-in member's own
 * permissions, and an optional last day. The key is the member's, whichever screen makes it.
 */
export function ApiKeyFormDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  /** The new key, with the key itself: shown next, once. */
  onCreated: (key: CreatedApiKey) => void;
}) {
  const { userRole } = useAuth();
  const timeZone = useSiteConfig().data?.businessTimeZone;
  const offered = userRole ? rolePermissions[userRole] : [];
  const create = useCreateApiKey();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createApiKeyRequest),
    defaultValues: { name: '', permissions: [], expiresOn: null },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const made = await create.mutateAsync(values);
      toastSuccess('API key created');
      onCreated(made);
      onClose();
    } catch (error) {
      if (!isApiError(error)) return;
      for (const detail of error.details) {
        const field = FIELDS.find((f) => f === detail.path);
        if (field) form.setError(field, { message: detail.message });
      }
    }
  });

  return (
    <Dialog open onOpenChange={(open) => (open || create.isPending ? null : onClose())}>
      <DialogContent
        title="Create API key"
        description="An integration sends the key as a bearer token and may do what its permissions allow, never more than you can."
      >
        <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
          <TextInput
            label="Name"
            required
            placeholder="CRM sync"
            hint="Which tool uses it, so the team knows."
            error={errors.name?.message}
            {...form.register('name')}
          />
          <Controller
            control={form.control}
            name="permissions"
            render={({ field, fieldState }) => (
              <fieldset
                aria-describedby={fieldState.error ? 'api-key-permissions-error' : undefined}
              >
                <legend className="mb-2 text-sm font-bold">Permissions</legend>
                <div className="flex flex-col gap-2.5">
                  {offered.map((permission) => (
                    <Checkbox
                      key={permission}
                      label={
                        <>
                          <span className="font-mono text-xs">{permission}</span>
                          <span className="block text-xs font-normal text-muted">
                            {permissionLabels[permission]}
                          </span>
                        </>
                      }
                      checked={(field.value ?? []).includes(permission)}
                      onCheckedChange={(checked) =>
                        field.onChange(
                          checked
                            ? [...(field.value ?? []), permission]
                            : (field.value ?? []).filter((p) => p !== permission),
                        )
                      }
                    />
                  ))}
                </div>
                {fieldState.error ? (
                  <p id="api-key-permissions-error" className="mt-2 text-sm text-danger">
                    {fieldState.error.message}
                  </p>
                ) : null}
              </fieldset>
            )}
          />
          <Controller
            control={form.control}
            name="expiresOn"
            render={({ field, fieldState }) => (
              <TextInput
                label="Expires on"
                type="date"
                hint={`Optional: the key works until the end of that day${timeZone ? ` (${timeZone})` : ''}. Leave it empty for a key that works until revoked.`}
                error={fieldState.error?.message}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value || null)}
              />
            )}
          />
          {create.isError ? <FormErrorAlert error={create.error} /> : null}
          <div className="flex flex-wrap justify-end gap-3">
            <Button type="button" variant="ghost" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              Create API key
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
