import type { Repositories } from '../../repositories.ts';
import type { ProjectRow } from '../projects/repository.ts';

/**
 * The catalogue package a project's plan is on now, found by its title in the project's service
 * (the project keeps a copy of the package, not its id): what the package's own settings, such
 * as 'Clients may pause' and the minimum term, are read from. Undefined once it is gone.
 */
export async function currentPackageOf(
  repos: Pick<Repositories, 'orderSources'>,
  project: Pick<ProjectRow, 'serviceId' | 'packageTitle'>,
) {
  if (!project.serviceId) return undefined;
  const packages = await repos.orderSources.listPackages(project.serviceId);
  return packages.find((p) => p.title === project.packageTitle);
}
