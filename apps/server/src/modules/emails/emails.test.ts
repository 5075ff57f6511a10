import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { EMAIL_LOGO_PATH, emailBrandOf } from '../../lib/email-html.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';
import { outboxMail } from '../../test/outbox.ts';
import { emailsOf } from '../../app-module.ts';
import { appModules } from '../../modules.ts';
import { previewEmails } from './preview-emails.ts';

const emailKinds = emailsOf(appModules);

const { app, config } = await createTestApp({
  companyAddress: '1 Example Street, Sydney NSW 2000',
});

/**
 * html-validate's recommended rules, less those that forbid what email HTML must do: mail
 * clients drop <style> and honour table attributes, so React Email writes the markup they need.
 */
const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    // The XHTML 1.0 Transitional doctype and its self-closed <meta/> and <img/>: what Outlook
    // and Gmail render most alike.
    'doctype-html': 'off',
    'void-style': 'off',
    // Inline styles are the only styles every mail client keeps.
    'no-inline-style': 'off',
    // width, align, border, cellpadding on tables: the layout Outlook's Word engine follows.
    'no-deprecated-attr': 'off',
    // React writes cellPadding and cellSpacing; attribute names are not case-sensitive.
    'attr-case': 'off',
    // Outlook's conditional comments give the button its padding there.
    'no-conditional-comment': 'off',
  },
});

describe('emails', () => {
  it('renders every kind as valid HTML with the shop’s name, address, logo and a button', async () => {
    const previews = await previewEmails(emailKinds, emailBrandOf(config));
    expect(previews.map((p) => p.kind)).toEqual(emailKinds.map((k) => k.kind));
    for (const preview of previews) {
      const report = await validator.validateString(preview.html);
      const problems = report.results.flatMap((r) =>
        r.messages.map((m) => `${preview.kind}: ${m.ruleId} ${m.message} at ${m.selector}`),
      );
      expect(problems).toEqual([]);
      expect(preview.html).toContain(config.companyName);
      expect(preview.html).toContain('1 Example Street, Sydney NSW 2000');
      expect(preview.html).toContain(`${config.publicUrl}/apple-touch-icon.png`);
      // Every kind has one action, a button (the only links styled as one).
      expect(preview.html, preview.kind).toMatch(/border-radius:999px/);
      expect(preview.text.length).toBeGreaterThan(40);
    }
  });

  it('serves the logo to mail clients on other sites', async () => {
    const logo = await app.inject({ url: EMAIL_LOGO_PATH });
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const page = await app.inject({ url: '/favicon.svg' });
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('shows staff who manage the site every kind: subject, text and HTML', async () => {
    const admin = await createUser(app, { role: 'admin' });
    const res = await app.inject({ url: '/api/email-previews', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    const items = res.json<{ items: { kind: string; subject: string; html: string }[] }>().items;
    expect(items).toHaveLength(emailKinds.length);
    const reset = items.find((i) => i.kind === 'password-reset')!;
    expect(reset.subject).toBe(`Reset your ${config.companyName} password`);
    expect(reset.html).toContain('Choose a new password');
    const coordinator = await createUser(app, { role: 'co-ordinator' });
    const refused = await app.inject({
      url: '/api/email-previews',
      headers: bearer(coordinator.token),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('lets the recipient of a notification email turn that kind off from the email', async () => {
    const jane = await createUser(app, { firstName: 'Jane' });
    await app.notifier.send([jane.user.id], {
      kind: 'status-update',
      title: 'Your audit is in progress',
      body: 'We started on it.',
      link: '/dashboard/projects/p1',
    });
    const mail = await outboxMail(app, config.dataDir, jane.user.email, 'We started on it.');
    expect(mail.text).toContain('You can turn these emails off in your notification settings.');
    expect(mail.html).toContain('View details');
    expect(mail.headers.get('list-unsubscribe-post')).toBeUndefined(); // folded into 'list'
    const list = mail.headers.get('list') as { unsubscribe: { url: string } };
    const link = new URL(list.unsubscribe.url);
    expect(link.origin).toBe(config.publicUrl);
    expect(mail.html).toContain(list.unsubscribe.url.replaceAll('&', '&amp;'));
    const settings = async () =>
      (await app.inject({ url: '/api/notifications/settings', headers: bearer(jane.token) })).json<{
        email: Record<string, boolean>;
      }>().email;

    // Opening the link asks first: a scanner following links turns nothing off.
    const asked = await app.inject({ url: `${link.pathname}${link.search}` });
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-type']).toMatch(/^text\/html/);
    expect(asked.body).toContain('Stop emails about &#39;Updates on my projects&#39;?');
    expect((await settings())['status-update']).toBe(true);

    // A mail client's one-click request (RFC 8058).
    const oneClick = await app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('Done: these emails are off');
    expect(await settings()).toMatchObject({ 'status-update': false, payment: true });

    // A link whose signature does not match changes nothing.
    link.searchParams.set('s', 'payment');
    const forged = await app.inject({ method: 'POST', url: `${link.pathname}${link.search}` });
    expect(forged.statusCode).toBe(404);
    expect((await settings()).payment).toBe(true);
  });
});
