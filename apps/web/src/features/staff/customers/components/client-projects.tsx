import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { can } from '@noise/shared/permissions';
import { orderName, projectStatusLabels, type ProjectStatus } from '@noise/shared/project';
import { useId } from 'react';
import { OrderMoneyShort } from '@/components/payments/order-money';
import { Button } from '@/components/ui/button';
import { REQUIRED_MESSAGE } from '@/components/ui/field';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { toastApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { EmptyState, StaffSection } from '../../components/page-header';
import { StatusUpdateTitleAndDate } from '../../components/status-update-fields';
import { useToastOnError } from '../../components/use-toast-on-error';
import { saleEditPath } from '../../components/sales-format';
import { useAddStatusUpdate, type StatusUpdateInput } from '../api/add-status-update';
import { useClientProjects, type ClientProject } from '../api/get-client-projects';

function statusLabel(status: string): string {
  return projectStatusLabels[status as ProjectStatus] ?? status;
}

function dateOrDash(value: string | null | undefined, fallback = '—'): string {
  return (value && formatDate(value)) || fallback;
}

const statusUpdateSchema = z.object({
  title: z.string().min(1, REQUIRED_MESSAGE),
  date: z.string().min(1, REQUIRED_MESSAGE),
  description: z.string().min(1, REQUIRED_MESSAGE),
});
type StatusUpdateValues = z.infer<typeof statusUpdateSchema>;
const noStatusUpdate: StatusUpdateValues = { title: '', date: '', description: '' };

function byCreation(
  a: { createdAt?: string; date: string },
  b: { createdAt?: string; date: string },
) {
  return (a.createdAt ?? a.date).localeCompare(b.createdAt ?? b.date);
}

function StatusUpdateForm({ clientId, projectId }: { clientId: string; projectId: string }) {
  const addUpdate = useAddStatusUpdate(clientId);
  const form = useForm<StatusUpdateValues>({
    resolver: zodResolver(statusUpdateSchema),
    defaultValues: noStatusUpdate,
  });
  const formId = useId();

  async function onSubmit({ title, date, description }: StatusUpdateValues) {
    try {
      // The title is checked by the server, which answers with the message to show.
      const statusUpdate = { title: title as StatusUpdateInput['title'], date, description };
      await addUpdate.mutateAsync({ projectId, statusUpdate });
      toastSuccess('Status update saved');
      form.reset(noStatusUpdate);
    } catch (error) {
      // Told by a toast; what was typed stays.
      toastApiError(error, 'Could not save the status update');
    }
  }

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      aria-labelledby={`${formId}-title`}
      className="mt-5 grid gap-4 rounded-xl border-2 border-line p-4 sm:grid-cols-2"
    >
      <p id={`${formId}-title`} className="font-semibold sm:col-span-2">
        Add a status update
      </p>
      <StatusUpdateTitleAndDate control={form.control} />
      <div className="sm:col-span-2">
        <FormField
          control={form.control}
          name="description"
          render={(field) => <Textarea label="Description" required {...field} />}
        />
      </div>
      <FormSubmit variant="secondary" className="justify-self-start">
        Save Status Update
      </FormSubmit>
    </Form>
  );
}

function ProjectCard({ clientId, project }: { clientId: string; project: ClientProject }) {
  const updates = [...(project.statusUpdates ?? [])].sort(byCreation);
  const { userRole } = useAuth();
  return (
    <li className="rounded-card border-2 border-ink/10 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="text-xl font-bold">{project.service?.title || 'Project'}</h3>
          <p className="text-sm text-muted">
            {project.request
              ? `${orderName(project.orderNumber)} · Request under ${project.request.planTitle} (${orderName(project.request.planOrderNumber)})`
              : orderName(project.orderNumber)}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <span className="rounded-full bg-accent-soft px-3 py-1 text-xs font-bold text-accent-strong">
            {statusLabel(project.status)}
          </span>
          {can(userRole, 'sales:manage') ? (
            <Button asChild variant="ghost" size="sm">
              <Link
                to={saleEditPath({
                  _id: project._id,
                  type: project.type ?? 'Project',
                  request: project.request,
                })}
              >
                {project.request ? 'Open request' : 'Open sale'}
                <span className="sr-only"> {orderName(project.orderNumber)}</span>
              </Link>
            </Button>
          ) : null}
        </div>
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2 xl:grid-cols-4">
        <div>
          <dt className="text-muted">Start date</dt>
          <dd className="font-semibold">{dateOrDash(project.startDate)}</dd>
        </div>
        <div>
          <dt className="text-muted">Expected delivery date</dt>
          <dd className="font-semibold">{dateOrDash(project.expectedDeliveryDate)}</dd>
        </div>
        <div>
          <dt className="text-muted">Delivery date</dt>
          <dd className="font-semibold">{dateOrDash(project.deliveryDate, 'Not delivered yet')}</dd>
        </div>
        <div>
          <dt className="text-muted">Paid</dt>
          <dd>
            <OrderMoneyShort money={project.money} />
          </dd>
        </div>
      </dl>
      <h4 className="mt-5 text-sm font-bold tracking-wide text-muted uppercase">Status updates</h4>
      {updates.length ? (
        <ol className="mt-2 flex flex-col gap-2">
          {updates.map((update, index) => (
            <li
              key={update._id ?? `${update.title}-${index}`}
              className="rounded-xl bg-canvas px-4 py-3"
            >
              <p className="font-semibold">
                {update.title}{' '}
                <span className="font-normal text-muted">· {dateOrDash(update.date)}</span>
              </p>
              {update.description ? (
                <p className="mt-1 text-sm whitespace-pre-line">{update.description}</p>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-2 text-sm text-muted">No status updates yet.</p>
      )}
      <StatusUpdateForm clientId={clientId} projectId={project._id} />
    </li>
  );
}

/** Projects (docs/product.md#edit-customer): each project, its updates and a form to add one. */
export function ClientProjects({ clientId }: { clientId: string }) {
  const projects = useClientProjects(clientId);
  useToastOnError(projects.error, 'Could not load projects');
  return (
    <StaffSection title="Projects">
      {projects.isPending ? (
        <Skeleton className="h-40" />
      ) : projects.isError ? (
        <EmptyState title="Projects could not be loaded">
          <Button variant="link" onClick={() => void projects.refetch()}>
            Try again
          </Button>
        </EmptyState>
      ) : projects.data.length === 0 ? (
        <EmptyState title="No projects yet" />
      ) : (
        <ul className="flex flex-col gap-4">
          {projects.data.map((project) => (
            <ProjectCard key={project._id} clientId={clientId} project={project} />
          ))}
        </ul>
      )}
    </StaffSection>
  );
}
