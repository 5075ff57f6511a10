import { orderMoney } from '@noise/shared/order-money';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Project } from '@noise/shared/project';
import { REQUIRED_MESSAGE } from '@/components/ui/field';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { SaleStatusControl } from '../../components/sale-status-control';
import { SaleStatusUpdates } from './sale-status';

const sale: Project = {
  _id: 'sale-1',
  orderNumber: 1001,
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
  service: { _id: 'svc-1', title: 'Website Design', description: '', featurePhoto: '' },
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
  createdAt: '2026-11-01T00:00:00.000Z',
};

beforeEach(() => {
  answer('get', '/api/sales/filters', {
    companies: [],
    services: [],
    statuses: [],
    teamMembers: [
      { _id: 'staff-1', name: 'Sam Reed' },
      { _id: 'staff-2', name: 'Kim Tran' },
    ],
  });
});

describe('SaleStatusControl', () => {
  it('asks why the due date moves, and sends nothing without a reason', async () => {
    const sent = answer('patch', '/api/projects/sale-1', sale);
    const { fill, user } = renderWithApp(<SaleStatusControl sale={sale} />, { role: 'admin' });

    await user.clear(screen.getByLabelText('Due date'));
    await user.type(screen.getByLabelText('Due date'), '2026-12-20');
    await fill(screen.getByLabelText('Reason for the change'), '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Reason for the change')).toHaveAccessibleDescription(
        'Say why the due date changes',
      ),
    );
    expect(sent).toHaveLength(0);
  });

  it("sends an admin's new status, co-ordinator and due date with the reason", async () => {
    const sent = answer('patch', '/api/projects/sale-1', sale);
    const { fill, user } = renderWithApp(<SaleStatusControl sale={sale} />, { role: 'admin' });

    await user.selectOptions(screen.getByLabelText('Project status'), 'on-hold');
    // The team arrives from /api/sales/filters.
    await screen.findByRole('option', { name: 'Kim Tran' });
    await user.selectOptions(screen.getByLabelText('Assigned to'), 'staff-2');
    await user.clear(screen.getByLabelText('Due date'));
    await user.type(screen.getByLabelText('Due date'), '2026-12-20');
    await fill(screen.getByLabelText('Reason for the change'), ' Client is away ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      status: 'on-hold',
      coordinatorId: 'staff-2',
      expectedDeliveryDate: '2026-12-20',
      dueChangeReason: 'Client is away',
    });
  });

  it('sends only what a co-ordinator changed, who cannot reassign the sale', async () => {
    const sent = answer('patch', '/api/projects/sale-1', sale);
    const { fill, user } = renderWithApp(<SaleStatusControl sale={sale} />, {
      role: 'co-ordinator',
    });

    expect(screen.queryByLabelText('Assigned to')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Due date'));
    await user.type(screen.getByLabelText('Due date'), '2026-12-12');
    await fill(screen.getByLabelText('Reason for the change'), 'Waiting on copy');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      expectedDeliveryDate: '2026-12-12',
      dueChangeReason: 'Waiting on copy',
    });
  });
});

describe('SaleStatusUpdates', () => {
  it('shows the server’s reason at the field it refuses', async () => {
    answer(
      'put',
      '/api/projects/sale-1/status',
      {
        statusCode: 400,
        error: 'validation_error',
        message: 'Check the highlighted fields',
        details: [{ path: 'statusUpdate.date', message: 'The date cannot be before the order' }],
      },
      { status: 400 },
    );
    const { user } = renderWithApp(<SaleStatusUpdates sale={sale} />, { role: 'admin' });

    await user.selectOptions(screen.getByLabelText('Title'), 'Project Started');
    await user.type(screen.getByLabelText('Date'), '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Save Status Update' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Date')).toHaveAccessibleDescription(
        'The date cannot be before the order',
      ),
    );
  });

  it('sends nothing without a title, and says so at the field', async () => {
    const sent = answer('put', '/api/projects/sale-1/status', sale);
    const { user } = renderWithApp(<SaleStatusUpdates sale={sale} />, { role: 'admin' });

    await user.type(screen.getByLabelText('Date'), '2026-11-20');
    await user.click(screen.getByRole('button', { name: 'Save Status Update' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Title')).toHaveAccessibleDescription(REQUIRED_MESSAGE),
    );
    expect(screen.getByLabelText('Date')).toHaveValue('2026-11-20');
    expect(sent).toHaveLength(0);
  });

  it('sends the status update and empties the form', async () => {
    const sent = answer('put', '/api/projects/sale-1/status', sale);
    const { fill, user } = renderWithApp(<SaleStatusUpdates sale={sale} />, { role: 'admin' });

    await user.selectOptions(screen.getByLabelText('Title'), 'Expected Delivery Date');
    await user.type(screen.getByLabelText('Date'), '2026-12-24');
    await fill(screen.getByLabelText('Description'), 'Before Christmas');
    await user.click(screen.getByRole('button', { name: 'Save Status Update' }));

    await waitFor(() => expect(screen.getByLabelText('Description')).toHaveValue(''));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      statusUpdate: {
        title: 'Expected Delivery Date',
        date: '2026-12-24',
        description: 'Before Christmas',
      },
    });
  });
});
