import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { subscriptionOf } from '@/test/subscription';
import { answer } from '@/test/server';
import { PauseControls } from './pause-controls';

const PAUSE = '/api/projects/project-1/subscription/pause';

const subscription = subscriptionOf({ clientsMayPause: true });

describe('PauseControls', () => {
  it('pauses until a day; a day the server refuses is named at its field and kept', async () => {
    const refused = answer(
      'post',
      PAUSE,
      {
        statusCode: 400,
        error: 'bad_request',
        message: 'The day to resume must be after today.',
        details: [{ path: 'until', message: 'The day to resume must be after today.' }],
      },
      { status: 400 },
    );
    const { user, fill } = renderWithApp(
      <PauseControls subscription={subscription} serviceTitle="Social Media" />,
      { role: 'client' },
    );
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause Social Media?' });
    await fill(within(dialog).getByLabelText('Resume on'), '2026-01-05');
    await user.click(within(dialog).getByRole('button', { name: 'Pause plan' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Resume on')).toHaveAccessibleDescription(
        expect.stringContaining('The day to resume must be after today.'),
      ),
    );
    expect(within(dialog).getByLabelText('Resume on')).toHaveValue('2026-01-05');
    expect(refused[0]!.body).toEqual({ until: '2026-01-05' });

    const sent = answer('post', PAUSE, { ...subscription, status: 'paused', pausedUntil: null });
    await user.clear(within(dialog).getByLabelText('Resume on'));
    await user.click(within(dialog).getByRole('button', { name: 'Pause plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Empty: until resumed.
    expect(sent[0]!.body).toEqual({ until: null });
  });

  it('offers Resume on a paused plan, and nothing to a plan its client may not pause', async () => {
    const { unmount } = renderWithApp(
      <PauseControls
        subscription={{ ...subscription, status: 'paused', pausedUntil: '2027-01-05' }}
        serviceTitle="Social Media"
      />,
      { role: 'client' },
    );
    expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument();
    unmount();
    renderWithApp(
      <PauseControls
        subscription={{ ...subscription, clientsMayPause: false }}
        serviceTitle="Social Media"
      />,
      { role: 'client' },
    );
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
  });
});
