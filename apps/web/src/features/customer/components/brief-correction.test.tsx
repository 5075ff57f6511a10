import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BriefEntry } from '@noise/shared/project';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { BriefCorrection } from './brief-correction';

const entry: BriefEntry = {
  _id: 'entry-1',
  text: 'Bright colours',
  authorName: 'Olive Owner',
  createdAt: '2026-11-01T00:00:00.000Z',
  attachments: [],
  answers: [
    {
      questionId: 'qpurpose',
      label: 'What is it for',
      kind: 'short-text',
      required: true,
      options: [],
      answer: 'Spring sale',
    },
  ],
  correctable: true,
  correctedAt: null,
  history: [],
};
const PUT = '/api/projects/project-1/brief/entry-1';

describe('BriefCorrection', () => {
  it('names a required answer left blank, and sends nothing', async () => {
    const sent = answer('put', PUT, entry);
    const { fill, user } = renderWithApp(
      <BriefCorrection projectId="project-1" entry={entry} onDone={() => {}} />,
      { role: 'client' },
    );
    await user.clear(screen.getByLabelText('What is it for'));
    await fill(screen.getByLabelText('Anything else we should know?'), 'Dark colours');
    await user.click(screen.getByRole('button', { name: 'Save correction' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please check the highlighted questions.',
    );
    expect(screen.getByLabelText('What is it for')).toHaveAccessibleDescription(
      "Please answer 'What is it for'",
    );
    expect(sent).toHaveLength(0);
  });

  it("puts the server's reasons at their questions and keeps what was typed", async () => {
    const refused = answer(
      'put',
      PUT,
      {
        error: 'validation_failed',
        message: 'Please check the highlighted questions.',
        details: [{ path: 'answers.qpurpose', message: 'That answer is too vague' }],
      },
      { status: 400 },
    );
    const onDone = vi.fn();
    const { fill, user } = renderWithApp(
      <BriefCorrection projectId="project-1" entry={entry} onDone={onDone} />,
      { role: 'client' },
    );
    await fill(screen.getByLabelText('What is it for'), 'Sale');
    await fill(screen.getByLabelText('Anything else we should know?'), 'Dark colours');
    await user.click(screen.getByRole('button', { name: 'Save correction' }));

    await waitFor(() =>
      expect(screen.getByLabelText('What is it for')).toHaveAccessibleDescription(
        'That answer is too vague',
      ),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the highlighted questions.');
    expect(screen.getByLabelText('What is it for')).toHaveValue('Sale');
    expect(screen.getByLabelText('Anything else we should know?')).toHaveValue('Dark colours');
    expect(refused[0]!.body).toEqual({ text: 'Dark colours', answers: { qpurpose: 'Sale' } });
    expect(onDone).not.toHaveBeenCalled();
  });
});
