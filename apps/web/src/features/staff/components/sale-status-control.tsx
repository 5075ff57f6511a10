import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  projectStatuses,
  projectStatusLabels,
  type Project,
  type ProjectStatus,
} from '@noise/shared/project';
import { seesOnlyAssigned } from '@noise/shared/roles';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toastApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { toastSuccess } from '@/lib/toast';
import { useSalesFilters } from '../api/get-sales-filters';
import { useUpdateSale } from '../api/update-sale';
import { StaffSection } from './page-header';
import { saleDueText } from './sale-due';

const statusOptions = projectStatuses.map((value) => ({
  value,
  label: projectStatusLabels[value],
}));

/** 'YYYY-MM-DD' for a date input, from an ISO timestamp. */
function dateInputValue(iso: string | null): string {
  return iso ? iso.slice(0, 10) : '';
}

/** Moving the due date asks why (docs/decisions/054); the other changes need no reason. */
function statusSchema(sale: Project) {
  return z
    .object({
      status: z.string(),
      coordinator: z.string(),
      expected: z.string(),
      reason: z.string().max(500),
    })
    .refine(
      (values) =>
        values.expected === dateInputValue(sale.expectedDeliveryDate) ||
        values.reason.trim() !== '',
      { path: ['reason'], message: 'Say why the due date changes' },
    );
}
type Values = z.infer<ReturnType<typeof statusSchema>>;

function valuesOf(sale: Project): Values {
  return {
    status: sale.status,
    coordinator: sale.coordinator ?? '',
    expected: dateInputValue(sale.expectedDeliveryDate),
    reason: '',
  };
}

/**
 * The project's own status, who it is assigned to and its due date, changed directly (PATCH).
 * Only admins assign (a co-ordinator sees their own work only); moving the due date asks why
 * (docs/decisions/054). Edit Sale and a request's page (without the project status: a request's
 * state is its column on the board) both show it.
 */
export function SaleStatusControl({
  sale,
  title = 'Status',
  withStatus = true,
}: {
  sale: Project;
  title?: string;
  /** Whether the project's own status can be changed here. */
  withStatus?: boolean;
}) {
  const update = useUpdateSale(sale._id);
  const { userRole } = useAuth();
  const assigns = !seesOnlyAssigned(userRole);
  const team = useSalesFilters().data?.teamMembers ?? [];
  const form = useForm<Values>({
    resolver: zodResolver(statusSchema(sale)),
    // The field says what is wrong; the focus stays where it is.
    shouldFocusError: false,
    defaultValues: valuesOf(sale),
  });
  // The sale changes under us (a status update completes it): show the server's values.
  useEffect(() => form.reset(valuesOf(sale)), [form, sale]);
  const [status, coordinator, expected] = useWatch({
    control: form.control,
    name: ['status', 'coordinator', 'expected'],
  });
  // A request's due clock starts when it leaves the queue, not with the brief (docs/decisions/091).
  const dueHint = sale.request
    ? `${sale.expectedDeliveryDate ? saleDueText(sale) : 'Set when it starts'}. ${sale.deliveryDays} working days from its start.`
    : `${saleDueText(sale)}. ${sale.deliveryDays} working days from the brief; on hold pauses it.`;
  const statusChanged = status !== sale.status;
  const coordinatorChanged = coordinator !== (sale.coordinator ?? '');
  const expectedChanged = expected !== dateInputValue(sale.expectedDeliveryDate);
  const changed = statusChanged || coordinatorChanged || expectedChanged;
  // The current co-ordinator stays choosable even if they no longer list as a team member.
  const coordinatorOptions = [
    { value: '', label: 'Not assigned' },
    ...team.map((m) => ({ value: m._id, label: m.name })),
    ...(sale.coordinator && !team.some((m) => m._id === sale.coordinator)
      ? [{ value: sale.coordinator, label: sale.coordinatorName || 'Current co-ordinator' }]
      : []),
  ];

  async function onSubmit({ reason }: Values) {
    if (!changed) return;
    try {
      await update.mutateAsync({
        ...(statusChanged ? { status: status as ProjectStatus } : {}),
        ...(coordinatorChanged ? { coordinatorId: coordinator || null } : {}),
        ...(expectedChanged
          ? { expectedDeliveryDate: expected || null, dueChangeReason: reason.trim() }
          : {}),
      });
      toastSuccess(sale.request ? 'Request updated' : 'Sale updated');
    } catch (error) {
      toastApiError(
        error,
        sale.request ? 'Could not update the request' : 'Could not update the sale',
      );
      // The reason's refusal also shows under it.
      throw error;
    }
  }

  return (
    <StaffSection title={title}>
      <Form
        form={form}
        serverFields={{ dueChangeReason: 'reason' }}
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
      >
        {withStatus ? (
          <FormField
            control={form.control}
            name="status"
            render={(field) => (
              <Select
                label="Project status"
                options={
                  projectStatuses.includes(sale.status as ProjectStatus)
                    ? statusOptions
                    : [...statusOptions, { value: sale.status, label: sale.status }]
                }
                {...field}
              />
            )}
          />
        ) : null}
        {assigns ? (
          <FormField
            control={form.control}
            name="coordinator"
            render={(field) => (
              <Select label="Assigned to" options={coordinatorOptions} {...field} />
            )}
          />
        ) : (
          <p className="text-sm">
            <span className="font-semibold">Assigned to:</span>{' '}
            {sale.coordinatorName || 'Not assigned'}
          </p>
        )}
        <FormField
          control={form.control}
          name="expected"
          render={(field) => <TextInput label="Due date" type="date" hint={dueHint} {...field} />}
        />
        {expectedChanged ? (
          <FormField
            control={form.control}
            name="reason"
            render={(field) => (
              <Textarea
                label="Reason for the change"
                rows={2}
                maxLength={500}
                hint="Kept in the activity log. The customer sees the new date."
                {...field}
              />
            )}
          />
        ) : null}
        <FormSubmit variant="secondary" className="self-start" disabled={!changed}>
          Save
        </FormSubmit>
      </Form>
    </StaffSection>
  );
}
