import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serviceSchema } from '@noise/shared/catalogue';
import { manageServiceSchema, type ManageService } from '@noise/shared/catalogue-admin';
import { auditLog, servicePackages, services } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import {
  createOrder,
  form,
  sendForm,
  storedFiles,
  type FileSpec,
} from '../../test/catalogue-admin-helpers.ts';
import { createService } from '../../test/catalogue-factories.ts';
import { bearer, createUser } from '../../test/factories.ts';

const { app, config } = await createTestApp();
const admin = await createUser(app, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
const superAdmin = await createUser(app, { role: 'super-admin' });
const client = await createUser(app, { role: 'client' });
const coordinator = await createUser(app, { role: 'co-ordinator' });

const png: FileSpec = { field: 'featurePhoto', fixture: 'image.png', type: 'image/png' };
const pdf: FileSpec = { field: 'comparisonPdf', fixture: 'document.pdf', type: 'application/pdf' };
const galleryJpg: FileSpec = { field: 'gallery', fixture: 'image.jpg', type: 'image/jpeg' };
const galleryPng: FileSpec = { field: 'gallery', fixture: 'image.png', type: 'image/png' };

const packages = [
  {
    title: 'Starter',
    type: 'one-time',
    baseCost: 499.95,
    recurringCost: 0,
    priceSuffix: 'exc. GST',
    features: 'Audit, Report , ,Plan',
  },
  {
    title: 'Growth',
    type: 'monthly',
    baseCost: '100',
    recurringCost: '1290.5',
    priceSuffix: 'per month',
    features: ['Posts', 'Ads'],
  },
];
const extras = [
  { title: 'Rush', description: 'Delivered in a week', price: 150 },
  { title: 'Copy', description: 'Written for you', price: '80.10' },
];

const serviceFields = (overrides: Record<string, unknown> = {}): Record<string, string> => {
  const all: Record<string, unknown> = {
    title: 'Brand Strategy',
    description: 'We find your voice.',
    initialInvestmentDescription: 'Discovery workshop',
    paymentType: 'one-off',
    packages,
    serviceExtras: extras,
    faqs: [{ question: 'How long?', answer: 'Four weeks.' }],
    gallery: [],
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(all).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
};

async function createViaApi(
  fields = serviceFields(),
  files: FileSpec[] = [png, pdf, galleryJpg, galleryPng],
  videos?: { field: string; count: number },
) {
  const res = await sendForm(
    app,
    admin.token,
    'POST',
    '/api/services',
    form(fields, files, videos),
  );
  expect(res.statusCode, res.body).toBe(201);
  return manageServiceSchema.parse(res.json());
}

async function serviceCount() {
  return (await app.database.db.select({ id: services.id }).from(services)).length;
}

describe('POST /api/services', () => {
  it('creates a service from the multipart form with its files, prices in dollars', async () => {
    const body = await createViaApi(undefined, undefined, { field: 'featureVideos', count: 1 });
    expect(body).toMatchObject({
      title: 'Brand Strategy',
      description: 'We find your voice.',
      initialInvestmentDescription: 'Discovery workshop',
      // The monthly package's set-up fee: taken from the packages, never typed twice.
      initialInvestmentPrice: 100,
      paymentType: 'one-off',
      archived: false,
      archivedAt: null,
      faqs: [{ question: 'How long?', answer: 'Four weeks.' }],
      basePrice: 499.95,
    });
    expect(body.packages.map((p) => [p.title, p.type, p.baseCost, p.recurringCost])).toEqual([
      ['Starter', 'one-time', 499.95, 0],
      ['Growth', 'monthly', 100, 1290.5],
    ]);
    // Comma-separated features are split and trimmed; empty entries dropped.
    expect(body.packages[0]!.features).toEqual(['Audit', 'Report', 'Plan']);
    expect(body.serviceExtras.map((e) => [e.title, e.price])).toEqual([
      ['Rush', 150],
      ['Copy', 80.1],
    ]);
    // Images are stored as their 960 px WebP copy; the PDF and videos as themselves.
    expect(body.featurePhoto).toMatch(/^\/uploads\/.+\.w960\.webp$/);
    expect(body.gallery).toHaveLength(2);
    for (const url of body.gallery) expect(url).toMatch(/^\/uploads\/.+\.w960\.webp$/);
    expect(body.comparisonPdf).toMatch(/^\/uploads\/.+\.pdf$/);
    expect(body.featureVideos).toEqual([
      {
        url: expect.stringMatching(/^\/uploads\/.+\.mp4$/),
        thumbnailUrl: '/video-placeholder.svg',
      },
    ]);

    // Every stored URL is served, and the public API shows the service.
    for (const url of [body.featurePhoto, body.comparisonPdf, ...body.gallery]) {
      expect((await app.inject({ url })).statusCode).toBe(200);
    }
    const pub = await app.inject({ url: `/api/services/${body._id}` });
    expect(pub.statusCode).toBe(200);
    expect(serviceSchema.parse(pub.json())).toMatchObject({ title: 'Brand Strategy' });
    const list = await app.inject({ url: '/api/services' });
    expect(list.json().map((s: { _id: string }) => s._id)).toContain(body._id);
  });

  it('stores prices as integer cents', async () => {
    const tiny = { ...packages[1], baseCost: '0.1' };
    const body = await createViaApi(serviceFields({ packages: [tiny] }), []);
    const [row] = await app.database.db.select().from(services).where(eq(services.id, body._id));
    expect(row!.initialInvestmentPriceCents).toBe(10);
    expect(body.initialInvestmentPrice).toBe(0.1);
  });

  it('matches uploaded thumbnails to the new videos by index, or as featureVideoThumbnailFor says', async () => {
    const thumb: FileSpec = {
      field: 'featureVideoThumbnails',
      fixture: 'image.jpg',
      type: 'image/jpeg',
    };
    const byIndex = await createViaApi(serviceFields(), [thumb], {
      field: 'featureVideos',
      count: 2,
    });
    expect(byIndex.featureVideos[0]!.thumbnailUrl).toMatch(/^\/uploads\/.+\.webp$/);
    expect(byIndex.featureVideos[1]!.thumbnailUrl).toBe('/video-placeholder.svg');

    const named = await createViaApi(serviceFields({ featureVideoThumbnailFor: [1] }), [thumb], {
      field: 'featureVideos',
      count: 2,
    });
    expect(named.featureVideos[0]!.thumbnailUrl).toBe('/video-placeholder.svg');
    expect(named.featureVideos[1]!.thumbnailUrl).toMatch(/^\/uploads\/.+\.webp$/);
  });

  it('saves a request plan with its extra request price; blank sells none', async () => {
    const plan = { ...packages[1], activeRequestLimit: '1', requestsPerPeriod: '4' };
    const created = await createViaApi(
      serviceFields({ packages: [{ ...plan, extraRequestPrice: '150.50' }] }),
      [],
    );
    expect(created.packages[0]).toMatchObject({ requestsPerPeriod: 4, extraRequestPrice: 150.5 });
    const stored = await app.database.db
      .select({ cents: servicePackages.extraRequestPriceCents })
      .from(servicePackages)
      .where(eq(servicePackages.id, created.packages[0]!._id));
    expect(stored).toEqual([{ cents: 15_050 }]);
    const res = await sendForm(
      app,
      admin.token,
      'PUT',
      `/api/services/${created._id}`,
      form(
        serviceFields({
          packages: [{ ...plan, _id: created.packages[0]!._id, extraRequestPrice: '' }],
        }),
        [],
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().packages[0]).toMatchObject({ requestsPerPeriod: 4, extraRequestPrice: null });
  });

  it('saves a minimum term on a plan and serves it; refuses one that is not a whole number of periods', async () => {
    const before = await serviceCount();
    for (const [term, message] of [
      ['0', 'Minimum term must be at least 1'],
      ['2.5', 'Minimum term must be a whole number'],
      ['61', 'Minimum term must be at most 60'],
    ] as const) {
      const res = await sendForm(
        app,
        admin.token,
        'POST',
        '/api/services',
        form(serviceFields({ packages: [{ ...packages[1], minimumTermPeriods: term }] }), []),
      );
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    expect(await serviceCount()).toBe(before);

    const created = await createViaApi(
      serviceFields({
        packages: [
          { ...packages[0], minimumTermPeriods: '3' },
          { ...packages[1], minimumTermPeriods: '3' },
        ],
      }),
      [],
    );
    // A one-time package has no term.
    expect(created.packages.map((p) => p.minimumTermPeriods)).toEqual([null, 3]);
    const shown = await app.inject({ url: `/api/services/${created._id}` });
    expect(shown.json().packages[1]).toMatchObject({
      minimumTermPeriods: 3,
      minimumTerm: '3 months',
    });
  });

  it("saves the 'Most popular' package and serves it on the public service; unmarked by default", async () => {
    const created = await createViaApi(
      serviceFields({ packages: [packages[0], { ...packages[1], recommended: true }] }),
      [],
    );
    expect(created.packages.map((p) => [p.title, p.recommended])).toEqual([
      ['Starter', false],
      ['Growth', true],
    ]);
    const pub = serviceSchema.parse(
      (await app.inject({ url: `/api/services/${created._id}` })).json(),
    );
    expect(pub.packages.map((p) => p.recommended)).toEqual([false, true]);

    const [starter, growth] = created.packages;
    const res = await sendForm(
      app,
      admin.token,
      'PUT',
      `/api/services/${created._id}`,
      form(
        serviceFields({
          packages: [
            { ...packages[0], _id: starter!._id, recommended: true },
            { ...packages[1], _id: growth!._id },
          ],
        }),
        [],
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(manageServiceSchema.parse(res.json()).packages.map((p) => p.recommended)).toEqual([
      true,
      false,
    ]);
  });

  it('treats package data that cannot be parsed as no packages', async () => {
    const body = await createViaApi(serviceFields({ packages: 'not json [' }), []);
    expect(body.packages).toEqual([]);
    // No package, so no set-up fee either: nothing to show a price from.
    expect(body.basePrice).toBe(0);
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ packages: [{ ...packages[0], baseCost: '' }] }, 'Package 1: Base cost is required'],
    [
      { packages: [{ ...packages[0], recurringCost: undefined }] },
      'Package 1: Recurring cost is required',
    ],
    [
      { packages: [packages[0], { ...packages[1], baseCost: 'abc' }] },
      'Package 2: Base cost must be a number',
    ],
    [{ packages: [{ ...packages[0], baseCost: true }] }, 'Package 1: Base cost must be a number'],
    [
      { packages: [{ ...packages[0], baseCost: { amount: 1 } }] },
      'Package 1: Base cost must be a number',
    ],
    [
      { packages: [{ ...packages[0], baseCost: 'Infinity' }] },
      'Package 1: Base cost must be a number',
    ],
    [{ packages: [{ ...packages[0], baseCost: 'NaN' }] }, 'Package 1: Base cost must be a number'],
    [{ packages: [{ ...packages[0], baseCost: -1 }] }, 'Package 1: Base cost cannot be negative'],
    [
      { packages: [{ ...packages[0], baseCost: 1e300 }] },
      'Package 1: Base cost must be at most $10,000,000.00',
    ],
    [{ packages: [{ ...packages[0], priceSuffix: ' ' }] }, 'Package 1: Price suffix is required'],
    [
      { packages: [{ ...packages[0], type: 'daily' }] },
      'Package 1: Type must be one-time, weekly, fortnightly, monthly, quarterly or yearly',
    ],
    [
      { packages: [{ ...packages[0], features: 7 }] },
      'Package 1: Features must be a list or comma-separated text',
    ],
    [
      {
        packages: [
          { ...packages[0], recommended: true },
          { ...packages[1], recommended: true },
        ],
      },
      "Only one package can be marked 'Most popular'",
    ],
    [
      { packages: [{ ...packages[0], recommended: 'yes' }] },
      "Package 1: 'Most popular' must be true or false",
    ],
    [
      { packages: [{ ...packages[1], activeRequestLimit: 1, extraRequestPrice: 150 }] },
      "'Extra request price' needs 'Requests per period'",
    ],
    [
      {
        packages: [
          { ...packages[1], activeRequestLimit: 1, requestsPerPeriod: 4, extraRequestPrice: -5 },
        ],
      },
      'Package 1: Extra request price cannot be negative',
    ],
    [{ serviceExtras: [{ title: 'X', description: 'Y' }] }, 'Extra 1: Price is required'],
    [{ serviceExtras: [{ title: 'X', price: 5 }] }, 'Extra 1: Description is required'],
    [{ serviceExtras: [{ description: 'Y', price: 5 }] }, 'Extra 1: Title is required'],
    [
      { serviceExtras: [{ title: 'X', description: 'Y', price: '5 dollars' }] },
      'Extra 1: Price must be a number',
    ],
    [{ faqs: [{ question: 'Q' }] }, 'FAQ 1: Answer is required'],
    [{ faqs: [{ answer: 'A' }] }, 'FAQ 1: Question is required'],
    // The initial investment comes from the packages: a typed one is not a field any more.
    [{ initialInvestmentPrice: '950' }, 'Unrecognized key: "initialInvestmentPrice"'],
    [{ serviceExtras: '{oops' }, 'Extras must be sent as a JSON list'],
    [{ faqs: { question: 'Q' } }, 'FAQs must be a list'],
    [
      { gallery: ['/uploads/2024/01/someone-elses.webp'] },
      "Gallery image 1: /uploads/2024/01/someone-elses.webp is not one of this service's images",
    ],
    [
      { comparisonPdf: 'https://evil.example/x.pdf' },
      "Comparison PDF: send a new file, the current file's URL, or nothing",
    ],
  ])('refuses %j with a clear message and stores nothing', async (overrides, message) => {
    const before = { rows: await serviceCount(), files: storedFiles(config.dataDir) };
    const res = await sendForm(
      app,
      admin.token,
      'POST',
      '/api/services',
      form(serviceFields(overrides), [png, galleryJpg]),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await serviceCount()).toBe(before.rows);
    expect(storedFiles(config.dataDir)).toEqual(before.files);
  });

  it('refuses a PDF as the feature photo, a disguised HTML file and an image as the PDF', async () => {
    const before = { rows: await serviceCount(), files: storedFiles(config.dataDir) };
    const cases: [FileSpec[], string][] = [
      [
        [
          galleryJpg,
          {
            field: 'featurePhoto',
            fixture: 'document.pdf',
            type: 'image/png',
            filename: 'photo.png',
          },
        ],
        'The file for featurePhoto must be an image (JPEG, PNG, GIF, WebP or AVIF)',
      ],
      [
        [galleryJpg, { field: 'gallery', fixture: 'disguised-html.png', type: 'image/png' }],
        'The file for gallery must be an image (JPEG, PNG, GIF, WebP or AVIF)',
      ],
      [
        [png, { field: 'gallery', fixture: 'disguised-svg.png', type: 'image/png' }],
        'The file for gallery must be an image (JPEG, PNG, GIF, WebP or AVIF)',
      ],
      [
        [
          png,
          {
            field: 'comparisonPdf',
            fixture: 'image.png',
            filename: 'compare.pdf',
            type: 'application/pdf',
          },
        ],
        'The file for comparisonPdf must be a PDF',
      ],
    ];
    for (const [files, message] of cases) {
      const res = await sendForm(
        app,
        admin.token,
        'POST',
        '/api/services',
        form(serviceFields(), files),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await serviceCount()).toBe(before.rows);
    expect(storedFiles(config.dataDir)).toEqual(before.files);
  });

  it('refuses anonymous, client and co-ordinator callers on every write', async () => {
    const { service } = await createService(app);
    const writes: [string, string][] = [
      ['POST', '/api/services'],
      ['PUT', `/api/services/${service.id}`],
      ['DELETE', `/api/services/${service.id}`],
      ['GET', '/api/services/manage'],
      ['GET', `/api/services/${service.id}/manage`],
    ];
    for (const [method, url] of writes) {
      for (const [token, status] of [
        [null, 401],
        [client.token, 403],
        [coordinator.token, 403],
      ] as const) {
        const res = await app.inject({
          method: method as 'POST',
          url,
          headers: token ? bearer(token) : {},
          ...(method === 'POST' || method === 'PUT' ? { body: form(serviceFields(), [png]) } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(status);
      }
    }
    expect((await app.inject({ url: `/api/services/${service.id}` })).statusCode).toBe(200);
  });
});

describe('PUT /api/services/:id', () => {
  it('keeps the ids of packages and extras sent with them, replaces the children in order, keeps and adds gallery images', async () => {
    const created = await createViaApi();
    const [starter, growth] = created.packages;
    const [rush, copy] = created.serviceExtras;
    const [keptImage, droppedImage] = created.gallery;
    const oldPhoto = created.featurePhoto;

    const res = await sendForm(
      app,
      superAdmin.token,
      'PUT',
      `/api/services/${created._id}`,
      form(
        serviceFields({
          title: 'Brand Strategy Plus',
          packages: [
            { ...packages[1], _id: growth!._id, recurringCost: 1400 },
            {
              title: 'Premium',
              type: 'weekly',
              baseCost: 0,
              recurringCost: 300,
              priceSuffix: 'a week',
              features: [],
            },
            { ...packages[0], _id: starter!._id },
          ],
          serviceExtras: [{ ...extras[1], _id: copy!._id, price: 99 }],
          faqs: [
            { question: 'Second?', answer: 'Yes.' },
            { question: 'How long?', answer: 'Three weeks.' },
          ],
          gallery: [keptImage],
        }),
        [png, galleryJpg],
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = manageServiceSchema.parse(res.json());
    expect(body.title).toBe('Brand Strategy Plus');
    expect(body.packages.map((p) => p.title)).toEqual(['Growth', 'Premium', 'Starter']);
    expect(body.packages[0]!._id).toBe(growth!._id);
    expect(body.packages[0]!.recurringCost).toBe(1400);
    expect(body.packages[2]!._id).toBe(starter!._id);
    expect([growth!._id, starter!._id]).not.toContain(body.packages[1]!._id);
    expect(body.serviceExtras).toEqual([
      { _id: copy!._id, title: 'Copy', description: 'Written for you', price: 99 },
    ]);
    expect(body.serviceExtras.map((e) => e._id)).not.toContain(rush!._id);
    expect(body.faqs.map((f) => f.question)).toEqual(['Second?', 'How long?']);
    expect(body.gallery).toHaveLength(2);
    expect(body.gallery[0]).toBe(keptImage);
    expect(body.gallery[1]).not.toBe(droppedImage);
    expect(body.featurePhoto).not.toBe(oldPhoto);
    // Kept without a new file: the comparison PDF stays.
    expect(body.comparisonPdf).toBe(created.comparisonPdf);

    // The public answer shows the change at once, and an old ETag no longer matches.
    const pub = await app.inject({ url: `/api/services/${created._id}` });
    expect(pub.json().title).toBe('Brand Strategy Plus');

    // Replaced and dropped images are gone from the store; kept ones are still served.
    expect((await app.inject({ url: droppedImage! })).statusCode).toBe(404);
    expect((await app.inject({ url: oldPhoto })).statusCode).toBe(404);
    expect((await app.inject({ url: keptImage! })).statusCode).toBe(200);

    // Price changes of kept packages and extras are in the audit log, with who made them.
    const audit = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'service.package_price_changed'));
    expect(audit.map((a) => a.entityId)).toEqual([growth!._id]);
    expect(audit[0]!.summary).toContain('$1,290.50 to $1,400.00');
    const extraAudit = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, copy!._id));
    expect(extraAudit).toHaveLength(1);
    expect(extraAudit[0]!.summary).toContain('$80.10 to $99.00');
  });

  it('serves the change at once to a client holding the old ETag', async () => {
    const created = await createViaApi(serviceFields(), []);
    const first = await app.inject({ url: `/api/services/${created._id}` });
    const etag = first.headers.etag as string;
    expect(
      (
        await app.inject({
          url: `/api/services/${created._id}`,
          headers: { 'if-none-match': etag },
        })
      ).statusCode,
    ).toBe(304);
    await sendForm(
      app,
      admin.token,
      'PUT',
      `/api/services/${created._id}`,
      form({ title: 'Renamed' }),
    );
    const again = await app.inject({
      url: `/api/services/${created._id}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().title).toBe('Renamed');
  });

  it('keeps what is not sent, removes the PDF on an empty field, and keeps videos listed', async () => {
    const created = await createViaApi(serviceFields(), [png, pdf], {
      field: 'featureVideos',
      count: 2,
    });
    const res = await sendForm(
      app,
      admin.token,
      'PUT',
      `/api/services/${created._id}`,
      form({
        description: 'Shorter.',
        comparisonPdf: '',
        featurePhoto: `${config.publicUrl}${created.featurePhoto}`,
        featureVideos: JSON.stringify([created.featureVideos[1]]),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body: ManageService = res.json();
    expect(body.description).toBe('Shorter.');
    expect(body.title).toBe(created.title);
    expect(body.packages.map((p) => p._id)).toEqual(created.packages.map((p) => p._id));
    expect(body.comparisonPdf).toBe('');
    expect(body.featurePhoto).toBe(created.featurePhoto);
    expect(body.featureVideos).toEqual([created.featureVideos[1]]);
    expect((await app.inject({ url: created.comparisonPdf })).statusCode).toBe(404);
    expect((await app.inject({ url: created.featureVideos[0]!.url })).statusCode).toBe(404);
  });

  it('leaves the service and the store unchanged when the update is refused', async () => {
    const created = await createViaApi();
    const files = storedFiles(config.dataDir);
    const cases: [FormData, number][] = [
      [
        form(serviceFields({ packages: [{ ...packages[0], baseCost: 'x' }] }), [png, galleryJpg]),
        400,
      ],
      [form(serviceFields({ gallery: ['/demo/not-ours.svg'] }), [png, galleryJpg]), 400],
      [
        form(serviceFields(), [
          png,
          { field: 'featurePhoto', fixture: 'image.jpg', type: 'image/jpeg' },
        ]),
        400,
      ],
    ];
    for (const [body, status] of cases) {
      const res = await sendForm(app, admin.token, 'PUT', `/api/services/${created._id}`, body);
      expect(res.statusCode, res.body).toBe(status);
    }
    const now = await app.inject({
      url: `/api/services/${created._id}/manage`,
      headers: bearer(admin.token),
    });
    expect(now.json()).toEqual(created);
    expect(storedFiles(config.dataDir)).toEqual(files);
  });

  it('queues concurrent saves of one service: the result is one of them, whole', async () => {
    const created = await createViaApi(serviceFields(), []);
    const [starter, growth] = created.packages;
    const variants = Array.from({ length: 6 }, (_, i) => [
      { ...packages[1], _id: growth!._id, title: `Growth ${i}`, recurringCost: 1000 + i },
      { ...packages[0], _id: starter!._id, title: `Starter ${i}` },
      ...Array.from({ length: i % 3 }, (__, j) => ({ ...packages[0], title: `New ${i}.${j}` })),
    ]);
    const results = await Promise.all(
      variants.map((list) =>
        sendForm(
          app,
          admin.token,
          'PUT',
          `/api/services/${created._id}`,
          form({ packages: JSON.stringify(list) }),
        ),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(variants.map(() => 200));
    const now = await app.inject({
      url: `/api/services/${created._id}/manage`,
      headers: bearer(admin.token),
    });
    const titles = now.json().packages.map((p: { title: string }) => p.title);
    expect(variants.map((list) => list.map((p) => p.title))).toContainEqual(titles);
    expect(
      now
        .json()
        .packages.slice(0, 2)
        .map((p: { _id: string }) => p._id),
    ).toEqual([growth!._id, starter!._id]);
  });

  it('answers 404 for an unknown service and discards the upload', async () => {
    const files = storedFiles(config.dataDir);
    const res = await sendForm(
      app,
      admin.token,
      'PUT',
      '/api/services/nope',
      form(serviceFields(), [png]),
    );
    expect(res.statusCode).toBe(404);
    expect(storedFiles(config.dataDir)).toEqual(files);
  });
});

const small = await createTestApp({ uploadLimits: { image: 5_000, pdf: 5_000, video: 5_000 } });
const smallStaff = await createUser(small.app, { role: 'admin' });

describe('oversize uploads', () => {
  it('refuses a file over the limit with 413 and stores nothing', async () => {
    const res = await sendForm(
      small.app,
      smallStaff.token,
      'POST',
      '/api/services',
      // image.jpg (1.7 KB) is stored first, then image.png (7 KB) passes the 5 KB limit.
      form(serviceFields(), [galleryJpg, galleryPng]),
    );
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().message).toMatch(/^The file for gallery is larger than/);
    expect(storedFiles(small.config.dataDir)).toEqual([]);
    const [count] = await small.app.database.db.select({ id: services.id }).from(services);
    expect(count).toBeUndefined();
  });
});

describe('DELETE /api/services/:id', () => {
  it('erases a service without orders with its children and files', async () => {
    const created = await createViaApi();
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/services/${created._id}`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const [row] = await app.database.db.select().from(services).where(eq(services.id, created._id));
    expect(row).toBeUndefined();
    for (const url of [created.featurePhoto, created.comparisonPdf, ...created.gallery]) {
      expect((await app.inject({ url })).statusCode).toBe(404);
    }
    const manage = await app.inject({ url: '/api/services/manage', headers: bearer(admin.token) });
    expect(manage.json().map((s: { _id: string }) => s._id)).not.toContain(created._id);
  });

  it('archives a service that has an order: gone from the public site, list and search, kept for staff and the order', async () => {
    const created = await createViaApi(serviceFields({ title: 'Zebra Campaigns' }), [png]);
    const order = await createOrder(app, {
      userId: client.user.id,
      serviceId: created._id,
      title: 'Zebra Campaigns',
    });
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/services/${created._id}`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(204);

    expect((await app.inject({ url: `/api/services/${created._id}` })).statusCode).toBe(404);
    const list = await app.inject({ url: '/api/services' });
    expect(list.json().map((s: { _id: string }) => s._id)).not.toContain(created._id);
    const search = await app.inject({ url: '/api/services/search?q=zebra' });
    expect(search.json()).toEqual([]);

    const manage = await app.inject({ url: '/api/services/manage', headers: bearer(admin.token) });
    expect(manage.headers['cache-control']).toBe('private, no-store');
    const entry = manage.json().find((s: { _id: string }) => s._id === created._id);
    expect(entry).toMatchObject({ title: 'Zebra Campaigns', archived: true, orderCount: 1 });
    expect(entry.archivedAt).toEqual(expect.any(String));
    const one = await app.inject({
      url: `/api/services/${created._id}/manage`,
      headers: bearer(admin.token),
    });
    expect(one.json()).toMatchObject({ _id: created._id, archived: true });

    // The order keeps its service and its photo.
    const [row] = await app.database.db.select().from(services).where(eq(services.id, created._id));
    expect(row!.archivedAt).toBeInstanceOf(Date);
    expect(order.serviceId).toBe(created._id);
    expect((await app.inject({ url: created.featurePhoto })).statusCode).toBe(200);

    // Deleting it again is harmless.
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/services/${created._id}`,
      headers: bearer(admin.token),
    });
    expect(again.statusCode).toBe(204);
  });

  it('keeps a photo an order shows when the service is erased or the photo replaced', async () => {
    const created = await createViaApi(serviceFields(), [png]);
    // An order whose service was set aside still shows the photo it was sold with.
    await createOrder(app, { userId: client.user.id, serviceId: null });
    const { db } = app.database;
    const { projects } = await import('../../db/schema.ts');
    await db.update(projects).set({ serviceFeaturePhotoUrl: created.featurePhoto });
    const res = await sendForm(
      app,
      admin.token,
      'PUT',
      `/api/services/${created._id}`,
      form(
        {},
        [galleryJpg].map((f) => ({ ...f, field: 'featurePhoto' })),
      ),
    );
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ url: created.featurePhoto })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown service', async () => {
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/services/nope',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(404);
  });
});
