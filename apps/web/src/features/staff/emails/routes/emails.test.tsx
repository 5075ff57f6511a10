import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EmailPreview } from '@noise/shared/emails';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { EmailsRoute } from './emails';

const previews: EmailPreview[] = [
  {
    kind: 'order-receipt',
    title: 'Order receipt',
    sentWhen: 'To the customer when an order is paid.',
    subject: 'Your Noise order: SEO Audit (Order 1042)',
    text: 'Hi Olivia,\n\nThank you for ordering SEO Audit.',
    html: '<!DOCTYPE html><html><body><p>Thank you for ordering SEO Audit.</p></body></html>',
  },
  {
    kind: 'password-reset',
    title: 'Password reset',
    sentWhen: 'To the person who asked for a reset link.',
    subject: 'Reset your Noise password',
    text: 'Hi Olivia,\n\nSomeone asked to reset the password.',
    html: '<!DOCTYPE html><html><body><p>Someone asked to reset the password.</p></body></html>',
  },
];

describe('Emails', () => {
  it('shows the first email, then the one chosen: subject, HTML frame and plain text', async () => {
    answer('get', '/api/config', { companyName: 'Noise' });
    answer('get', '/api/email-previews', { items: previews });
    const { user } = renderWithApp(<EmailsRoute />, { path: '/wkm-dashboard/emails' });

    expect(await screen.findByRole('heading', { name: 'Order receipt', level: 2 })).toBeVisible();
    expect(screen.getByTestId('email-subject')).toHaveTextContent(previews[0]!.subject);
    expect(screen.getByTitle('Order receipt: HTML')).toHaveAttribute('srcdoc', previews[0]!.html);

    const list = screen.getByRole('navigation', { name: 'Emails' });
    await user.click(within(list).getByRole('button', { name: 'Password reset' }));
    expect(within(list).getByRole('button', { name: 'Password reset' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(screen.getByTestId('email-subject')).toHaveTextContent('Reset your Noise password');
    expect(screen.getByTitle('Password reset: HTML')).toHaveAttribute(
      'sandbox',
      'allow-same-origin',
    );
    await user.click(screen.getByText('Plain-text part'));
    expect(
      screen.getByText(/Someone asked to reset the password\./, { selector: 'pre' }),
    ).toBeVisible();

    // On a phone the same choice is a menu.
    await user.selectOptions(screen.getByLabelText('Email'), 'order-receipt');
    expect(screen.getByTestId('email-subject')).toHaveTextContent(previews[0]!.subject);
  });
});
