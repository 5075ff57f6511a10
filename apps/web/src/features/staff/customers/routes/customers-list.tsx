import { companyRoleLabels } from '@noise/shared/company';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { displayNameOf, fullNameOf } from '@noise/shared/display-name';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePageMeta } from '@/lib/use-page-meta';
import { StaffPageHeader } from '../../components/page-header';
import {
  LoadFailedMessage,
  StaffTable,
  TableMessageRow,
  TableSkeletonRows,
  Td,
  Th,
} from '../../components/staff-table';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useClients } from '../../api/search-clients';

const SEARCH_DEBOUNCE_MS = 300;

/** /wkm-dashboard/customers: every client, searchable by name or phone digits. */
export function CustomersListRoute() {
  usePageMeta('Customers');
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const clients = useClients(debounced);
  useToastOnError(clients.error, 'Could not load customers');
  const searching = clients.isFetching && !clients.isPending;

  return (
    <div>
      <StaffPageHeader title="Customers" />
      <div className="mb-6 max-w-md">
        <TextInput
          label="Search customers"
          hideLabel
          type="search"
          placeholder="Search customers..."
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          trailing={
            searching ? (
              <Spinner label="Searching" className="mr-2 [&>span:first-child]:size-5" />
            ) : (
              <Search aria-hidden="true" className="mr-3 size-5 text-muted" />
            )
          }
        />
      </div>
      <StaffTable caption="Customers">
        <thead>
          <tr>
            <Th>Customer Name</Th>
            <Th>Primary Contact</Th>
            <Th className="w-32 text-right">Action</Th>
          </tr>
        </thead>
        <tbody>
          {clients.isPending ? (
            <TableSkeletonRows columns={3} />
          ) : clients.isError && !clients.data ? (
            <TableMessageRow columns={3}>
              <LoadFailedMessage what="customers" onRetry={() => void clients.refetch()} />
            </TableMessageRow>
          ) : clients.data.length === 0 ? (
            <TableMessageRow columns={3}>
              {debounced ? `No customers match "${debounced}".` : 'No customers yet.'}
            </TableMessageRow>
          ) : (
            clients.data.map((client) => {
              const name = displayNameOf(client.profile) || client.email;
              const fullName = fullNameOf(client.profile);
              return (
                <tr key={client._id} className="hover:bg-canvas/50">
                  <Td>
                    <p className="font-semibold">{fullName || name}</p>
                    {client.company ? (
                      <p className="text-muted">
                        {client.company.name}
                        {client.company.role !== 'owner'
                          ? ` · ${companyRoleLabels[client.company.role]}`
                          : ''}
                      </p>
                    ) : client.profile.companyName ? (
                      <p className="text-muted">{client.profile.companyName}</p>
                    ) : null}
                  </Td>
                  <Td>
                    <p>{client.profile.contactNumber || '—'}</p>
                    <p className="break-all text-muted">{client.email}</p>
                  </Td>
                  <Td className="text-right">
                    <Button asChild variant="outline" size="sm">
                      <Link to={`edit/${client._id}`}>
                        Edit<span className="sr-only"> {fullName || name}</span>
                      </Link>
                    </Button>
                  </Td>
                </tr>
              );
            })
          )}
        </tbody>
      </StaffTable>
    </div>
  );
}
