import { PageSpinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { usePageMeta } from '@/lib/use-page-meta';
import { LoadFailed } from '../../components/load-failed';
import { StaffPageHeader } from '../../components/page-header';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useBusinessDetails } from '../api/business-details';
import { BusinessDetailsForm } from '../components/business-details-form';
import { LogoSection } from '../components/logo-section';

/** /wkm-dashboard/settings: the business details (super-admins). */
export function SettingsRoute() {
  usePageMeta('Business details');
  const details = useBusinessDetails();
  useToastOnError(details.error, 'Could not load the business details');

  if (details.isPending) return <PageSpinner label="Loading business details" />;
  if (details.isError) {
    return (
      <LoadFailed
        title="Business details"
        back={{ to: '/wkm-dashboard', label: 'Dashboard' }}
        noun="business details"
        error={details.error}
        onRetry={() => void details.refetch()}
      />
    );
  }
  const { savedAt, savedByName } = details.data;
  return (
    <div className="max-w-4xl">
      <StaffPageHeader
        title="Business details"
        description={
          savedAt
            ? `Settings · last saved ${formatDate(savedAt)}${savedByName ? ` by ${savedByName}` : ''}.`
            : "Settings · these are the server's starting values until you save."
        }
      />
      <div className="flex flex-col gap-6">
        <LogoSection logoUrl={details.data.logoUrl} companyName={details.data.companyName} />
        <BusinessDetailsForm details={details.data} />
      </div>
    </div>
  );
}
