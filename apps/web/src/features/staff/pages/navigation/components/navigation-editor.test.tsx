import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { NavigationEditor } from './navigation-editor';

const stored = {
  header: [
    { label: 'Websites', kind: 'page', id: 'website' },
    { label: 'SEO', kind: 'service', id: 'seo' },
  ],
  footer: [{ label: 'SEO', kind: 'service', id: 'seo' }],
};

function renderEditor() {
  answer('get', '/api/navigation/manage', stored);
  answer('get', '/api/pages', [{ _id: 'website', title: 'Website' }]);
  answer('get', '/api/services/manage', []);
  return renderWithApp(<NavigationEditor />, { role: 'admin' });
}

const link = (n: number) => screen.getByRole('listitem', { name: `Header links, link ${n}` });

describe('the site navigation editor', () => {
  it('says at the field what a link lacks, and sends nothing', async () => {
    const saved = answer('put', '/api/navigation', stored);
    const { user } = renderEditor();
    await screen.findByRole('listitem', { name: 'Header links, link 1' });
    await user.clear(within(link(1)).getByRole('textbox', { name: 'Label' }));
    await user.click(screen.getByRole('button', { name: 'Save navigation' }));
    expect(await within(link(1)).findByText('Enter the text of the link')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it("puts the server's refusal under the link it names, moved as typed, and keeps the links", async () => {
    const saved = answer(
      'put',
      '/api/navigation',
      {
        error: 'validation_failed',
        message: 'Please check the links',
        details: [{ path: 'body.header.0.id', message: 'That service is archived' }],
      },
      { status: 400 },
    );
    const { user } = renderEditor();
    await screen.findByRole('listitem', { name: 'Header links, link 2' });
    await user.click(within(link(2)).getByRole('button', { name: "Move 'SEO' up" }));
    await user.type(within(link(1)).getByRole('textbox', { name: 'Label' }), ' audit');
    await user.click(screen.getByRole('button', { name: 'Save navigation' }));

    expect(await within(link(1)).findByText('That service is archived')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the links');
    expect(within(link(1)).getByRole('textbox', { name: 'Label' })).toHaveValue('SEO audit');
    expect(saved).toHaveLength(1);
    expect(saved[0]!.body).toEqual({
      header: [
        { label: 'SEO audit', kind: 'service', id: 'seo' },
        { label: 'Websites', kind: 'page', id: 'website' },
      ],
      footer: [{ label: 'SEO', kind: 'service', id: 'seo' }],
    });
  });
});
