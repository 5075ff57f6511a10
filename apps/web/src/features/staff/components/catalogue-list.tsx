import { ExternalLink, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { toastSuccess } from '@/lib/toast';
import { usePageMeta } from '@/lib/use-page-meta';
import { ConfirmDialog } from './confirm-dialog';
import { StaffPageHeader } from './page-header';
import { StaffTable, TableQueryRows, Td, Th } from './staff-table';
import { useToastOnError } from './use-toast-on-error';

interface Row {
  _id: string;
  title: string;
  featurePhoto?: string;
}

interface CatalogueListProps<T extends Row> {
  /** 'Pages', 'Industries'. */
  title: string;
  /** 'page', 'industry'. */
  noun: string;
  addLabel: string;
  query: UseQueryResult<T[]>;
  /** The public address of a row, for View (opens in a new tab); none hides View. */
  viewHref?: (row: T) => string;
  /** A second column (the industry's link). */
  detail?: { header: string; render: (row: T) => React.ReactNode };
  onDelete: (row: T) => Promise<unknown>;
}

/** Staff lists (docs/product.md#staff-area): title, optional View, Edit, Delete and 'Add New …'. */
export function CatalogueList<T extends Row>({
  title,
  noun,
  addLabel,
  query,
  viewHref,
  detail,
  onDelete,
}: CatalogueListProps<T>) {
  usePageMeta(title);
  const [toDelete, setToDelete] = useState<T | null>(null);
  useToastOnError(query.error, `Could not load ${title.toLowerCase()}`);
  const columns = detail ? 3 : 2;

  return (
    <div>
      <StaffPageHeader
        title={title}
        actions={
          <Button asChild variant="secondary">
            <Link to="new">
              <Plus aria-hidden="true" />
              {addLabel}
            </Link>
          </Button>
        }
      />
      <StaffTable caption={title}>
        <thead>
          <tr>
            <Th>Title</Th>
            {detail ? <Th>{detail.header}</Th> : null}
            <Th className="w-64 text-right">Action</Th>
          </tr>
        </thead>
        <tbody>
          <TableQueryRows
            query={query}
            columns={columns}
            what={title.toLowerCase()}
            empty={`No ${title.toLowerCase()} yet.`}
          >
            {(rows) =>
              rows.map((row) => (
                <tr key={row._id} className="hover:bg-canvas/50">
                  <Td>
                    <div className="flex items-center gap-3">
                      {row.featurePhoto !== undefined ? (
                        row.featurePhoto ? (
                          <img
                            src={row.featurePhoto}
                            alt=""
                            className="size-10 shrink-0 rounded-lg bg-canvas object-cover"
                          />
                        ) : (
                          <span
                            aria-hidden="true"
                            className="size-10 shrink-0 rounded-lg bg-canvas"
                          />
                        )
                      ) : null}
                      <span className="font-semibold">{row.title}</span>
                    </div>
                  </Td>
                  {detail ? <Td className="break-all text-muted">{detail.render(row)}</Td> : null}
                  <Td>
                    <div className="flex justify-end gap-2">
                      {viewHref ? (
                        <Button asChild variant="ghost" size="sm">
                          <a href={viewHref(row)} target="_blank" rel="noreferrer">
                            View<span className="sr-only"> {row.title} (opens in a new tab)</span>
                            <ExternalLink aria-hidden="true" />
                          </a>
                        </Button>
                      ) : null}
                      <Button asChild variant="outline" size="sm">
                        <Link to={`edit/${row._id}`}>
                          Edit<span className="sr-only"> {row.title}</span>
                        </Link>
                      </Button>
                      <Button variant="ghost" size="sm" onClick={() => setToDelete(row)}>
                        Delete<span className="sr-only"> {row.title}</span>
                      </Button>
                    </div>
                  </Td>
                </tr>
              ))
            }
          </TableQueryRows>
        </tbody>
      </StaffTable>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? null : setToDelete(null))}
        title={`Delete this ${noun}?`}
        description={
          toDelete
            ? `${toDelete.title} will be removed from the site. This cannot be undone.`
            : undefined
        }
        confirmLabel="Delete"
        onConfirm={async () => {
          if (!toDelete) return;
          await onDelete(toDelete);
          toastSuccess(`${noun[0]!.toUpperCase()}${noun.slice(1)} deleted`);
        }}
      />
    </div>
  );
}
