import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ServicePackage } from '@noise/shared/catalogue';
import { renderWithApp } from '@/test/render';
import { PackageTabs } from './package-tabs';

const plan: ServicePackage = {
  _id: 'pkg-1',
  title: 'Growth',
  type: 'monthly',
  baseCost: 0,
  recurringCost: 1650,
  priceSuffix: '/month exc. GST',
  features: ['Posts'],
  recommended: false,
};

describe('PackageTabs', () => {
  it('states a plan’s minimum term, and nothing when it has none', () => {
    const view = renderWithApp(
      <PackageTabs packages={[{ ...plan, minimumTerm: '3 months' }]} onChoose={() => {}} />,
    );
    expect(screen.getByText(/^Minimum term:/)).toHaveTextContent('Minimum term: 3 months');
    view.unmount();
    renderWithApp(<PackageTabs packages={[{ ...plan, minimumTerm: null }]} onChoose={() => {}} />);
    expect(screen.queryByText(/^Minimum term:/)).toBeNull();
  });
});
