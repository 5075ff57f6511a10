import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { usePageMeta } from '@/lib/use-page-meta';
import { LoadFailed } from '../../components/load-failed';
import { StaffPageHeader } from '../../components/page-header';
import { useToastOnError } from '../../components/use-toast-on-error';
import { discountCodesQuery } from '../api/get-discount-codes';
import { DiscountCodeForm } from '../components/discount-code-form';

const back = { to: '/wkm-dashboard/discount-codes', label: 'Back' };

const notFound = new ApiError(404, 'No discount code has this address: it may have been mistyped.');

/**
 * /wkm-dashboard/discount-codes/new and /wkm-dashboard/discount-codes/edit/{id}. The API has no
 * single-code read: the code comes from the list, which the list screen has usually loaded.
 */
export function DiscountCodeFormRoute() {
  const { id } = useParams();
  const title = id ? 'Edit discount code' : 'New discount code';
  usePageMeta(title);
  // A new code needs no list.
  const codes = useQuery({ ...discountCodesQuery, enabled: Boolean(id) });
  useToastOnError(id ? codes.error : null, 'Could not load the discount code');

  if (!id) {
    return (
      <div className="max-w-4xl">
        <StaffPageHeader title={title} back={back} />
        <DiscountCodeForm />
      </div>
    );
  }
  if (codes.isPending) return <PageSpinner label="Loading discount code" />;
  const code = codes.data?.find((one) => one._id === id);
  if (codes.isError || !code) {
    return (
      <LoadFailed
        title={title}
        back={back}
        noun="discount code"
        error={codes.error ?? notFound}
        onRetry={() => void codes.refetch()}
      />
    );
  }
  return (
    <div className="max-w-4xl">
      <StaffPageHeader title={title} description={code.code} back={back} />
      <DiscountCodeForm key={code._id} discountCode={code} />
    </div>
  );
}
