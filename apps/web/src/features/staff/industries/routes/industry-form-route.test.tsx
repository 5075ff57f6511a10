import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Industry } from '@noise/shared/catalogue';
import { toastSuccess } from '@/lib/toast';
import { renderWithApp } from '@/test/render';
import { answer, fieldsOf } from '@/test/server';
import { IndustryFormRoute } from './industry-form-route';

vi.mock('@/lib/toast', async (original) => ({
  ...(await original<typeof import('@/lib/toast')>()),
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
}));

const retail: Industry = {
  _id: 'industry-1',
  title: 'Retail',
  link: '/pages/retail',
  featurePhoto: 'https://cdn.example/retail.jpg',
};

const renderAt = (path: string) =>
  renderWithApp(
    <Routes>
      <Route path="/wkm-dashboard/industries/new" element={<IndustryFormRoute />} />
      <Route path="/wkm-dashboard/industries/edit/:id" element={<IndustryFormRoute />} />
    </Routes>,
    { path, role: 'admin' },
  );

describe('IndustryFormRoute', () => {
  beforeEach(() => {
    answer('get', '/api/config', { companyName: 'Noise' });
  });

  it('refuses a blank title and an unsafe link at the field and sends nothing', async () => {
    const sent = answer('post', '/api/industries', retail);
    const { fill, user } = renderAt('/wkm-dashboard/industries/new');

    expect(screen.getByRole('heading', { name: 'Add New Industry' })).toBeInTheDocument();
    await fill(screen.getByLabelText(/^Link/), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() =>
      expect(screen.getByLabelText(/^Title/)).toHaveAccessibleDescription('This field is required'),
    );
    expect(screen.getByLabelText(/^Link/)).toHaveAccessibleDescription(
      "Use a path starting with '/' or an http(s):// address",
    );
    expect(sent).toHaveLength(0);
  });

  it('creates an industry from the trimmed title and link, and goes back to the list', async () => {
    const sent = answer('post', '/api/industries', retail);
    const { fill, user, location } = renderAt('/wkm-dashboard/industries/new');

    await fill(screen.getByLabelText(/^Title/), '  Retail ');
    await fill(screen.getByLabelText(/^Link/), ' /pages/retail ');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.method).toBe('POST');
    expect(fieldsOf(sent[0]!.form!)).toEqual({
      title: 'Retail',
      link: '/pages/retail',
      featurePhoto: '',
    });
    await waitFor(() => expect(location().pathname).toBe('/wkm-dashboard/industries'));
    expect(toastSuccess).toHaveBeenCalledWith('Industry created');
  });

  it('edits an industry as loaded, keeping its photo unless removed', async () => {
    answer('get', '/api/industries/industry-1', retail);
    const sent = answer('put', '/api/industries/industry-1', retail);
    const { fill, user } = renderAt('/wkm-dashboard/industries/edit/industry-1');

    expect(await screen.findByLabelText(/^Title/)).toHaveValue('Retail');
    expect(screen.getByLabelText(/^Link/)).toHaveValue('/pages/retail');
    await fill(screen.getByLabelText(/^Title/), 'Retail & Shops');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.method).toBe('PUT');
    expect(fieldsOf(sent[0]!.form!)).toEqual({
      title: 'Retail & Shops',
      link: '/pages/retail',
      featurePhoto: 'https://cdn.example/retail.jpg',
    });
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Industry updated'));
  });

  it('sends no photo once the current one is removed', async () => {
    answer('get', '/api/industries/industry-1', retail);
    const sent = answer('put', '/api/industries/industry-1', { ...retail, featurePhoto: '' });
    const { user } = renderAt('/wkm-dashboard/industries/edit/industry-1');

    await user.click(await screen.findByRole('button', { name: 'Remove image' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(fieldsOf(sent[0]!.form!)).toMatchObject({ featurePhoto: '' });
  });

  it("shows the server's refusal at the field and keeps what was typed", async () => {
    answer(
      'post',
      '/api/industries',
      {
        message: 'The request is not valid',
        details: [{ path: 'title', message: 'An industry with this title exists' }],
      },
      { status: 400 },
    );
    const { fill, user, location } = renderAt('/wkm-dashboard/industries/new');

    await fill(screen.getByLabelText(/^Title/), 'Retail');
    await fill(screen.getByLabelText(/^Link/), 'https://retail.example');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The request is not valid');
    expect(screen.getByLabelText(/^Title/)).toHaveAccessibleDescription(
      'An industry with this title exists',
    );
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Retail');
    expect(screen.getByLabelText(/^Link/)).toHaveValue('https://retail.example');
    expect(location().pathname).toBe('/wkm-dashboard/industries/new');
  });

  it('says when the industry does not exist', async () => {
    answer('get', '/api/industries/gone', { message: 'No industry has this id' }, { status: 404 });
    renderAt('/wkm-dashboard/industries/edit/gone');

    expect(await screen.findByText('Industry not found', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('No industry has this id')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
  });
});
