import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditItem, AuditPage, AuditPerson } from '@noise/shared/audit';
import { renderWithApp } from '@/test/render';
import { answer, type Recorded } from '@/test/server';
import AuditLogRoute from './audit-log';

const people: AuditPerson[] = [
  { _id: 'staff-1', name: 'Sam Reed' },
  { _id: 'staff-2', name: 'Kim Ng' },
];

const roleChange: AuditItem = {
  _id: 'audit-1',
  actorId: 'staff-1',
  actorName: 'Sam Reed',
  action: 'user.role',
  kind: 'roles',
  summary: 'Changed the role of kim@agency.example',
  before: 'Co-ordinator',
  after: 'Administrator',
  ip: '203.0.113.7',
  apiKey: null,
  createdAt: '2026-11-20T03:04:05.000Z',
  link: '/wkm-dashboard/site-users/edit/staff-2',
};
const refusedSignIn: AuditItem = {
  ...roleChange,
  _id: 'audit-2',
  actorId: null,
  actorName: '',
  action: 'auth.refused',
  kind: 'sign-ins',
  summary: 'A sign-in was refused',
  before: null,
  after: null,
  ip: '',
  link: null,
};

const page = (items: AuditItem[]): AuditPage => ({ items, nextCursor: null });
const queryOf = (call: Recorded) => Object.fromEntries(new URL(call.url).searchParams);

const renderAt = (path: string) =>
  renderWithApp(
    <Routes>
      <Route path="/wkm-dashboard/audit-log" element={<AuditLogRoute />} />
    </Routes>,
    { path, role: 'super-admin' },
  );

describe('AuditLogRoute', () => {
  beforeEach(() => {
    // A wide screen: the filters stand above the table.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    answer('get', '/api/config', { companyName: 'Noise', businessTimeZone: 'Australia/Sydney' });
    answer('get', '/api/audit/people', people);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows each entry: when in the business time zone, who, what changed, and a link to it', async () => {
    answer('get', '/api/audit', page([roleChange, refusedSignIn]));
    renderAt('/wkm-dashboard/audit-log');

    const row = (await screen.findByText(roleChange.summary)).closest('tr')!;
    // 03:04:05 UTC is 14:04:05 in Sydney's summer.
    await waitFor(() => expect(within(row).getByText('14:04:05')).toBeInTheDocument());
    expect(within(row).getByText('20 Nov, 2026')).toBeInTheDocument();
    expect(within(row).getByText('Sam Reed')).toBeInTheDocument();
    expect(within(row).getByText('Roles and permissions')).toBeInTheDocument();
    expect(within(row).getByText('Co-ordinator')).toBeInTheDocument();
    expect(within(row).getByText('Administrator')).toBeInTheDocument();
    expect(within(row).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /^Open/ })).toHaveAttribute(
      'href',
      '/wkm-dashboard/site-users/edit/staff-2',
    );

    const refused = screen.getByText(refusedSignIn.summary).closest('tr')!;
    expect(within(refused).getByText('Not signed in')).toBeInTheDocument();
    expect(within(refused).getByText('—')).toBeInTheDocument();
    expect(within(refused).queryByRole('link')).toBeNull();
  });

  it('asks for the entries of the person, kind and days chosen, and keeps them in the address', async () => {
    const sent = answer('get', '/api/audit', page([roleChange]));
    const { user, location } = renderAt('/wkm-dashboard/audit-log');

    const filters = screen.getByRole('form', { name: 'Filter the audit log' });
    await within(filters).findByRole('option', { name: 'Kim Ng' });
    await user.selectOptions(within(filters).getByLabelText('Person'), 'staff-2');
    await user.selectOptions(within(filters).getByLabelText('Kind'), 'roles');
    fireEvent.change(within(filters).getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(within(filters).getByLabelText('To'), { target: { value: '2026-11-30' } });

    await waitFor(() =>
      expect(queryOf(sent.at(-1)!)).toEqual({
        person: 'staff-2',
        kind: 'roles',
        from: '2026-11-01',
        to: '2026-11-30',
        limit: '50',
      }),
    );
    expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({
      person: 'staff-2',
      kind: 'roles',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(queryOf(sent[0]!)).toEqual({ limit: '50' });
  });

  it('reads the filters from the address, says when nothing matches, and clears them', async () => {
    const sent = answer('get', '/api/audit', page([]));
    const { user, location } = renderAt(
      '/wkm-dashboard/audit-log?kind=roles&from=2026-11-01&to=not-a-date',
    );

    expect(await screen.findByText(/Nothing matches these filters/)).toBeInTheDocument();
    // A date that is not one is left out rather than sent.
    expect(queryOf(sent[0]!)).toEqual({ kind: 'roles', from: '2026-11-01', limit: '50' });
    expect(screen.getByLabelText('Kind')).toHaveValue('roles');

    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(location().search).toBe(''));
    expect(await screen.findByText('Nothing has been recorded yet.')).toBeInTheDocument();
    expect(queryOf(sent.at(-1)!)).toEqual({ limit: '50' });
  });
});
