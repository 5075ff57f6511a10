import { useParams } from 'react-router';
import { usePageMeta } from '@/lib/use-page-meta';
import { ComingSoon } from '../components/customer-page';

export function ProjectRoute() {
  const { projectId = '' } = useParams();
  usePageMeta(`Activity #${projectId}`);
  return (
    <ComingSoon title={`Activity #${projectId}`}>
      The timeline of this project, its status updates, delivery date and total will appear here.
    </ComingSoon>
  );
}
