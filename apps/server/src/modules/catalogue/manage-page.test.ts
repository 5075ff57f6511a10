import { describe, expect, it } from 'vitest';
import { industrySchema, pageSchema, type Page } from '@noise/shared/catalogue';
import { isSafeLink } from '@noise/shared/catalogue-admin';
import { createTestApp } from '../../test/app.ts';
import { form, sendForm, storedFiles, type FileSpec } from '../../test/catalogue-admin-helpers.ts';
import { createIndustry, createPage } from '../../test/catalogue-factories.ts';
import { bearer, createUser } from '../../test/factories.ts';

const { app, config } = await createTestApp();
const admin = await createUser(app, { role: 'admin' });
const client = await createUser(app, { role: 'client' });
const coordinator = await createUser(app, { role: 'co-ordinator' });

const photo = (field: string, fixture = 'image.png'): FileSpec => ({
  field,
  fixture,
  type: 'image/png',
});

async function createPageViaApi(fields: Record<string, string>, files: FileSpec[] = []) {
  const res = await sendForm(app, admin.token, 'POST', '/api/pages', form(fields, files));
  expect(res.statusCode, res.body).toBe(201);
  return pageSchema.parse(res.json());
}

describe('links', () => {
  it.each([
    ['/services/seo', true],
    ['/pages/website?x=1#top', true],
    ['https://example.com/a', true],
    ['http://example.com', true],
    ['javascript:alert(1)', false],
    ['JavaScript:alert(1)', false],
    ['data:text/html,hi', false],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['services/seo', false],
    ['https://', false],
    ['/with space', false],
    ['ftp://example.com', false],
  ])('%s is %s', (link, ok) => {
    expect(isSafeLink(link)).toBe(ok);
  });
});

describe('pages', () => {
  it('creates a page with items in index order and their photos', async () => {
    const page = await createPageViaApi(
      {
        title: 'Website',
        'items[1][title]': 'Second',
        'items[1][link]': 'https://example.com/second',
        'items[0][title]': 'First',
        'items[0][link]': '/services/seo',
        'items[2][title]': 'No photo',
        'items[2][link]': '/pages/other',
      },
      [photo('items[0][featurePhoto]'), photo('items[1][featurePhoto]', 'image.jpg')],
    );
    expect(page.title).toBe('Website');
    expect(page.items.map((i) => [i.title, i.link])).toEqual([
      ['First', '/services/seo'],
      ['Second', 'https://example.com/second'],
      ['No photo', '/pages/other'],
    ]);
    expect(page.items[0]!.featurePhoto).toMatch(/^\/uploads\/.+\.w960\.webp$/);
    expect(page.items[1]!.featurePhoto).toMatch(/^\/uploads\/.+\.w960\.webp$/);
    expect(page.items[2]!.featurePhoto).toBe('');
    const pub = await app.inject({ url: `/api/pages/${page._id}` });
    expect(pub.json()).toEqual(page);
    const list = await app.inject({ url: '/api/pages' });
    expect(list.json()).toContainEqual({ _id: page._id, title: 'Website' });
  });

  it('updates a page: kept photos stay, replaced and dropped ones are removed, the public answer changes at once', async () => {
    const page = await createPageViaApi(
      {
        title: 'Marketing Materials',
        'items[0][title]': 'Flyers',
        'items[0][link]': '/a',
        'items[1][title]': 'Posters',
        'items[1][link]': '/b',
        'items[2][title]': 'Cards',
        'items[2][link]': '/c',
      },
      [
        photo('items[0][featurePhoto]'),
        photo('items[1][featurePhoto]'),
        photo('items[2][featurePhoto]'),
      ],
    );
    const [flyers, posters, cards] = page.items;
    const etag = (await app.inject({ url: `/api/pages/${page._id}` })).headers.etag as string;

    const res = await sendForm(
      app,
      admin.token,
      'PUT',
      `/api/pages/${page._id}`,
      form(
        {
          title: 'Print',
          'items[0][title]': 'Cards',
          'items[0][link]': '/c',
          'items[0][featurePhotoUrl]': cards!.featurePhoto,
          'items[1][title]': 'Flyers',
          'items[1][link]': '/a',
          // The old client sends the kept URL under the file's name: that works too.
          'items[1][featurePhoto]': `${config.publicUrl}${flyers!.featurePhoto}`,
          'items[2][title]': 'Posters',
          'items[2][link]': '/b',
        },
        [photo('items[2][featurePhoto]', 'image.jpg')],
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved: Page = res.json();
    expect(saved.title).toBe('Print');
    expect(saved.items.map((i) => i.title)).toEqual(['Cards', 'Flyers', 'Posters']);
    expect(saved.items[0]!.featurePhoto).toBe(cards!.featurePhoto);
    expect(saved.items[1]!.featurePhoto).toBe(flyers!.featurePhoto);
    expect(saved.items[2]!.featurePhoto).not.toBe(posters!.featurePhoto);
    expect((await app.inject({ url: posters!.featurePhoto })).statusCode).toBe(404);
    expect((await app.inject({ url: cards!.featurePhoto })).statusCode).toBe(200);

    const pub = await app.inject({
      url: `/api/pages/${page._id}`,
      headers: { 'if-none-match': etag },
    });
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toEqual(saved);
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [
      { title: 'T', 'items[0][title]': 'X', 'items[0][link]': 'javascript:alert(1)' },
      "Item 1: Link must be a path starting with '/' or an http(s):// address",
    ],
    [{ title: 'T', 'items[0][title]': 'X', 'items[0][link]': '' }, 'Item 1: Link is required'],
    [
      {
        title: 'T',
        'items[0][title]': 'X',
        'items[0][link]': '/ok',
        'items[1][title]': 'Y',
        'items[1][link]': '/ok',
        'items[1][featurePhotoUrl]': '/uploads/2024/01/not-ours.w960.webp',
      },
      "Item 2: /uploads/2024/01/not-ours.w960.webp is not one of this page's photos",
    ],
  ])('refuses %j and stores nothing', async (fields, message) => {
    const before = storedFiles(config.dataDir);
    const pages = (await app.inject({ url: '/api/pages' })).json();
    const res = await sendForm(
      app,
      admin.token,
      'POST',
      '/api/pages',
      form(fields as Record<string, string>, [photo('items[0][featurePhoto]')]),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(storedFiles(config.dataDir)).toEqual(before);
    expect((await app.inject({ url: '/api/pages' })).json()).toEqual(pages);
  });

  it('refuses a disguised photo and a photo without an item', async () => {
    const before = storedFiles(config.dataDir);
    const disguised = await sendForm(
      app,
      admin.token,
      'POST',
      '/api/pages',
      form({ title: 'T', 'items[0][title]': 'X', 'items[0][link]': '/x' }, [
        photo('items[0][featurePhoto]', 'disguised-html.png'),
      ]),
    );
    expect(disguised.statusCode).toBe(400);
    const orphan = await sendForm(
      app,
      admin.token,
      'POST',
      '/api/pages',
      form({ title: 'T' }, [photo('items[3][featurePhoto]')]),
    );
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().message).toBe('The photo for item 4 has no title or link with it');
    expect(storedFiles(config.dataDir)).toEqual(before);
  });

  it('deletes a page and its photos; 404 for an unknown one', async () => {
    const page = await createPageViaApi(
      { title: 'Gone', 'items[0][title]': 'X', 'items[0][link]': '/x' },
      [photo('items[0][featurePhoto]')],
    );
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/pages/${page._id}`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(204);
    expect((await app.inject({ url: `/api/pages/${page._id}` })).statusCode).toBe(404);
    expect((await app.inject({ url: page.items[0]!.featurePhoto })).statusCode).toBe(404);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/pages/${page._id}`,
      headers: bearer(admin.token),
    });
    expect(again.statusCode).toBe(404);
  });

  it('updates a seeded page and answers 404 for an unknown one', async () => {
    const { page } = await createPage(app, {
      items: [{ title: 'Old', link: '/old', featurePhotoUrl: '/demo/pages/a.svg' }],
    });
    const res = await sendForm(
      app,
      admin.token,
      'PUT',
      `/api/pages/${page.id}`,
      form({
        title: 'New',
        'items[0][title]': 'Old',
        'items[0][link]': '/old',
        'items[0][featurePhotoUrl]': '/demo/pages/a.svg',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items[0].featurePhoto).toBe('/demo/pages/a.svg');
    const missing = await sendForm(
      app,
      admin.token,
      'PUT',
      '/api/pages/nope',
      form({ title: 'X' }),
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe('industries', () => {
  it('creates, reads, updates and deletes an industry', async () => {
    const created = await sendForm(
      app,
      admin.token,
      'POST',
      '/api/industries',
      form({ title: 'Hospitality', link: 'https://example.com/hospitality' }, [
        photo('featurePhoto'),
      ]),
    );
    expect(created.statusCode, created.body).toBe(201);
    const industry = industrySchema.parse(created.json());
    expect(industry).toMatchObject({
      title: 'Hospitality',
      link: 'https://example.com/hospitality',
    });
    expect(industry.featurePhoto).toMatch(/^\/uploads\/.+\.w960\.webp$/);

    const one = await app.inject({ url: `/api/industries/${industry._id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(industry);
    const etag = one.headers.etag as string;
    const list = await app.inject({ url: '/api/industries' });
    expect(list.json().at(-1)).toEqual(industry);

    const updated = await sendForm(
      app,
      admin.token,
      'PUT',
      `/api/industries/${industry._id}`,
      form({ title: 'Hotels', link: '/services/seo' }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    // No new file and no featurePhoto field: the photo stays.
    expect(updated.json()).toEqual({ ...industry, title: 'Hotels', link: '/services/seo' });
    const fresh = await app.inject({
      url: `/api/industries/${industry._id}`,
      headers: { 'if-none-match': etag },
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().title).toBe('Hotels');

    const replaced = await sendForm(
      app,
      admin.token,
      'PUT',
      `/api/industries/${industry._id}`,
      form({ title: 'Hotels', link: '/services/seo' }, [photo('featurePhoto', 'image.jpg')]),
    );
    expect(replaced.json().featurePhoto).not.toBe(industry.featurePhoto);
    expect((await app.inject({ url: industry.featurePhoto })).statusCode).toBe(404);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/industries/${industry._id}`,
      headers: bearer(admin.token),
    });
    expect(removed.statusCode).toBe(204);
    expect((await app.inject({ url: `/api/industries/${industry._id}` })).statusCode).toBe(404);
    expect((await app.inject({ url: replaced.json().featurePhoto })).statusCode).toBe(404);
  });

  it('puts a new industry at the end of the grid', async () => {
    await createIndustry(app, { position: 40 });
    const res = await sendForm(
      app,
      admin.token,
      'POST',
      '/api/industries',
      form({ title: 'Last', link: '/x' }),
    );
    const list = await app.inject({ url: '/api/industries' });
    expect(list.json().at(-1)._id).toBe(res.json()._id);
  });

  it.each([
    [{ link: '/x' }, 'Title is required'],
    [{ title: 'X' }, 'Link is required'],
    [
      { title: 'X', link: 'javascript:alert(1)' },
      "Link must be a path starting with '/' or an http(s):// address",
    ],
    [
      { title: 'X', link: '//evil.example' },
      "Link must be a path starting with '/' or an http(s):// address",
    ],
  ])('refuses %j and stores nothing', async (fields, message) => {
    const before = storedFiles(config.dataDir);
    const res = await sendForm(
      app,
      admin.token,
      'POST',
      '/api/industries',
      form(fields as Record<string, string>, [photo('featurePhoto')]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(storedFiles(config.dataDir)).toEqual(before);
  });

  it('refuses a PDF as the photo', async () => {
    const res = await sendForm(
      app,
      admin.token,
      'POST',
      '/api/industries',
      form({ title: 'X', link: '/x' }, [
        { field: 'featurePhoto', fixture: 'sample.pdf', filename: 'x.png', type: 'image/png' },
      ]),
    );
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 for an unknown industry', async () => {
    expect((await app.inject({ url: '/api/industries/nope' })).statusCode).toBe(404);
    const del = await app.inject({
      method: 'DELETE',
      url: '/api/industries/nope',
      headers: bearer(admin.token),
    });
    expect(del.statusCode).toBe(404);
  });
});

describe('access', () => {
  it('refuses anonymous, client and co-ordinator callers on every page and industry write', async () => {
    const { page } = await createPage(app);
    const industry = await createIndustry(app);
    const writes: ['POST' | 'PUT' | 'DELETE', string][] = [
      ['POST', '/api/pages'],
      ['PUT', `/api/pages/${page.id}`],
      ['DELETE', `/api/pages/${page.id}`],
      ['POST', '/api/industries'],
      ['PUT', `/api/industries/${industry.id}`],
      ['DELETE', `/api/industries/${industry.id}`],
    ];
    for (const [method, url] of writes) {
      for (const [token, status] of [
        [null, 401],
        [client.token, 403],
        [coordinator.token, 403],
      ] as const) {
        const res = await app.inject({
          method,
          url,
          headers: token ? bearer(token) : {},
          ...(method === 'DELETE' ? {} : { body: form({ title: 'X', link: '/x' }) }),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(status);
      }
    }
    expect((await app.inject({ url: `/api/pages/${page.id}` })).statusCode).toBe(200);
    expect((await app.inject({ url: `/api/industries/${industry.id}` })).statusCode).toBe(200);
  });
});
