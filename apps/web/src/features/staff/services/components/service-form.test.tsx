import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ManageService } from '@noise/shared/catalogue-admin';
import { renderWithApp } from '@/test/render';
import { answer, fieldsOf } from '@/test/server';
import { ServiceForm } from './service-form';

const stored: ManageService = {
  _id: 'svc-1',
  title: 'Website Design',
  description: 'Sites that sell.',
  initialInvestmentDescription: '',
  initialInvestmentPrice: 0,
  packages: [
    {
      _id: 'pkg-1',
      title: 'Starter',
      type: 'monthly',
      baseCost: 500,
      recurringCost: 99,
      priceSuffix: '/month exc. GST',
      features: ['Hosting', 'Updates'],
      recommended: true,
    },
  ],
  serviceExtras: [{ _id: 'extra-1', title: 'SEO setup', description: 'Basics', price: 200 }],
  faqs: [],
  gallery: ['/files/gallery-1.webp'],
  featureVideos: [],
  featurePhoto: '/files/icon.webp',
  comparisonPdf: '',
  paymentType: 'monthly',
  deliveryDays: 10,
  basePrice: 500,
  archived: false,
  archivedAt: null,
  intakeQuestions: [],
};

const renderForm = (service?: ManageService) =>
  renderWithApp(<ServiceForm service={service} />, { path: '/wkm-dashboard/services/new' });

/** The fieldset of the nth package or extra ('Package 1'). */
const card = (legend: string) => within(screen.getByRole('group', { name: legend }));

describe('ServiceForm', () => {
  it('marks every field it refuses, and sends nothing', async () => {
    const sent = answer('post', '/api/services', stored);
    const { fill, user } = renderForm();

    await fill(screen.getByLabelText('Delivery time (working days)'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Add Package' }));
    await fill(card('Package 1').getByLabelText('Initial Investment'), '12O0');
    await user.click(screen.getByRole('button', { name: 'Add Extra' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Please check the highlighted fields.')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('This field is required');
    expect(screen.getByLabelText('Delivery time (working days)')).toHaveAccessibleDescription(
      'Enter a whole number of working days, 1 to 250',
    );
    expect(card('Package 1').getByLabelText('Initial Investment')).toHaveAccessibleDescription(
      'Please enter a number',
    );
    expect(card('Extra 1').getByLabelText('Price')).toHaveAccessibleDescription(
      'This field is required',
    );
    expect(sent).toHaveLength(0);
  });

  it('publishes a new service with its packages and extras as the multipart body', async () => {
    const sent = answer('post', '/api/services', stored);
    const { fill, user, location } = renderForm();

    await fill(screen.getByLabelText('Title'), '  Website Design ');
    await user.click(screen.getByRole('button', { name: 'Add Package' }));
    const pkg = card('Package 1');
    await fill(pkg.getByLabelText('Package title'), 'Starter');
    await user.selectOptions(pkg.getByLabelText('Type'), 'monthly');
    await fill(pkg.getByLabelText('Initial Investment'), '1200');
    await fill(pkg.getByLabelText('Recurring Fees'), '99.50');
    await fill(pkg.getByLabelText('Features'), 'Hosting, Updates,');
    await user.click(pkg.getByRole('checkbox', { name: 'Most popular' }));
    await user.click(
      pkg.getByRole('checkbox', { name: 'Clients may pause this plan (staff always may)' }),
    );
    // A request plan of four a month, with extra requests at $150 before GST.
    await fill(pkg.getByLabelText('Active requests at once'), '1');
    await fill(pkg.getByLabelText('Requests per period'), '4');
    await fill(pkg.getByLabelText('Extra request price ($)'), '150');
    await fill(pkg.getByLabelText('Minimum term (periods)'), '3');
    await user.click(screen.getByRole('button', { name: 'Add Extra' }));
    const extra = card('Extra 1');
    await fill(extra.getByLabelText('Extra title'), 'SEO setup');
    await fill(extra.getByLabelText('Price'), '200');
    await fill(extra.getByLabelText('Extra description'), 'Search basics');
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(location().pathname).toBe('/wkm-dashboard/services'));
    expect(sent).toHaveLength(1);
    expect([new URL(sent[0]!.url).pathname, sent[0]!.method]).toEqual(['/api/services', 'POST']);
    const fields = fieldsOf(sent[0]!.form!) as Record<string, string>;
    // The initial investment is the package's own, never typed twice.
    expect(fields).not.toHaveProperty('initialInvestmentPrice');
    expect(fields).toMatchObject({
      title: 'Website Design',
      deliveryDays: '10',
      faqs: '[]',
      intakeQuestions: '[]',
      featurePhoto: '',
      gallery: '[]',
    });
    expect(JSON.parse(fields.packages!)).toEqual([
      {
        title: 'Starter',
        type: 'monthly',
        baseCost: '1200',
        recurringCost: '99.50',
        // The default suffix followed the type.
        priceSuffix: '/month exc. GST',
        features: ['Hosting', 'Updates'],
        recommended: true,
        activeRequestLimit: '1',
        requestsPerPeriod: '4',
        extraRequestPrice: '150',
        clientsMayPause: true,
        minimumTermPeriods: '3',
      },
    ]);
    expect(JSON.parse(fields.serviceExtras!)).toEqual([
      { title: 'SEO setup', description: 'Search basics', price: '200' },
    ]);
  });

  it('updates a stored service by its id, keeping the ids of its packages and extras and its files', async () => {
    const sent = answer('put', '/api/services/svc-1', stored);
    const { fill, user, location } = renderForm(stored);

    const pkg = card('Package 1');
    await fill(pkg.getByLabelText('Recurring Fees'), '120');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(location().pathname).toBe('/wkm-dashboard/services'));
    expect(sent).toHaveLength(1);
    const fields = fieldsOf(sent[0]!.form!) as Record<string, string>;
    expect(JSON.parse(fields.packages!)).toEqual([
      {
        _id: 'pkg-1',
        title: 'Starter',
        type: 'monthly',
        baseCost: '500',
        recurringCost: '120',
        priceSuffix: '/month exc. GST',
        features: ['Hosting', 'Updates'],
        recommended: true,
        activeRequestLimit: null,
        requestsPerPeriod: null,
        extraRequestPrice: null,
        clientsMayPause: false,
        minimumTermPeriods: null,
      },
    ]);
    expect(JSON.parse(fields.serviceExtras!)).toEqual([
      { _id: 'extra-1', title: 'SEO setup', description: 'Basics', price: '200' },
    ]);
    expect(fields.featurePhoto).toBe('/files/icon.webp');
    expect(fields.gallery).toBe('["/files/gallery-1.webp"]');
  });

  it('offers every interval, and a default price suffix follows the type while a typed one stays', async () => {
    const { fill, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add Package' }));
    const pkg = card('Package 1');
    const type = pkg.getByLabelText('Type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => [o.getAttribute('value'), o.textContent]),
    ).toEqual([
      ['one-time', 'One-time'],
      ['weekly', 'Weekly'],
      ['fortnightly', 'Every two weeks'],
      ['monthly', 'Monthly'],
      ['quarterly', 'Quarterly'],
      ['yearly', 'Yearly'],
    ]);
    const suffix = pkg.getByLabelText('Price suffix');
    expect(suffix).toHaveValue('exc. GST');
    await user.selectOptions(type, 'quarterly');
    expect(suffix).toHaveValue('/quarter exc. GST');
    await user.selectOptions(type, 'fortnightly');
    expect(suffix).toHaveValue('/2 weeks exc. GST');
    await user.selectOptions(type, 'yearly');
    expect(suffix).toHaveValue('/year exc. GST');
    await fill(suffix, '/year + ad spend');
    await user.selectOptions(type, 'quarterly');
    expect(suffix).toHaveValue('/year + ad spend');
  });
});
