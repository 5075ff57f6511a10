import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  webhookEndpointRequest,
  webhookEventLabels,
  webhookEventTypes,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@noise/shared/webhooks';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Form, FormAlert, FormField, FormSubmit } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { toastSuccess } from '@/lib/toast';
import { useSaveWebhookEndpoint } from '../api/webhooks';

type FormInput = z.input<typeof webhookEndpointRequest>;
type FormOutput = z.output<typeof webhookEndpointRequest>;

/** 'Add endpoint' and 'Edit': its address, what it is for, and the events it wants. */
export function EndpointFormDialog({
  endpoint,
  onClose,
  onCreated,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  /** A new endpoint: its secret is shown next. */
  onCreated: (endpoint: WebhookEndpointWithSecret) => void;
}) {
  const save = useSaveWebhookEndpoint(endpoint?._id ?? null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(webhookEndpointRequest),
    defaultValues: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      events: (endpoint?.events ?? []) as WebhookEventType[],
    },
  });

  async function submit(values: FormOutput) {
    const saved = await save.mutateAsync(values);
    if (endpoint) {
      toastSuccess('Endpoint saved');
    } else {
      toastSuccess('Endpoint added');
      if ('secret' in saved) onCreated(saved);
    }
    onClose();
  }

  return (
    <Dialog open onOpenChange={(open) => (open || save.isPending ? null : onClose())}>
      <DialogContent
        title={endpoint ? 'Edit endpoint' : 'Add endpoint'}
        description="Events are posted to this address as JSON, signed with the endpoint's secret."
      >
        <Form
          form={form}
          serverFields={['url', 'events']}
          onSubmit={submit}
          className="flex flex-col gap-5"
        >
          <FormField
            control={form.control}
            name="url"
            render={(field) => (
              <TextInput
                label="Endpoint URL"
                type="url"
                inputMode="url"
                required
                placeholder="https://example.com/webhooks"
                {...field}
              />
            )}
          />
          <FormField
            control={form.control}
            name="description"
            render={(field) => (
              <TextInput
                label="Description"
                hint="Which tool it is, so the team knows."
                {...field}
              />
            )}
          />
          <FormField
            control={form.control}
            name="events"
            render={(field) => (
              <fieldset aria-describedby={field.error ? 'webhook-events-error' : undefined}>
                <legend className="mb-2 text-sm font-bold">Events</legend>
                <div className="flex flex-col gap-2.5">
                  {webhookEventTypes.map((type) => (
                    <Checkbox
                      key={type}
                      label={
                        <>
                          <span className="font-mono text-xs">{type}</span>
                          <span className="block text-xs font-normal text-muted">
                            {webhookEventLabels[type]}
                          </span>
                        </>
                      }
                      checked={(field.value ?? []).includes(type)}
                      onCheckedChange={(checked) =>
                        field.onChange(
                          checked
                            ? [...(field.value ?? []), type]
                            : (field.value ?? []).filter((t) => t !== type),
                        )
                      }
                    />
                  ))}
                </div>
                {field.error ? (
                  <p id="webhook-events-error" className="mt-2 text-sm text-danger">
                    {field.error}
                  </p>
                ) : null}
              </fieldset>
            )}
          />
          <FormAlert />
          <div className="flex flex-wrap justify-end gap-3">
            <Button type="button" variant="ghost" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <FormSubmit>{endpoint ? 'Save endpoint' : 'Add endpoint'}</FormSubmit>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
