import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPANY_PAGE_MAX_LENGTH, type CompanyPage } from '@noise/shared/company-pages';
import { toastSuccess } from '@/lib/toast';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { CompanyPageFormRoute } from './company-page-form-route';
import { CompanyPagesListRoute } from './company-pages-list';

vi.mock('@/lib/toast', async (original) => ({
  ...(await original<typeof import('@/lib/toast')>()),
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
}));

const aboutUs: CompanyPage = {
  slug: 'about-us',
  title: 'About Us',
  body: 'We make noise.',
  updatedAt: '2026-11-20T03:00:00.000Z',
  updatedBy: 'Sam',
};
const careers: CompanyPage = {
  slug: 'careers',
  title: 'Careers',
  body: '',
  updatedAt: null,
  updatedBy: '',
};
const privacy: CompanyPage = {
  slug: 'privacy-policy',
  title: 'Privacy Policy',
  body: '',
  updatedAt: null,
  updatedBy: '',
};

const renderAt = (path: string) =>
  renderWithApp(
    <Routes>
      <Route path="/wkm-dashboard/company-pages" element={<CompanyPagesListRoute />} />
      <Route path="/wkm-dashboard/company-pages/edit/:slug" element={<CompanyPageFormRoute />} />
    </Routes>,
    { path, role: 'admin' },
  );

const rowOf = async (title: string) =>
  (await screen.findByText(title, { selector: 'td' })).closest('tr')!;

describe('Company pages', () => {
  beforeEach(() => {
    answer('get', '/api/config', { companyName: 'Noise' });
  });

  it('lists whose text each page shows, and links to view and edit it', async () => {
    answer('get', '/api/company-pages', [aboutUs, careers, privacy]);
    renderAt('/wkm-dashboard/company-pages');

    const about = await rowOf('About Us');
    expect(within(about).getByText(/^Your text, updated .+ by Sam$/)).toBeInTheDocument();
    expect(within(about).getByRole('link', { name: /^Edit\s*About Us$/ })).toHaveAttribute(
      'href',
      '/wkm-dashboard/company-pages/edit/about-us',
    );
    expect(within(about).getByRole('link', { name: /^View/ })).toHaveAttribute('href', '/about-us');
    expect(within(await rowOf('Careers')).getByText('Built-in text')).toBeInTheDocument();
    // A legal page must not go live with the demo text.
    expect(
      within(await rowOf('Privacy Policy')).getByText('Demo text: replace it'),
    ).toBeInTheDocument();
  });

  it('saves the trimmed text with the line ends made plain, and goes back to the list', async () => {
    answer('get', '/api/company-pages', [aboutUs, careers]);
    const sent = answer('put', '/api/company-pages/about-us', {
      ...aboutUs,
      body: '## Who we are\n\nLoud.',
    });
    const { fill, user, location } = renderAt('/wkm-dashboard/company-pages/edit/about-us');

    const text = await screen.findByLabelText('About Us text');
    expect(text).toHaveValue('We make noise.');
    expect(screen.getByRole('heading', { name: 'Edit About Us' })).toBeInTheDocument();
    await fill(text, '  ## Who we are\r\n\r\nLoud.  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.method).toBe('PUT');
    expect(sent[0]!.body).toEqual({ body: '## Who we are\n\nLoud.' });
    await waitFor(() => expect(location().pathname).toBe('/wkm-dashboard/company-pages'));
    expect(toastSuccess).toHaveBeenCalledWith('Page saved');
  });

  it('says an emptied page shows the built-in text again', async () => {
    answer('get', '/api/company-pages', [aboutUs]);
    const sent = answer('put', '/api/company-pages/about-us', { ...aboutUs, body: '' });
    const { user } = renderAt('/wkm-dashboard/company-pages/edit/about-us');

    await user.clear(await screen.findByLabelText('About Us text'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ body: '' });
    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith('Page reset to the built-in text'),
    );
  });

  it('refuses text over the limit at the field and sends nothing', async () => {
    answer('get', '/api/company-pages', [aboutUs]);
    const sent = answer('put', '/api/company-pages/about-us', aboutUs);
    const { fill, user } = renderAt('/wkm-dashboard/company-pages/edit/about-us');

    const text = await screen.findByLabelText('About Us text');
    await fill(text, 'a'.repeat(COMPANY_PAGE_MAX_LENGTH + 1));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(text).toHaveAccessibleDescription(/^Keep the page under/));
    expect(sent).toHaveLength(0);
  });

  it('shows a failed save and keeps what was typed', async () => {
    answer('get', '/api/company-pages', [aboutUs]);
    answer('put', '/api/company-pages/about-us', { message: 'Try again later' }, { status: 503 });
    const { fill, user, location } = renderAt('/wkm-dashboard/company-pages/edit/about-us');

    const text = await screen.findByLabelText('About Us text');
    await fill(text, 'New words');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Try again later');
    expect(text).toHaveValue('New words');
    expect(location().pathname).toBe('/wkm-dashboard/company-pages/edit/about-us');
  });

  it('says a page of an unknown name is not found, with nothing to save', async () => {
    answer('get', '/api/company-pages', [aboutUs]);
    renderAt('/wkm-dashboard/company-pages/edit/no-such-page');

    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
