import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RequestItem } from '@noise/shared/requests';
import { renderWithApp } from '@/test/render';
import { requestCard } from '@/test/request-card';
import { answer } from '@/test/server';
import { useBoard } from '../api/get-board';
import { RequestBoard } from './request-board';

const card = requestCard;

const menu = card({});
const flyer = card({
  id: 'req-2',
  orderNumber: 1013,
  title: 'Flyer',
  state: 'queued',
  queuePlace: 1,
  version: 1,
  dueDate: null,
  estimatedStart: '2026-12-10',
});
const poster = card({
  id: 'req-3',
  orderNumber: 1014,
  title: 'Poster',
  state: 'queued',
  queuePlace: 2,
  version: 1,
  dueDate: null,
});

/** The board as its screen draws it: from GET /api/requests, read again after each move. */
function Board() {
  const board = useBoard();
  return board.data ? <RequestBoard cards={board.data} /> : null;
}

/** Renders the board on `cards`; the GET after a move answers `after`. */
async function renderBoard(cards: RequestItem[], after: RequestItem[] = cards) {
  answer('get', '/api/requests', { requests: cards });
  const view = renderWithApp(<Board />, { role: 'admin', path: '/wkm-dashboard/requests' });
  await screen.findByRole('link', { name: cards[0]!.title });
  answer('get', '/api/requests', { requests: after });
  return view;
}

const column = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });

describe('the request board', () => {
  it('shows each card in its column with its client, plan, assignee, due date and workspace link', async () => {
    await renderBoard([menu, flyer, poster]);
    const progress = within(column('In progress'));
    expect(progress.getByRole('link', { name: 'Autumn menu' })).toHaveAttribute(
      'href',
      '/wkm-dashboard/requests/req-1',
    );
    expect(progress.getByText('Lima Bakery')).toBeInTheDocument();
    expect(progress.getByText('Sam Reed')).toBeInTheDocument();
    expect(progress.getByText('10 Dec, 2026')).toBeInTheDocument();
    const queued = within(column('Queued'));
    expect(queued.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Flyer',
      'Poster',
    ]);
    expect(queued.getByText('2nd in queue')).toBeInTheDocument();
    // The first queued card starts when Autumn menu is due; the second's start is not known.
    expect(queued.getByText('Estimated start').nextSibling).toHaveTextContent('10 Dec, 2026');
    expect(queued.getAllByText('Estimated start')).toHaveLength(1);
    // Every control has a name of its own.
    expect(screen.getByRole('button', { name: 'Drag Autumn menu' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Move Poster to' })).toBeInTheDocument();
  });

  it('moves a card with the keyboard: its Move to… list sends the state and the version seen', async () => {
    const calls = answer('post', '/api/requests/req-1/move', {
      moved: true,
      request: { ...menu, state: 'in-review', version: 4 },
    });
    const { user } = await renderBoard(
      [menu, flyer, poster],
      [{ ...menu, state: 'in-review', version: 4 }, flyer, poster],
    );
    const select = screen.getByRole('combobox', { name: 'Move Autumn menu to' });
    select.focus();
    await user.selectOptions(select, 'In review');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ state: 'in-review', version: 3 });
    expect(
      await within(column('In review')).findByRole('link', { name: 'Autumn menu' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/moved by someone else/)).not.toBeInTheDocument();
  });

  it('reorders the queue from the keyboard: Poster takes the 1st place', async () => {
    const calls = answer('post', '/api/requests/req-3/move', {
      moved: true,
      request: { ...poster, queuePlace: 1, version: 2 },
    });
    const { user } = await renderBoard(
      [menu, flyer, poster],
      [menu, { ...flyer, queuePlace: 2 }, { ...poster, queuePlace: 1, version: 2 }],
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Move Poster to' }),
      'Queued, 1st in queue',
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ state: 'queued', version: 1, queuePlace: 1 });
    await waitFor(() =>
      expect(
        within(column('Queued'))
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Poster', 'Flyer']),
    );
  });

  it('shows a card someone else moved meanwhile as it now is, with a short notice, not an error', async () => {
    const now = { ...menu, state: 'done' as const, version: 5 };
    answer('post', '/api/requests/req-1/move', { moved: false, request: now });
    const { user } = await renderBoard([menu, flyer, poster], [now, flyer, poster]);
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Move Autumn menu to' }),
      'In review',
    );
    expect(
      await screen.findByText(
        /‘Autumn menu’ was moved by someone else meanwhile: it is Done now\./,
      ),
    ).toBeInTheDocument();
    expect(
      await within(column('Done')).findByRole('link', { name: 'Autumn menu' }),
    ).toBeInTheDocument();
    expect(within(column('In review')).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
