import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/use-page-meta';

/** Linked from the staff login. The reset-by-email flow is built on the server next. */
export function ForgotPasswordRoute() {
  usePageMeta('Forgot password');
  return (
    <section className="mx-auto max-w-xl px-4 py-20 sm:px-6">
      <h1 className="text-4xl font-extrabold sm:text-5xl">
        Forgot your password<span className="text-accent">?</span>
      </h1>
      <p className="mt-5 text-lg text-muted">
        Password reset by email is not available yet. Ask an administrator to send you a reset link
        from the Site Users page of the dashboard.
      </p>
      <Button asChild variant="secondary" className="mt-8">
        <Link to="/wkm-login">Back to Admin Login</Link>
      </Button>
    </section>
  );
}
