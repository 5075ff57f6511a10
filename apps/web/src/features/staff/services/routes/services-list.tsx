import { ExternalLink, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ManageServiceSummary } from '@noise/shared/catalogue-admin';
import { Button } from '@/components/ui/button';
import { formatPrice } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { usePageMeta } from '@/lib/use-page-meta';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { StaffPageHeader } from '../../components/page-header';
import { LoadMoreFooter, StaffTable, TableQueryRows, Td, Th } from '../../components/staff-table';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useDeleteService } from '../api/delete-service';
import { useManageServices } from '../../api/get-manage-services';

/**
 * Rows drawn at first and per 'Load More': a catalogue of thousands of services took seconds to
 * draw in one go (docs/performance.md, staff screens).
 */
const ROWS_PER_STEP = 100;

/** /wkm-dashboard/services: title with View, Edit and Delete; 'Add New Service'. */
export function ServicesListRoute() {
  usePageMeta('Services');
  const services = useManageServices();
  const [shown, setShown] = useState(ROWS_PER_STEP);
  const total = services.data?.length ?? 0;
  const deleteService = useDeleteService();
  const [toDelete, setToDelete] = useState<ManageServiceSummary | null>(null);
  useToastOnError(services.error, 'Could not load services');

  return (
    <div>
      <StaffPageHeader
        title="Services"
        actions={
          <Button asChild variant="secondary">
            <Link to="new">
              <Plus aria-hidden="true" />
              Add New Service
            </Link>
          </Button>
        }
      />
      <StaffTable caption="Services">
        <thead>
          <tr>
            <Th>Title</Th>
            <Th className="w-32">From</Th>
            <Th className="w-64 text-right">Action</Th>
          </tr>
        </thead>
        <tbody>
          <TableQueryRows query={services} columns={3} what="services" empty="No services yet.">
            {(rows) =>
              rows.slice(0, shown).map((service) => (
                <tr key={service._id} className="hover:bg-canvas/50">
                  <Td>
                    <div className="flex items-center gap-3">
                      {service.featurePhoto ? (
                        <img
                          src={service.featurePhoto}
                          alt=""
                          className="size-10 shrink-0 rounded-lg bg-canvas object-cover"
                        />
                      ) : (
                        <span
                          aria-hidden="true"
                          className="size-10 shrink-0 rounded-lg bg-canvas"
                        />
                      )}
                      <div className="min-w-0">
                        <p className="font-semibold">{service.title}</p>
                        {service.archived ? (
                          <p className="text-xs font-semibold text-muted">
                            Archived: kept for its {service.orderCount} order(s)
                          </p>
                        ) : null}
                      </div>
                    </div>
                  </Td>
                  <Td>
                    {service.basePrice > 0 ? `${formatPrice(service.basePrice)} exc. GST` : '—'}
                  </Td>
                  <Td>
                    <div className="flex justify-end gap-2">
                      {!service.archived ? (
                        <Button asChild variant="ghost" size="sm">
                          <a href={`/services/${service._id}`} target="_blank" rel="noreferrer">
                            View
                            <span className="sr-only"> {service.title} (opens in a new tab)</span>
                            <ExternalLink aria-hidden="true" />
                          </a>
                        </Button>
                      ) : null}
                      <Button asChild variant="outline" size="sm">
                        <Link to={`edit/${service._id}`}>
                          Edit<span className="sr-only"> {service.title}</span>
                        </Link>
                      </Button>
                      {!service.archived ? (
                        <Button variant="ghost" size="sm" onClick={() => setToDelete(service)}>
                          Delete<span className="sr-only"> {service.title}</span>
                        </Button>
                      ) : null}
                    </div>
                  </Td>
                </tr>
              ))
            }
          </TableQueryRows>
        </tbody>
      </StaffTable>
      {total > ROWS_PER_STEP ? (
        <LoadMoreFooter
          shown={Math.min(shown, total)}
          noun={['service', 'services']}
          hasMore={shown < total}
          loading={false}
          onLoadMore={() => setShown((n) => n + ROWS_PER_STEP)}
        />
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? null : setToDelete(null))}
        title="Delete this service?"
        description={
          toDelete
            ? toDelete.orderCount > 0
              ? `${toDelete.title} has orders, so it will be archived: it leaves the site and search, and its orders keep it.`
              : `${toDelete.title} will be removed from the site with its files. This cannot be undone.`
            : undefined
        }
        confirmLabel="Delete Service"
        onConfirm={async () => {
          if (!toDelete) return;
          await deleteService.mutateAsync(toDelete._id);
          toastSuccess('Service deleted');
        }}
      />
    </div>
  );
}
