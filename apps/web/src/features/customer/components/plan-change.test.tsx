import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlanChangeOptions } from '@noise/shared/plan-change';
import { renderWithApp } from '@/test/render';
import { subscriptionOf } from '@/test/subscription';
import { answer } from '@/test/server';
import { PlanChangeControls } from './plan-change';

const subscription = subscriptionOf();

const options: PlanChangeOptions = {
  packageTitle: 'Starter',
  amountCents: 11_000,
  interval: 'monthly',
  refusal: null,
  options: [
    {
      packageId: 'pkg-growth',
      packageTitle: 'Growth',
      features: [],
      takesEffect: 'now',
      amountCents: 27_500,
      dueTodayCents: 6_050,
      dueTodayGstCents: 550,
      creditCents: 0,
      daysLeft: 11,
      periodDays: 30,
      nextChargeAt: '2026-12-10T03:00:00.000Z',
      nextChargeCents: 27_500,
      currency: 'AUD',
    },
  ],
};

const plansUrl = '/api/projects/project-1/subscription/plans';
const changeUrl = '/api/projects/project-1/subscription/change';

async function openDialog() {
  const rendered = renderWithApp(<PlanChangeControls subscription={subscription} />, {
    role: 'client',
  });
  await rendered.user.click(screen.getByRole('button', { name: /Change plan/ }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Change plan' }));
  await dialog.findByRole('radio', { name: /Growth/ });
  return { ...rendered, dialog };
}

describe('Change plan', () => {
  it('asks for a package before sending anything', async () => {
    answer('get', plansUrl, options);
    const sent = answer('post', changeUrl, subscription);
    const { user, dialog } = await openDialog();

    await user.click(dialog.getByRole('button', { name: 'Change plan' }));

    // The form checks its fields asynchronously: the message comes after the click's task.
    expect(await dialog.findByText('Choose the package to change to')).toBeVisible();
    expect(sent).toHaveLength(0);
  });

  it('shows the server’s preview and confirms with the amount it showed', async () => {
    answer('get', plansUrl, options);
    const sent = answer('post', changeUrl, { ...subscription, packageTitle: 'Growth' });
    const { user, dialog } = await openDialog();

    await user.click(dialog.getByRole('radio', { name: /Growth/ }));
    const preview = within(dialog.getByTestId('plan-preview'));
    expect(preview.getByText('Due today').nextSibling).toHaveTextContent('$60.50');
    expect(preview.getByText('GST included').nextSibling).toHaveTextContent('$5.50');
    expect(preview.getByText(/^Next charge/)).toHaveTextContent(
      'Next charge $275.00 inc. GST on 10 Dec, 2026',
    );
    await user.click(dialog.getByRole('button', { name: 'Pay $60.50 and change' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(new URL(sent[0]!.url).pathname).toBe(changeUrl);
    expect(sent[0]!.body).toEqual({
      packageId: 'pkg-growth',
      expectedDueTodayCents: 6_050,
      expectedCreditCents: 0,
      idempotencyKey: expect.any(String),
    });
  });

  it('takes the account credit off what the card pays, and confirms with both figures', async () => {
    const withCredit = { ...options, options: [{ ...options.options[0]!, creditCents: 2_000 }] };
    answer('get', plansUrl, withCredit);
    const sent = answer('post', changeUrl, { ...subscription, packageTitle: 'Growth' });
    const { user, dialog } = await openDialog();

    await user.click(dialog.getByRole('radio', { name: /Growth/ }));
    const preview = within(dialog.getByTestId('plan-preview'));
    expect(preview.getByText('Charge for the rest of the period').nextSibling).toHaveTextContent(
      '$60.50',
    );
    expect(preview.getByText('Account credit').nextSibling).toHaveTextContent('−$20.00');
    expect(preview.getByText('Due today').nextSibling).toHaveTextContent('$40.50');
    expect(preview.getByText(/paid from account credit, the rest charged/)).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Pay $40.50 and change' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({
      expectedDueTodayCents: 6_050,
      expectedCreditCents: 2_000,
    });
  });

  it('shows the server’s refusal in the dialog', async () => {
    answer('get', plansUrl, options);
    answer(
      'post',
      changeUrl,
      {
        statusCode: 409,
        error: 'conflict',
        message: 'The amount due today is now $66.00: please look at the change again.',
      },
      { status: 409 },
    );
    const { user, dialog } = await openDialog();

    await user.click(dialog.getByRole('radio', { name: /Growth/ }));
    await user.click(dialog.getByRole('button', { name: 'Pay $60.50 and change' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'The amount due today is now $66.00',
    );
  });
});
