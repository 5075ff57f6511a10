import type { ServicePackage } from '@noise/shared/catalogue';

export interface ComparisonRow {
  feature: string;
  /** Whether each package (in the packages' order) includes the feature. */
  included: boolean[];
}

/**
 * The 'Compare packages' rows (docs/decisions/057): every feature any package lists, in the order
 * first seen, with whether each package includes it. Features are matched ignoring case and
 * surrounding spaces, so 'Monthly report' and 'monthly report ' make one row.
 */
export function buildComparisonRows(
  packages: readonly Pick<ServicePackage, 'features'>[],
): ComparisonRow[] {
  const key = (feature: string) => feature.trim().toLowerCase();
  const rows = new Map<string, ComparisonRow>();
  for (const pkg of packages) {
    for (const feature of pkg.features) {
      if (!feature.trim() || rows.has(key(feature))) continue;
      rows.set(key(feature), {
        feature: feature.trim(),
        included: packages.map((p) => p.features.some((f) => key(f) === key(feature))),
      });
    }
  }
  return [...rows.values()];
}
