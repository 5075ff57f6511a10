import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LibraryFile, LibraryListing } from '@noise/shared/files';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { FileLibrary } from './file-library';

const logo: LibraryFile = {
  _id: 'file-1',
  name: 'logo.png',
  contentType: 'image/png',
  size: 7169,
  source: 'upload',
  url: '/api/companies/company-1/files/file-1/content',
  uploadedBy: 'Olive Owner',
  createdAt: '2026-11-26T00:00:00.000Z',
  folderId: null,
  readOnly: false,
  deletedAt: null,
  deletedBy: null,
  purgeAt: null,
};

const listing: LibraryListing = {
  usage: { usedBytes: 7169, quotaBytes: 5 * 1024 ** 3 },
  folder: null,
  path: [],
  folders: [{ _id: 'brand', name: 'Brand assets', kind: 'brand', parentId: null, projectId: null }],
  files: [logo],
  destinations: [{ _id: 'brand', label: 'Brand assets' }],
};

function renderLibrary() {
  answer('get', '/api/companies/company-1/files', listing);
  return renderWithApp(<FileLibrary companyId="company-1" canManage />, { role: 'client' });
}

describe('FileLibrary', () => {
  it('shows why a rename was refused and keeps the name typed', async () => {
    const sent = answer(
      'patch',
      '/api/companies/company-1/files/file-1',
      {
        statusCode: 400,
        error: 'bad_request',
        message: 'logo.pdf is a PNG image, but its name ends in .pdf: name it .png',
      },
      { status: 400 },
    );
    const { fill, user } = renderLibrary();
    await user.click(await screen.findByRole('button', { name: 'Rename logo.png' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Rename file' }));

    // A path is refused in the browser, and nothing is sent.
    await fill(dialog.getByLabelText('File name'), '../logo.png');
    await user.click(dialog.getByRole('button', { name: 'Save name' }));
    expect(await dialog.findByText('A file name cannot contain / or \\')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await fill(dialog.getByLabelText('File name'), 'logo.pdf');
    await user.click(dialog.getByRole('button', { name: 'Save name' }));
    expect(
      await dialog.findByText('logo.pdf is a PNG image, but its name ends in .pdf: name it .png'),
    ).toBeInTheDocument();
    expect(dialog.getByLabelText('File name')).toHaveValue('logo.pdf');
    expect(sent.map((call) => call.body)).toEqual([{ name: 'logo.pdf' }]);
  });

  it('keeps a refused folder name to correct', async () => {
    answer(
      'post',
      '/api/companies/company-1/folders',
      {
        statusCode: 409,
        error: 'conflict',
        message: "There is already a folder named 'brand assets' here",
      },
      { status: 409 },
    );
    const { fill, user } = renderLibrary();
    await screen.findByText('logo.png');
    await user.click(screen.getByRole('button', { name: 'New folder' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New folder' }));
    await fill(dialog.getByLabelText('Folder name'), 'brand assets');
    await user.click(dialog.getByRole('button', { name: 'Make folder' }));
    expect(
      await dialog.findByText("There is already a folder named 'brand assets' here"),
    ).toBeInTheDocument();
    expect(dialog.getByLabelText('Folder name')).toHaveValue('brand assets');
  });

  it('refuses a file that does not fit before sending it', async () => {
    const sent = answer('post', '/api/companies/company-1/files', logo, { status: 201 });
    answer('get', '/api/companies/company-1/files', {
      ...listing,
      usage: { usedBytes: 5 * 1024 ** 3 - 10, quotaBytes: 5 * 1024 ** 3 },
    });
    const { user } = renderWithApp(<FileLibrary companyId="company-1" canManage />, {
      role: 'client',
    });
    await screen.findByText('5 GB of 5 GB used');
    const big = new File([new Uint8Array(100)], 'photo.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload files'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not uploaded – It does not fit: 10 B of storage is left.',
    );
    expect(sent).toHaveLength(0);
  });
});
