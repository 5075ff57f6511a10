import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { ABN_LENGTH_MESSAGE, ABN_MESSAGE } from '@noise/shared/business-details';
import { createTestApp, testConfig, testRepositories } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';
import { coordinator, createServiceToOrder, orderBody, pay } from '../../test/order-factories.ts';
import { outboxMail } from '../../test/outbox.ts';
import { pdfTextRuns } from '../../test/pdf-text.ts';

const { app, config, database } = await createTestApp({
  companyName: 'Env Agency',
  abn: '51 824 753 556',
  companyAddress: '1 Env Street, Sydney NSW 2000',
});
const repos = testRepositories(app);
// A second server process on the same database: it hears of a save only through NOTIFY.
const other = await buildApp(testConfig(), { logger: false, ensureAdmin: false, database });
await other.ready();
afterAll(() => other.close());
const URL = '/api/settings/business-details';
const { token: superAdmin } = await createUser(app, { role: 'super-admin' });

const details = {
  companyName: 'Saved Agency',
  abn: '53004085616',
  address: '2 Saved Lane, Melbourne VIC 3000',
  contactUrl: '',
  supportEmail: 'Help@Saved.example',
  brandColour: '#0055AA',
  emailFooter: 'Made loud in Melbourne.',
  privacyUrl: 'https://saved.example/privacy',
  termsUrl: 'https://saved.example/terms',
};

const save = (body: object, token = superAdmin) =>
  app.inject({ method: 'PUT', url: URL, headers: bearer(token), payload: body });

describe('business details', () => {
  it('refuses admins, co-ordinators and customers, reading or saving', async () => {
    for (const role of ['admin', 'co-ordinator', 'client'] as const) {
      const { token } = await createUser(app, { role });
      const read = await app.inject({ url: URL, headers: bearer(token) });
      expect(read.statusCode, role).toBe(403);
      expect((await save(details, token)).statusCode, role).toBe(403);
    }
    expect((await app.inject({ url: URL })).statusCode).toBe(401);
    expect(await repos.businessDetails.find()).toBeNull();
  });

  it("shows the environment's values until someone saves", async () => {
    const res = await app.inject({ url: URL, headers: bearer(superAdmin) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      companyName: 'Env Agency',
      abn: '51 824 753 556',
      address: '1 Env Street, Sydney NSW 2000',
      contactUrl: '',
      savedAt: null,
    });
  });

  it('refuses a wrong ABN with a clear message and changes nothing', async () => {
    const res = await save({ ...details, abn: '51 824 753 557' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      expect.objectContaining({ path: 'body.abn', message: ABN_MESSAGE }),
    ]);
    const short = await save({ ...details, abn: '123' });
    expect(short.json().details).toEqual([
      expect.objectContaining({ path: 'body.abn', message: ABN_LENGTH_MESSAGE }),
    ]);
    expect(await repos.businessDetails.find()).toBeNull();
    expect(config.business.companyName).toBe('Env Agency');
  });

  it('refuses half a bank account or a wrong BSB at its field, and changes nothing', async () => {
    const half = await save({ ...details, bankAccountName: 'Saved Pty Ltd' });
    expect(half.statusCode).toBe(400);
    expect(half.json().details.map((d: { path: string }) => d.path)).toEqual([
      'body.bankBsb',
      'body.bankAccountNumber',
    ]);
    const bsb = await save({
      ...details,
      bankAccountName: 'Saved Pty Ltd',
      bankBsb: '06200',
      bankAccountNumber: '12345678',
    });
    expect(bsb.json().details).toEqual([
      expect.objectContaining({
        path: 'body.bankBsb',
        message: 'A BSB is 6 digits, such as 062-000',
      }),
    ]);
    expect(await repos.businessDetails.find()).toBeNull();
  });

  it('saves for a super-admin, audits what changed, and applies at once', async () => {
    const res = await save(details);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      companyName: 'Saved Agency',
      abn: '53 004 085 616',
      supportEmail: 'help@saved.example',
      brandColour: '#0055aa',
      savedByName: expect.any(String),
    });
    expect(res.json().savedAt).not.toBeNull();

    const [entry] = await repos.audit.listForEntity('settings', 'business-details');
    expect(entry!.action).toBe('settings.business-details-updated');
    expect(entry!.summary).toContain('business name');
    expect(entry!.summary).toContain('ABN');
    expect(entry!.data).toMatchObject({
      changes: { abn: { from: '51 824 753 556', to: '53 004 085 616' } },
    });

    // The site's settings: the new name, and the support email where no contact page is set.
    const site = await app.inject({ url: '/api/config' });
    expect(site.json()).toMatchObject({
      companyName: 'Saved Agency',
      contactUrl: 'mailto:help@saved.example',
    });
    await vi.waitFor(
      async () => {
        const there = await other.inject({ url: '/api/config' });
        expect(there.json()).toMatchObject({ companyName: 'Saved Agency' });
      },
      { timeout: 5000, interval: 25 },
    );
  });

  it('prints the saved ABN, name and address on the next tax invoice', async () => {
    const fixture = await createServiceToOrder(app, {
      packages: [{ title: 'Launch', type: 'one-time', baseCostCents: 100_000 }],
    });
    const { user: cora } = await coordinator(app);
    const { token } = await createUser(app);
    const paid = await pay(app, token, orderBody(fixture, { coordinatorId: cora.id }));
    expect(paid.statusCode).toBe(200);
    const pdf = await app.inject({
      url: `/api/payments/${paid.json().paymentId as string}/invoice`,
      headers: bearer(token),
    });
    const runs = await pdfTextRuns(pdf.rawPayload);
    expect(runs).toEqual(
      expect.arrayContaining([
        'Saved Agency',
        'ABN 53 004 085 616',
        '2 Saved Lane, Melbourne VIC 3000',
      ]),
    );
    expect(runs.join('\n')).not.toContain('51 824 753 556');
    // The band and the title in the saved brand colour (#0055aa: 0, 1/3, 2/3 of full).
    const drawn = [...pdf.rawPayload.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)endstream/g)]
      .map((m) => {
        try {
          return inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
        } catch {
          return '';
        }
      })
      .join('\n');
    expect(drawn).toMatch(/\b0 0\.33\d* 0\.66\d* rg\b/);
  });

  it("puts them in the next email's footer, without a 'Contact us' to nowhere", async () => {
    const { user } = await createUser(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(202);
    await app.afterAnswer.drain();
    const mail = await outboxMail(app, config.dataDir, user.email);
    // With no MAIL_FROM set, the sender's name is the saved business name.
    expect(mail.from?.value[0]?.name).toBe('Saved Agency');
    const html = String(mail.html);
    expect(html).toContain('ABN 53 004 085 616');
    expect(html).toContain('Saved Agency');
    expect(html).toContain('Made loud in Melbourne.');
    expect(html).toContain('#0055aa');
    expect(html).toContain('mailto:help@saved.example');
    expect(html).toContain('https://saved.example/privacy');
    expect(html).not.toContain('Contact us');
    expect(html).not.toContain('51 824 753 556');
  });

  describe('the logo', () => {
    const uploadLogo = (bytes: Buffer, type = 'image/png', token = superAdmin) => {
      const form = new FormData();
      form.append('logo', new Blob([bytes], { type }), 'logo.png');
      return app.inject({ method: 'PUT', url: `${URL}/logo`, headers: bearer(token), body: form });
    };
    // A wide logo, larger than is kept: 1200 × 300 px with a transparent background.
    const wide = () =>
      sharp({
        create: {
          width: 1200,
          height: 300,
          channels: 4,
          background: { r: 0, g: 0, b: 0, alpha: 0 },
        },
      })
        .composite([
          {
            input: Buffer.from(
              '<svg width="1000" height="200"><rect width="1000" height="200" fill="#0055aa"/></svg>',
            ),
            left: 100,
            top: 50,
          },
        ])
        .png()
        .toBuffer();

    it('refuses anyone but a super-admin, and files that are not images, changing nothing', async () => {
      const png = await wide();
      for (const role of ['admin', 'co-ordinator', 'client'] as const) {
        const { token } = await createUser(app, { role });
        expect((await uploadLogo(png, 'image/png', token)).statusCode, role).toBe(403);
        const removed = await app.inject({
          method: 'DELETE',
          url: `${URL}/logo`,
          headers: bearer(token),
        });
        expect(removed.statusCode, role).toBe(403);
      }
      const text = await uploadLogo(Buffer.from('not an image at all'), 'image/png');
      expect(text.statusCode).toBe(400);
      expect(text.json().details).toEqual([
        { path: 'logo', message: 'The logo must be a PNG, JPEG or WebP image' },
      ]);
      const big = await uploadLogo(Buffer.alloc(2 * 1024 * 1024 + 1, 1));
      expect(big.statusCode).toBe(400);
      expect(big.json().message).toBe('The logo must be at most 2 MB');
      expect(await repos.businessDetails.findLogo()).toBeNull();
      expect((await app.inject({ url: '/api/config' })).json().logoUrl).toBe('');
    });

    it('is kept at most 600 × 200 px and shown on the site, in emails and on invoices at once', async () => {
      const res = await uploadLogo(await wide());
      expect(res.statusCode, res.body).toBe(200);
      const logoUrl = res.json<{ logoUrl: string }>().logoUrl;
      expect(logoUrl).toMatch(/^\/api\/business\/logo\/[0-9a-f]{16}\.png$/);

      // The site's settings name it, here and (through NOTIFY) on the other process.
      expect((await app.inject({ url: '/api/config' })).json().logoUrl).toBe(logoUrl);
      await vi.waitFor(
        async () =>
          expect((await other.inject({ url: '/api/config' })).json().logoUrl).toBe(logoUrl),
        { timeout: 10_000 },
      );
      const file = await app.inject({ url: logoUrl });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['cache-control']).toContain('immutable');
      const meta = await sharp(file.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([600, 150]);
      expect(
        (await app.inject({ url: '/api/business/logo/0000000000000000.png' })).statusCode,
      ).toBe(404);

      // The next email shows it (named by its alt text) in place of the site's icon.
      const { user } = await createUser(app);
      await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
      });
      await app.afterAnswer.drain();
      const html = String((await outboxMail(app, config.dataDir, user.email)).html);
      expect(html).toContain(`${config.publicUrl}${logoUrl}`);
      expect(html).toContain('alt="Saved Agency"');
      expect(html).not.toContain('/apple-touch-icon.png');

      // The next tax invoice draws it above the name.
      const fixture = await createServiceToOrder(app, {
        packages: [{ title: 'Launch', type: 'one-time', baseCostCents: 100_000 }],
      });
      const { user: cora } = await coordinator(app);
      const { token } = await createUser(app);
      const paid = await pay(app, token, orderBody(fixture, { coordinatorId: cora.id }));
      const pdf = await app.inject({
        url: `/api/payments/${paid.json().paymentId as string}/invoice`,
        headers: bearer(token),
      });
      const document = await PDFDocument.load(pdf.rawPayload);
      const images = document.context
        .enumerateIndirectObjects()
        .filter(([, object]) => String(object).includes('/Subtype /Image'));
      expect(images.length).toBeGreaterThan(0);
      expect(await pdfTextRuns(pdf.rawPayload)).toContain('Saved Agency');

      // Audited; removing it brings back the name alone.
      const audit = await repos.audit.listForEntity('settings', 'business-details');
      expect(audit.map((entry) => entry.action)).toContain('settings.logo-updated');
      const removed = await app.inject({
        method: 'DELETE',
        url: `${URL}/logo`,
        headers: bearer(superAdmin),
      });
      expect(removed.json().logoUrl).toBe('');
      expect((await app.inject({ url: logoUrl })).statusCode).toBe(404);
      expect(await repos.businessDetails.findLogo()).toBeNull();
    });
  });
});
