import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';

const { app } = await createTestApp();
const admin = await createUser(app, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });

const read = (slug: string) => app.inject({ url: `/api/company-pages/${slug}` });
const write = (slug: string, body: unknown, token = admin.token) =>
  app.inject({
    method: 'PUT',
    url: `/api/company-pages/${slug}`,
    headers: bearer(token),
    payload: { body },
  });

describe('company pages', () => {
  it('are empty until written, then anyone reads the shop’s own text', async () => {
    const before = await read('about-us');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      slug: 'about-us',
      title: 'About Us',
      body: '',
      updatedAt: null,
      updatedBy: '',
    });

    const saved = await write('about-us', '  We make noise.\r\n\r\n## Since 2009\r\n- Sydney\r\n');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      body: 'We make noise.\n\n## Since 2009\n- Sydney',
      updatedBy: 'Ada Admin',
    });
    expect((await read('about-us')).json().body).toBe('We make noise.\n\n## Since 2009\n- Sydney');

    // Emptied, the page shows the site's built-in text again.
    expect((await write('about-us', '   ')).json()).toMatchObject({ body: '', updatedAt: null });
    expect((await read('about-us')).json().body).toBe('');
  });

  it('lists every page for staff, written or not', async () => {
    await write('careers', 'Join us.');
    const res = await app.inject({ url: '/api/company-pages', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    const pages = res.json() as { slug: string; body: string }[];
    expect(pages.map((p) => p.slug)).toEqual([
      'about-us',
      'our-team',
      'careers',
      'privacy-policy',
      'terms-of-service',
      'intellectual-property-claims',
    ]);
    expect(pages.find((p) => p.slug === 'careers')?.body).toBe('Join us.');
  });

  it('refuses an unknown page and a page too long, and changes nothing', async () => {
    expect((await read('secret-page')).statusCode).toBe(400);
    expect((await write('secret-page', 'x')).statusCode).toBe(400);
    await write('our-team', 'Mia and Liam.');
    const tooLong = await write('our-team', 'x'.repeat(60_001));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('Keep the page under 60,000 characters.');
    expect((await write('our-team', 42)).statusCode).toBe(400);
    expect((await read('our-team')).json().body).toBe('Mia and Liam.');
  });

  it('are written only by staff who manage the catalogue', async () => {
    await write('terms-of-service', 'Our terms.');
    for (const role of ['co-ordinator', 'client'] as const) {
      const { token } = await createUser(app, { role });
      expect((await write('terms-of-service', 'Taken over.', token)).statusCode).toBe(403);
      const list = await app.inject({ url: '/api/company-pages', headers: bearer(token) });
      expect(list.statusCode).toBe(403);
    }
    const anonymous = await app.inject({
      method: 'PUT',
      url: '/api/company-pages/terms-of-service',
      payload: { body: 'Taken over.' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await app.inject({ url: '/api/company-pages' })).statusCode).toBe(401);
    expect((await read('terms-of-service')).json().body).toBe('Our terms.');
  });
});
