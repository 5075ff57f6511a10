import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Deliverable, MessageThread } from '@noise/shared/messages';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { Deliverables } from './deliverables';

const logo: Deliverable = {
  _id: 'd1',
  messageId: 'm1',
  name: 'Logo',
  version: 1,
  state: 'awaiting',
  sentBy: 'Cora Team',
  createdAt: '2026-11-01T00:00:00.000Z',
  files: [],
  decision: null,
};
const thread: MessageThread = {
  messages: [],
  olderCursor: null,
  deliverables: [logo],
  closedReason: null,
};

describe('Deliverables', () => {
  it('asks what should change, says why a request was refused and keeps it to send again', async () => {
    answer('get', '/api/projects/p1/messages', thread);
    const sent = answer(
      'post',
      '/api/projects/p1/deliverables/d1/changes',
      { error: 'conflict', message: 'A newer version of Logo has been sent' },
      { status: 409 },
    );
    const { fill, user } = renderWithApp(
      <Deliverables projectId="p1" customer>
        {(list) => list}
      </Deliverables>,
      { role: 'client' },
    );
    await user.click(await screen.findByRole('button', { name: 'Request changes' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Request changes' }));

    await user.click(dialog.getByRole('button', { name: 'Send request' }));
    expect(await dialog.findByText('Say what should change')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    const box = dialog.getByRole('textbox', { name: 'What should we change?' });
    await fill(box, '  A darker blue, please. ');
    await user.click(dialog.getByRole('button', { name: 'Send request' }));
    expect(await dialog.findByText('A newer version of Logo has been sent')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveValue('  A darker blue, please. ');
    expect(sent.map((call) => call.body)).toEqual([{ text: 'A darker blue, please.' }]);

    answer('post', '/api/projects/p1/deliverables/d1/changes', {
      deliverable: { ...logo, state: 'changes-requested' },
      message: null,
    });
    await user.click(dialog.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
