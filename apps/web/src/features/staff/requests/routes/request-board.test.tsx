import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { requestCard } from '@/test/request-card';
import { answer } from '@/test/server';
import { RequestBoardRoute } from './request-board';

const card = requestCard;

const cards = [
  card({}),
  card({
    id: 'req-2',
    orderNumber: 1020,
    title: 'Shop sign',
    planId: 'plan-2',
    companyId: 'co-2',
    companyName: 'Oak Florist',
    coordinatorId: null,
    coordinatorName: '',
  }),
];

/** A screen `width` px wide, as CSS media queries of min-width read it. */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return {
      matches: min ? width >= Number(min[1]) : false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
  });
}
afterEach(() => vi.unstubAllGlobals());

async function renderBoard() {
  answer('get', '/api/config', { companyName: 'Noise' });
  answer('get', '/api/requests', { requests: cards });
  const view = renderWithApp(<RequestBoardRoute />, {
    role: 'admin',
    path: '/wkm-dashboard/requests',
  });
  await screen.findByRole('link', { name: 'Autumn menu' });
  return view;
}

describe('the board’s filters', () => {
  it('fold behind a Filters button on a phone, in a sheet that narrows the board as they change', async () => {
    screenWidth(375);
    const { user } = await renderBoard();
    const form = within(screen.getByRole('form', { name: 'Filter requests' }));
    expect(form.queryByLabelText('Client')).toBeNull();
    await user.click(form.getByRole('button', { name: 'Filters' }));

    const sheet = within(await screen.findByRole('dialog', { name: 'Filters' }));
    await user.selectOptions(sheet.getByLabelText('Client'), 'Oak Florist');
    await user.selectOptions(sheet.getByLabelText('Assigned to'), 'Unassigned');
    await user.click(sheet.getByRole('button', { name: 'Show requests' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(form.getByRole('button', { name: 'Filters (2)' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 2 requests.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Autumn menu' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Shop sign' })).toBeInTheDocument();

    await user.click(form.getByRole('button', { name: 'Clear filters' }));
    expect(form.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Autumn menu' })).toBeInTheDocument();
  });

  it('stay in a row on a wide screen', async () => {
    screenWidth(1280);
    const { user } = await renderBoard();
    const form = within(screen.getByRole('form', { name: 'Filter requests' }));
    expect(form.queryByRole('button', { name: /^Filters/ })).toBeNull();
    expect(form.getByLabelText('Client')).toBeInTheDocument();
    expect(form.getByLabelText('Assigned to')).toBeInTheDocument();
    await user.selectOptions(form.getByLabelText('Plan'), 'plan-1');
    expect(screen.getByText('Showing 1 of 2 requests.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
