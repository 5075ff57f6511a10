import type { Project } from '@noise/shared/project';

/**
 * The service page with its order panel open on the same package and extras
 * (/services/{id}?order={package}&extra={title}...). Project extras are copies, so they are
 * matched by title on the service page. Null for custom quotes, which have no service.
 */
export function orderAgainHref(project: Project): string | null {
  if (!project.service._id) return null;
  const params = new URLSearchParams();
  params.set('order', project.package.title);
  for (const extra of project.extras) params.append('extra', extra.title);
  return `/services/${encodeURIComponent(project.service._id)}?${params.toString()}`;
}
