import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';
import { setupChecklist } from './setup-checklist.ts';

const { app, config } = await createTestApp();
const admin = await createUser(app, { role: 'admin' });

const states = (items: { id: string; done: boolean }[]) =>
  Object.fromEntries(items.map((item) => [item.id, item.done]));

describe('the setup checklist', () => {
  it('tells an admin what a demo install lacks before it trades', async () => {
    const res = await app.inject({ url: '/api/overview/setup', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    expect(states(res.json())).toEqual({
      coordinators: false,
      abn: false,
      payments: false,
      email: false,
      'reply-by-email': false,
      legal: false,
      'sign-in': false,
    });
    const coordinators = res.json().find((item: { id: string }) => item.id === 'coordinators');
    expect(coordinators).toMatchObject({ href: '/wkm-dashboard/site-users/new' });

    await createUser(app, { role: 'co-ordinator' });
    const after = await app.inject({ url: '/api/overview/setup', headers: bearer(admin.token) });
    expect(states(after.json()).coordinators).toBe(true);
  });

  it('asks for the shop’s own Terms of Service and Privacy Policy until both are written', async () => {
    const legal = async () => {
      const res = await app.inject({ url: '/api/overview/setup', headers: bearer(admin.token) });
      return res.json().find((item: { id: string }) => item.id === 'legal');
    };
    expect(await legal()).toMatchObject({
      done: false,
      detail:
        'Your site shows the demo Privacy Policy and Terms of Service. Replace them with your own, reviewed by a lawyer.',
      href: '/wkm-dashboard/company-pages',
    });
    const write = (slug: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/company-pages/${slug}`,
        headers: bearer(admin.token),
        payload: { body: 'Our own words.' },
      });
    expect((await write('terms-of-service')).statusCode).toBe(200);
    expect(await legal()).toMatchObject({ done: false });
    expect((await legal()).detail).toContain('the demo Privacy Policy.');
    expect((await write('privacy-policy')).statusCode).toBe(200);
    expect(await legal()).toMatchObject({ done: true });
  });

  it('is for admins and super-admins only', async () => {
    for (const role of ['co-ordinator', 'client'] as const) {
      const { token } = await createUser(app, { role });
      const res = await app.inject({ url: '/api/overview/setup', headers: bearer(token) });
      expect(res.statusCode).toBe(403);
    }
  });

  it('counts each setting once it is set', () => {
    const ready = setupChecklist(
      {
        ...config,
        abn: '12 345 678 901',
        smtpUrl: 'smtp://mail.example.com:587',
        payments: { ...config.payments, provider: 'stripe' },
        inboundMail: { ...config.inboundMail, webhookSecret: 'inbound-secret-'.repeat(2) },
        oauth: { google: { clientId: 'id', clientSecret: 'secret', issuer: 'https://g.example' } },
      },
      { coordinators: 2, legalPagesWritten: ['terms-of-service', 'privacy-policy'] },
    );
    expect(ready.every((item) => item.done)).toBe(true);
    expect(ready.find((item) => item.id === 'abn')?.detail).toBe(
      'Tax invoices show ABN 12 345 678 901.',
    );
  });

  it('asks for a way to take replies by email, saying when they work from this machine alone', () => {
    const local = setupChecklist(
      { ...config, mailRepliesLocal: true },
      { coordinators: 0, legalPagesWritten: [] },
    ).find((item) => item.id === 'reply-by-email');
    expect(local).toMatchObject({ done: false, href: null });
    expect(local?.detail).toMatch(
      /^Replies to message emails reach the site only from this machine/,
    );
    const receiving = setupChecklist(
      { ...config, inboundMail: { ...config.inboundMail, smtpPort: 2525 } },
      { coordinators: 0, legalPagesWritten: [] },
    ).find((item) => item.id === 'reply-by-email');
    expect(receiving).toMatchObject({ done: true });
  });

  it('says what invoices are without an ABN', () => {
    for (const abn of ['', '   ']) {
      const items = setupChecklist({ ...config, abn }, { coordinators: 0, legalPagesWritten: [] });
      expect(items.find((item) => item.id === 'abn')).toEqual({
        id: 'abn',
        title: 'ABN on tax invoices',
        done: false,
        detail:
          'Without an ABN, invoices are titled ‘Invoice’ rather than ‘Tax invoice’, so GST-registered customers cannot claim the GST credit from them. A super-admin enters it under Settings › Business details.',
        href: null,
      });
    }
  });
});
