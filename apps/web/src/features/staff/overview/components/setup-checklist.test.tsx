import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SetupItem } from '@noise/shared/overview';
import { renderWithApp } from '@/test/render';
import { SetupChecklistCard } from './setup-checklist';

const abn: SetupItem = {
  id: 'abn',
  title: 'ABN',
  done: false,
  detail: 'Tax invoices need your ABN.',
  href: '/wkm-dashboard/settings',
};
const payments: SetupItem = {
  id: 'payments',
  title: 'Payments',
  done: false,
  detail: 'Set the live payment keys on the server.',
  href: null,
};
const email: SetupItem = {
  id: 'email',
  title: 'Email',
  done: true,
  detail: 'Mail goes out through the mail service.',
  href: null,
};

const renderCard = (items: SetupItem[]) =>
  renderWithApp(<SetupChecklistCard items={items} />, {
    path: '/wkm-dashboard',
    role: 'admin',
  });

describe('SetupChecklistCard', () => {
  it('lists what is left to set up, with a link where the dashboard fixes it', () => {
    renderCard([abn, payments, email]);

    const card = screen.getByRole('region', { name: 'Before you trade' });
    expect(card).toHaveTextContent('2 of 3 still to set up.');
    expect(within(card).getByText('Tax invoices need your ABN.')).toBeInTheDocument();
    const links = within(card).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', '/wkm-dashboard/settings');
    expect(links[0]).toHaveTextContent('Set it up: ABN');
    expect(within(card).getByText('Set the live payment keys on the server.')).toBeInTheDocument();
  });

  it('folds away what is done', () => {
    renderCard([abn, email]);

    const done = screen.getByText('1 done').closest('details')!;
    expect(done).not.toHaveAttribute('open');
    expect(within(done).getByText('Email')).toBeInTheDocument();
  });

  it('is gone once everything is done', () => {
    renderCard([{ ...abn, done: true }, email]);

    expect(screen.queryByRole('region', { name: 'Before you trade' })).not.toBeInTheDocument();
  });
});
