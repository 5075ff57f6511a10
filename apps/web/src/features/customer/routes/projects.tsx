import { usePageMeta } from '@/lib/use-page-meta';
import { ComingSoon } from '../components/customer-page';

export function ProjectsRoute() {
  usePageMeta('Projects');
  return (
    <ComingSoon title="Projects">
      Your orders will be listed here with their date, total and status, each opening its project
      timeline. We are connecting this page to your orders now.
    </ComingSoon>
  );
}
