import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Page } from '@noise/shared/catalogue';
import { toastSuccess } from '@/lib/toast';
import { renderWithApp } from '@/test/render';
import { answer, fieldsOf } from '@/test/server';
import { PageFormRoute } from './page-form-route';

vi.mock('@/lib/toast', async (original) => ({
  ...(await original<typeof import('@/lib/toast')>()),
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
}));

const services: Page = {
  _id: 'page-1',
  title: 'Our services',
  items: [
    { title: 'SEO', link: '/services/seo', featurePhoto: 'https://cdn.example/seo.jpg' },
    { title: 'Ads', link: 'https://ads.example', featurePhoto: '' },
  ],
};

const renderAt = (path: string) =>
  renderWithApp(
    <Routes>
      <Route path="/wkm-dashboard/pages/new" element={<PageFormRoute />} />
      <Route path="/wkm-dashboard/pages/edit/:id" element={<PageFormRoute />} />
    </Routes>,
    { path, role: 'admin' },
  );

const item = (n: number) => screen.getByRole('group', { name: `Item ${n}` });

describe('PageFormRoute', () => {
  beforeEach(() => {
    answer('get', '/api/config', { companyName: 'Noise' });
  });

  it('refuses a blank title and an item without a safe link, and sends nothing', async () => {
    const sent = answer('post', '/api/pages', services);
    const { fill, user } = renderAt('/wkm-dashboard/pages/new');

    expect(screen.getByText('No items yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await fill(within(item(2)).getByLabelText(/^Link/), 'ftp://files.example');
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    await waitFor(() =>
      expect(screen.getByLabelText(/^Title/)).toHaveAccessibleDescription('This field is required'),
    );
    expect(within(item(1)).getByLabelText(/^Link/)).toHaveAccessibleDescription(
      'This field is required',
    );
    expect(within(item(2)).getByLabelText(/^Link/)).toHaveAccessibleDescription(
      "Use a path starting with '/' or an http(s):// address",
    );
    expect(sent).toHaveLength(0);
  });

  it('publishes a new page with its items in order', async () => {
    const sent = answer('post', '/api/pages', services);
    const { fill, user, location } = renderAt('/wkm-dashboard/pages/new');

    await fill(screen.getByLabelText(/^Title/), ' Our services ');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await fill(within(item(1)).getByLabelText('Item title'), ' SEO ');
    await fill(within(item(1)).getByLabelText(/^Link/), '/services/seo');
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.method).toBe('POST');
    expect(fieldsOf(sent[0]!.form!)).toEqual({
      title: 'Our services',
      'items[0][title]': 'SEO',
      'items[0][link]': '/services/seo',
      'items[0][featurePhotoUrl]': '',
    });
    await waitFor(() => expect(location().pathname).toBe('/wkm-dashboard/pages'));
    expect(toastSuccess).toHaveBeenCalledWith('Page published');
  });

  it('edits a page as loaded, removing an item only once confirmed', async () => {
    answer('get', '/api/pages/page-1', services);
    const sent = answer('put', '/api/pages/page-1', services);
    const { user } = renderAt('/wkm-dashboard/pages/edit/page-1');

    expect(await screen.findByLabelText(/^Title/)).toHaveValue('Our services');
    expect(within(item(1)).getByLabelText('Item title')).toHaveValue('SEO');
    expect(within(item(2)).getByLabelText(/^Link/)).toHaveValue('https://ads.example');

    await user.click(within(item(1)).getByRole('button', { name: 'Remove item' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Are you sure you want to remove this item?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getAllByRole('group')).toHaveLength(2);

    await user.click(within(item(1)).getByRole('button', { name: 'Remove item' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() => expect(screen.getAllByRole('group')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.method).toBe('PUT');
    expect(fieldsOf(sent[0]!.form!)).toEqual({
      title: 'Our services',
      'items[0][title]': 'Ads',
      'items[0][link]': 'https://ads.example',
      'items[0][featurePhotoUrl]': '',
    });
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Page updated'));
  });

  it("shows the server's refusal at the item's field and keeps what was typed", async () => {
    answer(
      'post',
      '/api/pages',
      {
        message: 'The request is not valid',
        details: [{ path: 'items.0.title', message: 'Must be at most 200 characters' }],
      },
      { status: 400 },
    );
    const { fill, user, location } = renderAt('/wkm-dashboard/pages/new');

    await fill(screen.getByLabelText(/^Title/), 'Our services');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await fill(within(item(1)).getByLabelText('Item title'), 'SEO');
    await fill(within(item(1)).getByLabelText(/^Link/), '/services/seo');
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The request is not valid');
    expect(within(item(1)).getByLabelText('Item title')).toHaveAccessibleDescription(
      'Must be at most 200 characters',
    );
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Our services');
    expect(within(item(1)).getByLabelText(/^Link/)).toHaveValue('/services/seo');
    expect(location().pathname).toBe('/wkm-dashboard/pages/new');
  });
});
