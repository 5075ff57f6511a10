import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/use-page-meta';
import { CustomerPage } from '../components/customer-page';

export function PaymentSuccessRoute() {
  usePageMeta('Payment Successful');
  return (
    <CustomerPage>
      <div className="mx-auto flex max-w-xl flex-col items-center py-12 text-center">
        <CheckCircle2 aria-hidden="true" className="size-20 text-success" />
        <h1 className="mt-6 text-5xl font-extrabold">Payment Successful</h1>
        <p className="mt-4 text-xl text-muted">Thank you for ordering.</p>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <Button asChild variant="secondary">
            <Link to="/dashboard">Go back to Dashboard</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/dashboard/projects">Go to Projects</Link>
          </Button>
        </div>
      </div>
    </CustomerPage>
  );
}
