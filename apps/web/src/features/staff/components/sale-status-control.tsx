import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  projectStatuses,
  projectStatusLabels,
  type Project,
  type ProjectStatus,
} from '@noise/shared/project';
import { seesOnlyAssigned } from '@noise/shared/roles';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { isApiError, toastApiError } from '@/lib/api-client';
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
  const [status, setStatus] = useState(sale.status);
  const [coordinator, setCoordinator] = useState(sale.coordinator ?? '');
  const [expected, setExpected] = useState(dateInputValue(sale.expectedDeliveryDate));
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [synced, setSynced] = useState(sale);
  // The sale changes under us (a status update completes it): show the server's values.
  if (synced !== sale) {
    setSynced(sale);
    setStatus(sale.status);
    setCoordinator(sale.coordinator ?? '');
    setExpected(dateInputValue(sale.expectedDeliveryDate));
    setReason('');
  }
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

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!changed) return;
    setReasonError('');
    if (expectedChanged && !reason.trim()) {
      setReasonError('Say why the due date changes');
      return;
    }
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
      if (isApiError(error)) {
        const detail = error.details.find((d) => d.path === 'dueChangeReason');
        if (detail) setReasonError(detail.message);
      }
      toastApiError(
        error,
        sale.request ? 'Could not update the request' : 'Could not update the sale',
      );
    }
  }

  return (
    <StaffSection title={title}>
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        {withStatus ? (
          <Select
            label="Project status"
            options={
              projectStatuses.includes(sale.status as ProjectStatus)
                ? statusOptions
                : [...statusOptions, { value: sale.status, label: sale.status }]
            }
            value={status}
            onChange={(event) => setStatus(event.target.value)}
          />
        ) : null}
        {assigns ? (
          <Select
            label="Assigned to"
            options={coordinatorOptions}
            value={coordinator}
            onChange={(event) => setCoordinator(event.target.value)}
          />
        ) : (
          <p className="text-sm">
            <span className="font-semibold">Assigned to:</span>{' '}
            {sale.coordinatorName || 'Not assigned'}
          </p>
        )}
        <TextInput
          label="Due date"
          type="date"
          value={expected}
          onChange={(event) => setExpected(event.target.value)}
          hint={dueHint}
        />
        {expectedChanged ? (
          <Textarea
            label="Reason for the change"
            rows={2}
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
            error={reasonError || undefined}
            hint="Kept in the activity log. The customer sees the new date."
          />
        ) : null}
        <Button
          type="submit"
          variant="secondary"
          className="self-start"
          disabled={update.isPending || !changed}
        >
          {update.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          Save
        </Button>
      </form>
    </StaffSection>
  );
}
