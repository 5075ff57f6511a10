import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { createIndustry, createPage, createService } from '../../test/catalogue-factories.ts';
import { bearer, createUser } from '../../test/factories.ts';

/**
 * A service or page that the site links to (header, footer, home page, an industry tile, a page's
 * item) is not deleted: staff hear every place that links to it, and the links keep working.
 */
const { app } = await createTestApp();
const admin = await createUser(app, { role: 'admin' });
const coordinator = await createUser(app, { role: 'co-ordinator' });
const client = await createUser(app);

const saveNavigation = (token: string, payload: object) =>
  app.inject({ method: 'PUT', url: '/api/navigation', headers: bearer(token), payload });

const remove = (kind: 'services' | 'pages', id: string) =>
  app.inject({ method: 'DELETE', url: `/api/${kind}/${id}`, headers: bearer(admin.token) });

describe('deleting what the site links to', () => {
  it("refuses the header's service, naming the header and the footer, and keeps it", async () => {
    await createService(app, { id: 'branding', title: 'Branding' });
    const res = await remove('services', 'branding');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "'Branding' is linked from the header's 'Branding' link, the footer's 'Branding' link. Change or remove those links first, so no visitor meets a page that is gone.",
    );
    expect((await app.inject({ url: '/api/services/branding' })).statusCode).toBe(200);
  });

  it("refuses the header's content page", async () => {
    await createPage(app, { id: 'content-creations', title: 'Content Creations' });
    const res = await remove('pages', 'content-creations');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("the header's 'Content Creations' link");
    expect((await app.inject({ url: '/api/pages/content-creations' })).statusCode).toBe(200);
  });

  it('refuses a service an industry tile or a page item links to, until the link changes', async () => {
    const { service } = await createService(app, { title: 'Bakery Ads' });
    const tile = await createIndustry(app, {
      title: 'Bakeries',
      link: `https://shop.example/services/${service.id}/`,
    });
    await createPage(app, {
      title: 'Food',
      items: [{ title: 'Ads for bakers', link: `/services/${service.id}?from=food` }],
    });
    const refused = await remove('services', service.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details.map((d: { message: string }) => d.message)).toEqual([
      "the industry tile 'Bakeries'",
      "the item 'Ads for bakers' on the page 'Food'",
    ]);
    // Once nothing links to it, it goes.
    await app.inject({
      method: 'DELETE',
      url: `/api/industries/${tile.id}`,
      headers: bearer(admin.token),
    });
    const pages = await app.inject({ url: '/api/pages' });
    const food = pages.json().find((p: { title: string }) => p.title === 'Food');
    expect((await remove('pages', food._id)).statusCode).toBe(204);
    expect((await remove('services', service.id)).statusCode).toBe(204);
  });
});

describe('the site navigation as data', () => {
  it('shows only the links whose record is on the site, in the order staff set', async () => {
    const { service: ads } = await createService(app, { title: 'Local Ads' });
    const { page } = await createPage(app, { title: 'Cafes' });
    const saved = await saveNavigation(admin.token, {
      header: [
        { label: 'Cafés', kind: 'page', id: page.id },
        { label: 'Ads', kind: 'service', id: ads.id },
      ],
      footer: [{ label: 'Ads near you', kind: 'service', id: ads.id }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const shown = await app.inject({ url: '/api/navigation' });
    expect(shown.json()).toEqual({
      header: [
        { label: 'Cafés', kind: 'page', id: page.id },
        { label: 'Ads', kind: 'service', id: ads.id },
      ],
      footer: [{ label: 'Ads near you', kind: 'service', id: ads.id }],
    });
    // Now the header, not the old fixed list, is what protects a record.
    const refused = await remove('services', ads.id);
    expect(refused.json().message).toContain(
      "the header's 'Ads' link, the footer's 'Ads near you' link",
    );
  });

  it('refuses a link to a record that is not on the site, naming it, and keeps the navigation', async () => {
    const before = (await app.inject({ url: '/api/navigation' })).json();
    const res = await saveNavigation(admin.token, {
      header: [{ label: 'Ghost', kind: 'service', id: 'no-such-service' }],
      footer: [],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("'Ghost' leads to a service that is not on the site");
    expect((await app.inject({ url: '/api/navigation' })).json()).toEqual(before);
  });

  it('only staff who manage the catalogue change or read the stored navigation', async () => {
    for (const token of [coordinator.token, client.token]) {
      expect((await saveNavigation(token, { header: [], footer: [] })).statusCode).toBe(403);
      expect(
        (await app.inject({ url: '/api/navigation/manage', headers: bearer(token) })).statusCode,
      ).toBe(403);
    }
    expect((await saveNavigation('', { header: [], footer: [] })).statusCode).toBe(401);
  });
});
