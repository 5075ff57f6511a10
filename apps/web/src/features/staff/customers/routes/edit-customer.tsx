import { useParams } from 'react-router';
import { displayNameOf } from '@noise/shared/display-name';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { errorMessage, isNotFound } from '@/lib/api-client';
import { usePageMeta } from '@/lib/use-page-meta';
import { FileLibrary } from '@/components/files/file-library';
import { EmptyState, StaffPageHeader, StaffSection } from '../../components/page-header';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useClient } from '../api/get-client';
import { ActivityList } from '../components/activity-list';
import { ClientProjects } from '../components/client-projects';
import { CompanyCard } from '../../components/company-card';
import { CustomerDetailsForm } from '../components/customer-details-form';
import { InternalNotes } from '../components/internal-notes';
import { AccountCreditSection } from '../components/account-credit-section';
import { useAuth } from '@/lib/auth';
import { can } from '@noise/shared/permissions';
import { PaymentInformation } from '../components/payment-information';

const back = { to: '/wkm-dashboard/customers', label: 'Back' };

/** /wkm-dashboard/customers/edit/{id}. */
export function EditCustomerRoute() {
  const { id = '' } = useParams();
  const client = useClient(id);
  const { userRole } = useAuth();
  usePageMeta('Edit Customer');
  useToastOnError(isNotFound(client.error) ? null : client.error, 'Could not load the customer');

  if (client.isPending) return <PageSpinner label="Loading customer" />;
  if (client.isError) {
    return (
      <div>
        <StaffPageHeader title="Edit Customer" back={back} />
        <EmptyState
          title={isNotFound(client.error) ? 'Customer not found' : 'Could not load the customer'}
        >
          <p>{errorMessage(client.error)}</p>
          {!isNotFound(client.error) ? (
            <Button className="mt-4" onClick={() => void client.refetch()}>
              Try again
            </Button>
          ) : null}
        </EmptyState>
      </div>
    );
  }

  const name = displayNameOf(client.data.profile) || client.data.email;
  return (
    <div>
      <StaffPageHeader title="Edit Customer" description={name} back={back} />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <CustomerDetailsForm client={client.data} />
          <ClientProjects clientId={id} />
          {client.data.company ? (
            <StaffSection
              title="Files"
              description="The company's file library, as its people see it."
            >
              <FileLibrary companyId={client.data.company._id} canManage />
            </StaffSection>
          ) : null}
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <CompanyCard companyId={client.data.company?._id} currentUserId={id} />
          <PaymentInformation client={client.data} />
          {client.data.company && can(userRole, 'payments:refund') ? (
            <AccountCreditSection companyId={client.data.company._id} />
          ) : null}
          <InternalNotes clientId={id} />
          <ActivityList clientId={id} />
        </div>
      </div>
    </div>
  );
}
