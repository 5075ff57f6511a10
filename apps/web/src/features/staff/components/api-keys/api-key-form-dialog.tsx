import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createApiKeyRequest, permissionLabels, type CreatedApiKey } from '@noise/shared/api-keys';
import { rolePermissions } from '@noise/shared/permissions';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Form, FormAlert, FormField, FormSubmit } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { useAuth } from '@/lib/auth';
import { useSiteConfig } from '@/lib/site-config';
import { toastSuccess } from '@/lib/toast';
import { useCreateApiKey } from './api-keys';

type FormInput = z.input<typeof createApiKeyRequest>;
type FormOutput = z.output<typeof createApiKeyRequest>;

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

  async function submit(values: FormOutput) {
    const made = await create.mutateAsync(values);
    toastSuccess('API key created');
    onCreated(made);
    onClose();
  }

  return (
    <Dialog open onOpenChange={(open) => (open || create.isPending ? null : onClose())}>
      <DialogContent
        title="Create API key"
        description="An integration sends the key as a bearer token and may do what its permissions allow, never more than you can."
      >
        <Form
          form={form}
          serverFields={['name', 'permissions', 'expiresOn']}
          onSubmit={submit}
          className="flex flex-col gap-5"
        >
          <FormField
            control={form.control}
            name="name"
            render={(field) => (
              <TextInput
                label="Name"
                required
                placeholder="CRM sync"
                hint="Which tool uses it, so the team knows."
                {...field}
              />
            )}
          />
          <FormField
            control={form.control}
            name="permissions"
            render={(field) => (
              <fieldset aria-describedby={field.error ? 'api-key-permissions-error' : undefined}>
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
                {field.error ? (
                  <p id="api-key-permissions-error" className="mt-2 text-sm text-danger">
                    {field.error}
                  </p>
                ) : null}
              </fieldset>
            )}
          />
          <FormField
            control={form.control}
            name="expiresOn"
            render={(field) => (
              <TextInput
                label="Expires on"
                type="date"
                hint={`Optional: the key works until the end of that day${timeZone ? ` (${timeZone})` : ''}. Leave it empty for a key that works until revoked.`}
                error={field.error}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value || null)}
              />
            )}
          />
          <FormAlert />
          <div className="flex flex-wrap justify-end gap-3">
            <Button type="button" variant="ghost" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <FormSubmit>Create API key</FormSubmit>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
