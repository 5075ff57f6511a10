import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { statusUpdateTitles, type Project } from '@noise/shared/project';
import { REQUIRED_MESSAGE } from '@/components/ui/field';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { toastApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { EmptyState, StaffSection } from '../../components/page-header';
import { StatusUpdateTitleAndDate } from '../../components/status-update-fields';
import { useAddSaleStatusUpdate } from '../api/add-sale-status-update';

const schema = z.object({
  title: z.string().min(1, REQUIRED_MESSAGE),
  date: z.string().min(1, REQUIRED_MESSAGE),
  description: z.string().max(5000),
});
type Values = z.infer<typeof schema>;
const empty: Values = { title: '', date: '', description: '' };

function byCreation(a: { createdAt: string }, b: { createdAt: string }) {
  return a.createdAt.localeCompare(b.createdAt);
}

/** The status-update form (docs/product.md#edit-sale) and the updates posted so far. */
export function SaleStatusUpdates({ sale }: { sale: Project }) {
  const addUpdate = useAddSaleStatusUpdate(sale._id);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: empty });
  const updates = [...sale.statusUpdates].sort(byCreation).reverse();

  async function onSubmit({ title, date, description }: Values) {
    try {
      await addUpdate.mutateAsync({
        title: title as (typeof statusUpdateTitles)[number],
        date,
        description,
      });
      toastSuccess('Status update saved');
      form.reset(empty);
    } catch (error) {
      toastApiError(error, 'Could not save the status update');
      // The server's reasons also show under their fields.
      throw error;
    }
  }

  return (
    <StaffSection
      title="Status Updates"
      description="The customer sees each update on their project page and is notified."
    >
      <Form
        form={form}
        serverFields={{
          'statusUpdate.title': 'title',
          'statusUpdate.date': 'date',
          'statusUpdate.description': 'description',
        }}
        onSubmit={onSubmit}
        className="grid gap-4 rounded-xl border-2 border-line p-4 sm:grid-cols-2"
      >
        <StatusUpdateTitleAndDate control={form.control} />
        <div className="sm:col-span-2">
          <FormField
            control={form.control}
            name="description"
            render={(field) => <Textarea label="Description" maxLength={5000} {...field} />}
          />
        </div>
        <p className="text-sm text-muted sm:col-span-2">
          &lsquo;Project Completed&rsquo; completes the project (the customer sees Order Again);
          &lsquo;Expected Delivery Date&rsquo; and &lsquo;Project Delivered&rsquo; set those dates.
        </p>
        <FormSubmit variant="secondary" className="justify-self-start">
          Save Status Update
        </FormSubmit>
      </Form>
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
