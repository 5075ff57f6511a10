import { orderMoney } from '@noise/shared/order-money';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '@noise/shared/project';
import { renderWithApp } from '@/test/render';
import { requestCard } from '@/test/request-card';
import { answer } from '@/test/server';
import { RequestPageRoute } from './request-page';

const project: Project = {
  _id: 'req-1',
  orderNumber: 1012,
  type: 'Project',
  user: {
    _id: 'user-1',
    email: 'ana@example.com',
    profile: {
      firstName: 'Ana',
      lastName: 'Lima',
      displayName: '',
      companyName: 'Lima Bakery',
      contactNumber: '0412345678',
      bio: '',
      profilePhotoURL: '',
    },
  },
  service: { _id: 'svc-1', title: 'Autumn menu', description: '', featurePhoto: '' },
  status: 'active',
  startDate: '2026-11-01T00:00:00.000Z',
  expectedDeliveryDate: '2026-12-10T00:00:00.000Z',
  deliveryDays: 10,
  deliveryDate: null,
  totalPrice: 1200,
  oneTimeTotalWithGST: 1320,
  recurringTotalWithGST: 0,
  currency: 'AUD',
  money: orderMoney({
    currency: 'AUD',
    packageType: 'one-time',
    recurringTotalWithGstCents: 0,
    oneTimeTotalWithGstCents: 0,
    depositWithGstCents: null,
    payments: [],
  }),
  package: {
    title: 'Starter',
    type: 'one-time',
    priceSuffix: '',
    features: '',
    baseCost: 1000,
    recurringCost: 0,
  },
  coordinator: 'staff-1',
  coordinatorName: 'Sam Reed',
  quoteId: null,
  proposalSigned: false,
  proposalSignedAt: null,
  balanceRequestedAt: null,
  statusUpdates: [],
  extras: [],
  paymentDetails: [],
  contact: {
    firstName: 'Ana',
    lastName: 'Lima',
    companyName: 'Lima Bakery',
    contactNumber: '0412345678',
    emailAddress: 'ana@example.com',
  },
  briefSubmitted: true,
  nextPeriodAt: null,
  createdAt: '2026-11-28T01:00:00.000Z',
  request: {
    planId: 'plan-1',
    planTitle: 'Unlimited Design Requests',
    planOrderNumber: 1010,
    state: 'in-progress',
  },
};

const card = requestCard({ companyId: null });

beforeEach(() => {
  // A wide screen: the request's facts beside the workspace.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  answer('get', '/api/config', { companyName: 'Noise' });
  answer('get', '/api/sales/filters', {
    companies: [],
    services: [],
    statuses: [],
    teamMembers: [{ _id: 'staff-1', name: 'Sam Reed' }],
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(id = 'req-1') {
  return renderWithApp(
    <Routes>
      <Route path="/wkm-dashboard/requests/:id" element={<RequestPageRoute />} />
      <Route path="/wkm-dashboard/sales/edit/:id" element={<h1>Edit Sale</h1>} />
    </Routes>,
    { role: 'admin', path: `/wkm-dashboard/requests/${id}` },
  );
}

describe('a request’s staff page', () => {
  it('shows its plan, client, state, assignee and due date and the workspace, with no money', async () => {
    answer('get', '/api/projects-all/req-1', project);
    answer('get', '/api/requests/req-1', card);
    answer('get', '/api/requests', { requests: [card] });
    answer('get', '/api/projects/req-1/messages', {
      messages: [],
      olderCursor: null,
      deliverables: [],
      closedReason: null,
    });
    answer('get', '/api/projects/req-1/brief', []);
    const { user } = renderPage();
    await screen.findByRole('heading', { name: 'Autumn menu', level: 1 });
    const about = within(screen.getByRole('region', { name: 'Request' }));
    expect(about.getByRole('link', { name: 'Unlimited Design Requests' })).toHaveAttribute(
      'href',
      '/wkm-dashboard/sales/edit/plan-1',
    );
    expect(about.getByText('Lima Bakery')).toBeInTheDocument();
    expect(about.getByText('Submitted by Ana Lima')).toBeInTheDocument();
    expect(about.getByText('In progress')).toBeInTheDocument();
    expect(about.getByText('Sam Reed')).toBeInTheDocument();
    expect(about.getByText(/^10 Dec, 2026 · /)).toBeInTheDocument();
    const assignment = within(screen.getByRole('region', { name: 'Assignee and due date' }));
    expect(assignment.getByLabelText('Assigned to')).toHaveValue('staff-1');
    expect(assignment.queryByLabelText('Project status')).toBeNull();
    expect(screen.getByRole('region', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: "Customer's Brief" })).toBeInTheDocument();
    for (const money of ['Payments', 'Project Details', 'Subscription', 'Deposit and balance']) {
      expect(screen.queryByRole('region', { name: money })).toBeNull();
    }
    expect(screen.queryByText(/Paid \$/)).toBeNull();

    // The board's 'Move to…' list, with the version the page showed.
    const moved = { ...card, state: 'in-review' as const, version: 4 };
    const sent = answer('post', '/api/requests/req-1/move', { moved: true, request: moved });
    answer('get', '/api/requests/req-1', moved);
    await user.selectOptions(about.getByLabelText('Move Autumn menu to'), 'In review');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ state: 'in-review', version: 3 });
    expect(await about.findByText('In review')).toBeInTheDocument();
  });

  it('sends a project that is not a request to its Edit Sale page', async () => {
    answer('get', '/api/projects-all/sale-9', { ...project, _id: 'sale-9', request: null });
    answer('get', '/api/requests/sale-9', { message: 'Request not found' }, { status: 404 });
    renderPage('sale-9');
    expect(await screen.findByRole('heading', { name: 'Edit Sale' })).toBeInTheDocument();
  });
});
