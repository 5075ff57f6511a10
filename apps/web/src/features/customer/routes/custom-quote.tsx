import { useParams } from 'react-router';
import { usePageMeta } from '@/lib/use-page-meta';
import { ComingSoon } from '../components/customer-page';

export function CustomQuoteRoute() {
  const { quoteId = '' } = useParams();
  usePageMeta('Custom quote');
  return (
    <ComingSoon title="Your custom quote">
      Quote {quoteId}: its deliverables, extras, total with GST and card payment will appear here.
    </ComingSoon>
  );
}
