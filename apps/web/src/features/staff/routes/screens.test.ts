import { describe, expect, it } from 'vitest';
import { staffScreenAt, staffScreens } from '@noise/shared/staff-screens';

// The staff route modules there are, named as the shared list names them (from src).
const modules = Object.keys(import.meta.glob('../**/routes/*.tsx')).map((key) =>
  new URL(key, 'file:///features/staff/routes/').pathname.slice(1),
);

describe('the staff screens list', () => {
  it('names a module that exists for every screen, so the server can preload its chunks', () => {
    for (const screen of staffScreens) expect(modules).toContain(screen.module);
  });

  it('finds the screen of each kind of staff address', () => {
    expect(staffScreenAt('/wkm-dashboard')?.name).toBe('home');
    expect(staffScreenAt('/wkm-dashboard/')?.name).toBe('home');
    expect(staffScreenAt('/wkm-dashboard/sales')?.name).toBe('sales');
    expect(staffScreenAt('/wkm-dashboard/sales/edit/abc')?.name).toBe('sale');
    expect(staffScreenAt('/wkm-dashboard/requests')?.name).toBe('requests');
    expect(staffScreenAt('/wkm-dashboard/requests/abc')?.name).toBe('request');
    expect(staffScreenAt('/wkm-dashboard/custom-sales/edit/abc')?.name).toBe('sale');
    expect(staffScreenAt('/wkm-dashboard/custom-quotes/new')?.name).toBe('quote');
    expect(staffScreenAt('/wkm-dashboard/company-pages/edit/about-us')?.name).toBe('companyPage');
    expect(staffScreenAt('/wkm-dashboard/reporting')?.name).toBe('reporting');
    expect(staffScreenAt('/wkm-dashboard/nothing-here')).toBeUndefined();
  });
});
