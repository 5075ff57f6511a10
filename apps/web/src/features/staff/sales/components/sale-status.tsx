import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { statusUpdateTitles, type Project } from '@noise/shared/project';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { isApiError, toastApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { EmptyState, StaffSection } from '../../components/page-header';
import { useAddSaleStatusUpdate } from '../api/add-sale-status-update';

const titleOptions = statusUpdateTitles.map((title) => ({ value: title, label: title }));

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
