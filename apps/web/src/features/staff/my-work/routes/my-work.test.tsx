import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MyWork, WorkItem } from '@noise/shared/my-work';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { MyWorkRoute } from './my-work';

const late: WorkItem = {
  projectId: 'project-1',
  type: 'Project',
  orderNumber: 1042,
  serviceTitle: 'SEO audit',
  customerName: 'Loud Co',
  status: 'active',
  dueDate: '2026-11-25',
  dueInDays: -3,
  group: 'overdue',
  waitingFor: null,
  assigneeName: 'Kim Ng',
  unread: 2,
};
const waiting: WorkItem = {
  ...late,
  projectId: 'custom-1',
  type: 'CustomProject',
  orderNumber: 1043,
  serviceTitle: 'Brand refresh',
  dueDate: null,
  dueInDays: null,
  group: 'waiting',
  waitingFor: 'brief',
  assigneeName: '',
  unread: 0,
};

const renderAt = (path: string, role: 'admin' | 'co-ordinator') =>
  renderWithApp(
    <Routes>
      <Route path="/wkm-dashboard/my-work" element={<MyWorkRoute />} />
    </Routes>,
    { path, role },
  );

describe('MyWorkRoute', () => {
  beforeEach(() => {
    answer('get', '/api/config', { companyName: 'Noise' });
    answer('get', '/api/sales/filters', {
      companies: [],
      services: [],
      statuses: [],
      teamMembers: [{ _id: 'staff-2', name: 'Kim Ng' }],
    });
  });

  it("groups a co-ordinator's own open projects, with what is due and unread", async () => {
    const mine: MyWork = { member: 'staff-2', items: [late, waiting] };
    const sent = answer('get', '/api/my-work', mine);
    renderAt('/wkm-dashboard/my-work', 'co-ordinator');

    const overdue = await screen.findByRole('region', { name: 'Overdue (1)' });
    const row = within(overdue).getByRole('link');
    expect(row).toHaveAttribute('href', '/wkm-dashboard/sales/edit/project-1');
    expect(row).toHaveTextContent('Loud Co Order 1042, SEO audit');
    expect(row).toHaveTextContent('In Progress');
    expect(row).toHaveTextContent('Overdue by 3 days');
    expect(within(row).getByLabelText('2 unread')).toBeInTheDocument();

    const waitingGroup = screen.getByRole('region', { name: 'Waiting for the customer (1)' });
    const custom = within(waitingGroup).getByRole('link');
    expect(custom).toHaveAttribute('href', '/wkm-dashboard/custom-sales/edit/custom-1');
    expect(custom).toHaveTextContent('In Progress · Waiting for the brief');
    expect(custom).toHaveTextContent('No due date');
    // Only those who manage site users choose whose work to see.
    expect(screen.queryByLabelText('Whose work')).not.toBeInTheDocument();
    expect(new URL(sent[0]!.url).searchParams.get('member')).toBeNull();
  });

  it("lets an administrator see everyone's work, with who each project is with", async () => {
    const sent = answer('get', '/api/my-work', { member: 'everyone', items: [late, waiting] });
    const { user, location } = renderAt('/wkm-dashboard/my-work', 'admin');

    await screen.findByRole('region', { name: 'Overdue (1)' });
    await within(screen.getByLabelText('Whose work')).findByRole('option', { name: 'Kim Ng' });
    await user.selectOptions(screen.getByLabelText('Whose work'), 'everyone');

    await waitFor(() =>
      expect(new URL(sent.at(-1)!.url).searchParams.get('member')).toBe('everyone'),
    );
    expect(location().search).toBe('?member=everyone');
    expect(
      await within(
        await screen.findByRole('region', { name: 'Waiting for the customer (1)' }),
      ).findByText(/Not assigned/),
    ).toBeInTheDocument();
  });

  it('says when nothing is open', async () => {
    answer('get', '/api/my-work', { member: 'staff-2', items: [] });
    renderAt('/wkm-dashboard/my-work', 'co-ordinator');

    expect(await screen.findByText('Nothing open')).toBeInTheDocument();
  });
});
