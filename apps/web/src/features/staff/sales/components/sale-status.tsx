import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  projectStatuses,
  projectStatusLabels,
  statusUpdateTitles,
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
import { formatDate } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { EmptyState, StaffSection } from '../../components/page-header';
import { useAddSaleStatusUpdate } from '../api/add-sale-status-update';
import { useSalesFilters } from '../../api/get-sales-filters';
import { useUpdateSale } from '../api/update-sale';
import { saleDueText } from './sale-due';

const statusOptions = projectStatuses.map((value) => ({
  value,
  label: projectStatusLabels[value],
}));
const titleOptions = statusUpdateTitles.map((title) => ({ value: title, label: title }));

/** 'YYYY-MM-DD' for a date input, from an ISO timestamp. */
function dateInputValue(iso: string | null): string {
  return iso ? iso.slice(0, 10) : '';
}

/**
 * The project's own status, who it is assigned to and its due date, changed directly (PATCH).
 * Only admins assign (a co-ordinator sees their own work only); moving the due date asks why
 * (docs/decisions/054).
 */
export function SaleStatusControl({ sale }: { sale: Project }) {
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
      toastSuccess('Sale updated');
    } catch (error) {
      if (isApiError(error)) {
        const detail = error.details.find((d) => d.path === 'dueChangeReason');
        if (detail) setReasonError(detail.message);
      }
      toastApiError(error, 'Could not update the sale');
    }
  }

  return (
    <StaffSection title="Status">
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
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
          hint={`${saleDueText(sale)}. ${sale.deliveryDays} working days from the brief; on hold pauses it.`}
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

function byCreation(a: { createdAt: string }, b: { createdAt: string }) {
  return a.createdAt.localeCompare(b.createdAt);
}

/** The status-update form (docs/product.md#edit-sale) and the updates posted so far. */
export function SaleStatusUpdates({ sale }: { sale: Project }) {
  const addUpdate = useAddSaleStatusUpdate(sale._id);
  const [title, setTitle] = useState('');
  const [date, setDate] = useState('');
  const [description, setDescription] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const updates = [...sale.statusUpdates].sort(byCreation).reverse();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFieldErrors({});
    try {
      await addUpdate.mutateAsync({
        title: title as (typeof statusUpdateTitles)[number],
        date,
        description,
      });
      toastSuccess('Status update saved');
      setTitle('');
      setDate('');
      setDescription('');
    } catch (error) {
      if (isApiError(error) && error.details.length) {
        const next: Record<string, string> = {};
        for (const detail of error.details) {
          next[detail.path.split('.').pop() ?? ''] = detail.message;
        }
        setFieldErrors(next);
      }
      toastApiError(error, 'Could not save the status update');
    }
  }

  return (
    <StaffSection
      title="Status Updates"
      description="The customer sees each update on their project page and is notified."
    >
      <form
        onSubmit={onSubmit}
        className="grid gap-4 rounded-xl border-2 border-line p-4 sm:grid-cols-2"
      >
        <Select
          label="Title"
          placeholder="Select a title"
          required
          options={titleOptions}
          value={title}
          error={fieldErrors.title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <TextInput
          label="Date"
          type="date"
          required
          value={date}
          error={fieldErrors.date}
          onChange={(event) => setDate(event.target.value)}
        />
        <div className="sm:col-span-2">
          <Textarea
            label="Description"
            value={description}
            error={fieldErrors.description}
            maxLength={5000}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        <p className="text-sm text-muted sm:col-span-2">
          &lsquo;Project Completed&rsquo; completes the project (the customer sees Order Again);
          &lsquo;Expected Delivery Date&rsquo; and &lsquo;Project Delivered&rsquo; set those dates.
        </p>
        <Button
          type="submit"
          variant="secondary"
          className="justify-self-start"
          disabled={addUpdate.isPending}
        >
          {addUpdate.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          Save Status Update
        </Button>
      </form>
      <h3 className="mt-6 mb-3 text-lg font-bold">Previous status updates</h3>
      {updates.length === 0 ? (
        <EmptyState title="No status updates yet" />
      ) : (
        <ol aria-label="Previous status updates" className="flex flex-col gap-3">
          {updates.map((update) => (
            <li key={update._id} className="rounded-xl bg-canvas px-4 py-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold">{update.title}</p>
                <time dateTime={update.date} className="text-sm text-muted">
                  {formatDate(update.date)}
                </time>
              </div>
              {update.description ? (
                <p className="mt-1 text-sm whitespace-pre-line break-words">{update.description}</p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </StaffSection>
  );
}
