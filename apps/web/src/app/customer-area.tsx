import { Route, Routes } from 'react-router';
import { CustomerGuard } from './customer-guard';
import {
  BillingRoute,
  DashboardRoute,
  FilesRoute,
  NotFoundRoute,
  ProfileRoute,
  ProjectRoute,
  ProjectsRoute,
  QuestionRoute,
  TeamRoute,
} from './customer-pages';

// What app/prefetch.ts loads for a first visit to a customer page.
export { DashboardRoute, ProjectsRoute } from './customer-pages';

/**
 * The customer's own pages (docs/product.md#customer-dashboard), under /dashboard: signed-in
 * customers only (CustomerGuard). Loaded as one chunk when a customer first opens one of them,
 * so the public pages' first load does not carry their routes.
 */
export function CustomerArea() {
  return (
    <Routes>
      <Route element={<CustomerGuard />}>
        <Route index element={<DashboardRoute />} />
        <Route path="projects" element={<ProjectsRoute />} />
        <Route path="projects/:projectId" element={<ProjectRoute />} />
        <Route path="questions/:questionId" element={<QuestionRoute />} />
        <Route path="profile" element={<ProfileRoute />} />
        <Route path="team" element={<TeamRoute />} />
        <Route path="billing" element={<BillingRoute />} />
        <Route path="files" element={<FilesRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
