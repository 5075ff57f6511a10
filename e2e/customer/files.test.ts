import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { sharedServer, type RunningServer } from '../support/server.ts';
import {
  api,
  createCoordinator,
  fixture,
  signUpCustomer,
  staffToken,
} from '../checkout/helpers.ts';
import { placePaidOrder } from './helpers.ts';

/**
 * The company's file library (docs/product.md#files): an owner on a phone makes a folder,
 * uploads a PNG and watches it finish, previews, renames, moves, deletes and restores it; a file
 * sent in the order's messages is in the order's folder; staff see the same library on Edit
 * Customer.
 */
let server: RunningServer;
let browser: TestBrowser;
let staff: string;
let coordinator: { _id: string; name: string };

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser(server.url);
  staff = await staffToken(server);
  coordinator = await createCoordinator(server, staff);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const png = { name: 'logo.png', mimeType: 'image/png', buffer: readFileSync(fixture('image.png')) };

describe('files', () => {
  it('keeps a company’s files: folders, upload, preview, rename, move, bin; order files; staff', async () => {
    const customer = await signUpCustomer(server, 'Fran', 'Filer');
    const project = await placePaidOrder(server, customer, {
      serviceId: 'seo',
      packageTitle: 'SEO Health Check',
      extraTitles: [],
      coordinatorId: coordinator._id,
    });
    const message = new FormData();
    message.append('text', 'Our current brochure');
    message.append(
      'attachments',
      new Blob([readFileSync(fixture('sample.pdf'))], { type: 'application/pdf' }),
      'brochure.pdf',
    );
    await api(server, 'POST', `/api/projects/${project._id}/messages`, customer.token, message);

    const errors: string[] = [];
    const { page } = await browser.newPage({ token: customer.token, width: 375 });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Files' }).click();
    await page.getByRole('heading', { name: 'Files', level: 1 }).waitFor();
    const folders = page.getByRole('list', { name: 'Folders' });
    await folders.getByRole('button', { name: 'Brand assets' }).waitFor();

    // A folder of their own, and a PNG uploaded into it, with its progress.
    await page.getByRole('button', { name: 'New folder' }).click();
    const newFolder = page.getByRole('dialog', { name: 'New folder' });
    await newFolder.getByLabel('Folder name').fill('Logos');
    await newFolder.getByRole('button', { name: 'Make folder' }).click();
    await folders.getByRole('button', { name: 'Logos' }).click();
    await page.getByRole('navigation', { name: 'Folder path' }).getByText('Logos').waitFor();
    await page.getByLabel('Upload files').setInputFiles(png);
    await page.getByRole('status').filter({ hasText: 'Uploaded logo.png' }).waitFor();
    const files = page.getByRole('list', { name: 'Files in Logos' });
    await files.getByText('logo.png').waitFor();
    await page.getByText('7 KB of 5 GB used').waitFor();

    // Preview, rename, move.
    await files.getByRole('button', { name: 'Preview logo.png' }).click();
    const preview = page.getByRole('dialog', { name: 'logo.png' });
    await expect
      .poll(() =>
        preview
          .getByRole('img', { name: 'logo.png' })
          .evaluate((i: HTMLImageElement) => i.naturalWidth),
      )
      .toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await files.getByRole('button', { name: 'Rename logo.png' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename file' });
    await rename.getByLabel('File name').fill('brand-logo.pdf');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await rename
      .getByText('brand-logo.pdf is a PNG image, but its name ends in .pdf: name it .png')
      .waitFor();
    expect(await rename.getByLabel('File name').inputValue()).toBe('brand-logo.pdf');
    await rename.getByLabel('File name').fill('brand-logo');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await files.getByText('brand-logo.png').waitFor();
    await files.getByRole('button', { name: 'Move brand-logo.png' }).click();
    const move = page.getByRole('dialog', { name: 'Move brand-logo.png' });
    await move.getByLabel('Move to').selectOption({ label: 'Brand assets' });
    await move.getByRole('button', { name: 'Move' }).click();
    await page.getByText('No files here yet. Drop files here or choose Upload files.').waitFor();

    // Into the bin, and back.
    await page
      .getByRole('navigation', { name: 'Folder path' })
      .getByRole('button', { name: 'Files' })
      .click();
    await folders.getByRole('button', { name: 'Brand assets' }).click();
    const brand = page.getByRole('list', { name: 'Files in Brand assets' });
    await brand.getByRole('button', { name: 'Delete brand-logo.png' }).click();
    await page.getByText('No files here yet. Drop files here or choose Upload files.').waitFor();
    await page.getByRole('button', { name: 'Bin' }).click();
    await page.getByRole('list', { name: 'Deleted files' }).getByText('brand-logo.png').waitFor();
    await page.getByRole('button', { name: 'Restore brand-logo.png' }).click();
    await page.getByText('The bin is empty.').waitFor();
    await page.getByRole('button', { name: 'Back to files' }).click();
    await brand.getByText('brand-logo.png').waitFor();

    // The order's folder has the file sent in its messages.
    await page
      .getByRole('navigation', { name: 'Folder path' })
      .getByRole('button', { name: 'Files' })
      .click();
    await folders
      .getByRole('button', { name: new RegExp(`^Order ${project.orderNumber} · `) })
      .click();
    const order = page.getByRole('listitem').filter({ hasText: 'brochure.pdf' });
    await order.getByText('From a message').waitFor();

    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
    expect(errors).toEqual([]);

    // Staff see the same library on the customer's page.
    const team = (await browser.newPage({ token: staff })).page;
    await team.goto(`/wkm-dashboard/customers/edit/${customer.userId}`);
    const section = team.getByRole('region', { name: 'Files' });
    await section.getByRole('button', { name: 'Brand assets' }).click();
    await section.getByText('brand-logo.png').waitFor();
  });
});
