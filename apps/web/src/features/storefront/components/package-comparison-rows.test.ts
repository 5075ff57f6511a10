import { describe, expect, it } from 'vitest';
import { buildComparisonRows } from './package-comparison-rows';

describe('buildComparisonRows', () => {
  it('lists every feature once, in the order first seen, with a tick per package', () => {
    const rows = buildComparisonRows([
      { features: ['Audit', 'Monthly report'] },
      { features: ['Audit', 'Backlinks', 'monthly report '] },
      { features: [] },
    ]);
    expect(rows).toEqual([
      { feature: 'Audit', included: [true, true, false] },
      { feature: 'Monthly report', included: [true, true, false] },
      { feature: 'Backlinks', included: [false, true, false] },
    ]);
  });

  it('skips blank features and has no rows when no package lists one', () => {
    expect(buildComparisonRows([{ features: [' '] }, { features: [] }])).toEqual([]);
  });
});
