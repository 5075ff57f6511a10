import { describe, expect, it } from 'vitest';
import { serviceSchema } from '@noise/shared/catalogue';
import { createTestApp } from '../../test/app.ts';
import { createIndustry, createPage, createService } from '../../test/catalogue-factories.ts';
import { basePriceCents } from './repository.ts';

const { app } = await createTestApp();

describe('GET /api/services/:id', () => {
  it('answers the service with its children in order, prices in dollars', async () => {
    const { service } = await createService(app, {
      title: 'Podcast Production',
      initialInvestmentPriceCents: 85_000,
      packages: [
        { title: 'Weekly', type: 'weekly', baseCostCents: 85_000, recurringCostCents: 39_500 },
        { title: 'Pilot', type: 'one-time', baseCostCents: 149_995, features: ['Edit', 'Mix'] },
        { title: 'Monthly', type: 'monthly', baseCostCents: 10_000, recurringCostCents: 129_000 },
      ],
      extras: [
        { title: 'Transcript', priceCents: 8_500 },
        { title: 'Clips', priceCents: 14_995 },
      ],
      faqs: [
        { question: 'Q1', answer: 'A1' },
        { question: 'Q2', answer: 'A2' },
      ],
      gallery: ['/demo/a.svg', '/demo/b.svg'],
      videos: [{ url: '/uploads/v.mp4' }],
    });
    const res = await app.inject({ url: `/api/services/${service.id}` });
    expect(res.statusCode).toBe(200);
    const body = serviceSchema.parse(res.json());
    expect(body).toMatchObject({
      _id: service.id,
      title: 'Podcast Production',
      // The plans' set-up fees differ (850 and 100): the lowest, as 'From $100'.
      initialInvestmentPrice: 100,
      gallery: ['/demo/a.svg', '/demo/b.svg'],
      featureVideos: [{ url: '/uploads/v.mp4', thumbnailUrl: '' }],
      faqs: [
        { question: 'Q1', answer: 'A1' },
        { question: 'Q2', answer: 'A2' },
      ],
      // The cheapest tab: weekly shows 395, one-time shows 1499.95, monthly shows 1290.
      basePrice: 395,
    });
    expect(body.packages.map((p) => [p.title, p.baseCost, p.recurringCost])).toEqual([
      ['Weekly', 850, 395],
      ['Pilot', 1499.95, 0],
      ['Monthly', 100, 1290],
    ]);
    expect(body.packages[1]!.features).toEqual(['Edit', 'Mix']);
    expect(body.serviceExtras.map((e) => e.price)).toEqual([85, 149.95]);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers.etag).toMatch(/^W\/".+"$/);
  });

  it('answers 404 for an unknown service', async () => {
    const res = await app.inject({ url: '/api/services/no-such-service' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Service not found');
  });

  it('answers 404 for an archived service', async () => {
    const { service } = await createService(app, { archivedAt: new Date() });
    const res = await app.inject({ url: `/api/services/${service.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Service not found');
  });

  it('answers 304 with no body to a client holding the current ETag, 200 once it changes', async () => {
    const { service } = await createService(app, { title: 'Cached' });
    const first = await app.inject({ url: `/api/services/${service.id}` });
    const etag = first.headers.etag as string;

    const again = await app.inject({
      url: `/api/services/${service.id}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const listed = await app.inject({
      url: `/api/services/${service.id}`,
      headers: { 'if-none-match': `"other", ${etag.replace(/^W\//, '')}` },
    });
    expect(listed.statusCode).toBe(304);

    await createService(app, { id: `${service.id}-x` }); // another service does not change it
    const stale = await app.inject({
      url: `/api/services/${service.id}`,
      headers: { 'if-none-match': 'W/"something-else"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().title).toBe('Cached');
  });

  it('does not treat ids with odd characters as anything but ids', async () => {
    for (const id of ["'; drop table services; --", '%25', 'ü', 'search%20x']) {
      const res = await app.inject({ url: `/api/services/${encodeURIComponent(id)}` });
      expect(res.statusCode, id).toBe(404);
    }
  });
});

describe('GET /api/services', () => {
  it('lists services on the site by title with their lowest tab price', async () => {
    await createService(app, {
      id: 'zz-last',
      title: 'Zz Last',
      packages: [
        { type: 'monthly', baseCostCents: 99_900, recurringCostCents: 24_995 },
        { type: 'one-time', baseCostCents: 89_000 },
      ],
    });
    await createService(app, {
      id: 'aa-first',
      title: 'Aa First',
      packages: [],
      initialInvestmentPriceCents: 12_345,
    });
    await createService(app, { id: 'aa-archived', title: 'Aa Archived', archivedAt: new Date() });
    const res = await app.inject({ url: '/api/services' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { _id: string; title: string; basePrice: number }[];
    expect(list[0]).toMatchObject({ _id: 'aa-first', basePrice: 123.45 });
    expect(list.at(-1)).toMatchObject({ _id: 'zz-last', basePrice: 249.95 });
    expect(list.map((s) => s._id)).not.toContain('aa-archived');
    const titles = list.map((s) => s.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
  });
});

describe('basePriceCents', () => {
  it('takes the recurring cost of recurring tabs and the base cost of one-time tabs', () => {
    expect(
      basePriceCents(
        [
          { type: 'one-time', baseCostCents: 500, recurringCostCents: 1 },
          { type: 'monthly', baseCostCents: 1, recurringCostCents: 700 },
        ],
        0,
      ),
    ).toBe(500);
    expect(basePriceCents([], 4_200)).toBe(4_200);
  });
});

describe('pages and industries', () => {
  it('answers a page with its items in order', async () => {
    const { page } = await createPage(app, {
      id: 'website',
      title: 'Website',
      items: [
        { title: 'Second?', link: '/services/seo', featurePhotoUrl: '/demo/x.svg' },
        { title: 'Then this', link: '/services/google-ads' },
      ],
    });
    const res = await app.inject({ url: `/api/pages/${page.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: 'website',
      title: 'Website',
      items: [
        { title: 'Second?', link: '/services/seo', featurePhoto: '/demo/x.svg' },
        { title: 'Then this', link: '/services/google-ads', featurePhoto: '' },
      ],
    });
    expect(res.headers.etag).toBeDefined();
    const cached = await app.inject({
      url: `/api/pages/${page.id}`,
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(cached.statusCode).toBe(304);

    const list = await app.inject({ url: '/api/pages' });
    expect(list.json()).toContainEqual({ _id: 'website', title: 'Website' });
  });

  it("answers 404 'Page not found' for an unknown page", async () => {
    const res = await app.inject({ url: '/api/pages/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Page not found');
  });

  it('lists industries by position, then title, with caching headers', async () => {
    await createIndustry(app, { id: 'b', title: 'Beta', position: 1 });
    await createIndustry(app, { id: 'c', title: 'Alpha', position: 1 });
    await createIndustry(app, { id: 'a', title: 'Zulu', position: 0 });
    const res = await app.inject({ url: '/api/industries' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((i: { _id: string }) => i._id)).toEqual(['a', 'c', 'b']);
    expect(res.json()[0]).toEqual({
      _id: 'a',
      title: 'Zulu',
      link: '/services/seo',
      featurePhoto: '/demo/industries/a.svg',
    });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const cached = await app.inject({
      url: '/api/industries',
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(cached.statusCode).toBe(304);
  });
});
