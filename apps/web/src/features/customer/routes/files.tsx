import { Link } from 'react-router';
import { companyCan } from '@noise/shared/company';
import { FileLibrary } from '@/components/files/file-library';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/current-user';
import { usePageMeta } from '@/lib/use-page-meta';
import { CustomerPage } from '../components/customer-page';

/** /dashboard/files: the company's file library (docs/product.md#files). */
export function FilesRoute() {
  usePageMeta('Files');
  const user = useCurrentUser();
  if (!user.data) return <FullScreenSpinner label="Loading your files" />;
  const company = user.data.company;
  const allowed = company && companyCan(company.role, 'files');
  return (
    <CustomerPage>
      <Link to="/dashboard" className="text-sm font-semibold text-accent-strong underline">
        Dashboard
      </Link>
      <h1 className="mt-2 text-4xl font-extrabold sm:text-5xl">Files</h1>
      <p className="mt-2 max-w-2xl text-muted">
        {company ? `Everything of ${company.name}: ` : ''}brand assets, each order’s files and your
        own folders, shared with your team and ours.
      </p>
      <div className="mt-8 rounded-card border-2 border-ink bg-paper p-4 sm:p-8">
        {company && allowed ? (
          <FileLibrary
            companyId={company._id}
            canManage={companyCan(company.role, 'files-manage')}
          />
        ) : (
          <p className="text-muted">
            Your role in your company does not include its files. Ask one of its owners if you need
            them.
          </p>
        )}
      </div>
    </CustomerPage>
  );
}
