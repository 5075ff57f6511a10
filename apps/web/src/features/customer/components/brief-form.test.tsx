import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { questionSignature, type IntakeQuestion } from '@noise/shared/intake';
import type { BriefQuestions } from '@noise/shared/project';
import { renderWithApp } from '@/test/render';
import { answer, fieldsOf } from '@/test/server';
import { BriefForm } from './brief-form';

const BRIEF = '/api/projects/project-1/brief';

const asked: IntakeQuestion[] = [
  {
    id: 'q-audience',
    kind: 'short-text',
    label: 'Target audience',
    help: '',
    required: true,
    options: [],
  },
  {
    id: 'q-logo',
    kind: 'yes-no',
    label: 'Do you have a logo?',
    help: '',
    required: true,
    options: [],
  },
  {
    id: 'q-website',
    kind: 'link',
    label: 'Current website',
    help: '',
    required: false,
    options: [],
  },
  { id: 'q-guide', kind: 'file', label: 'Brand guide', help: '', required: false, options: [] },
];
const questions: BriefQuestions['questions'] = asked.map((q) => ({
  ...q,
  signature: questionSignature(q),
}));

const entry = {
  _id: 'entry-1',
  text: '',
  authorName: 'Ana Lima',
  createdAt: '2026-11-25T00:00:00.000Z',
  attachments: [],
  answers: null,
  correctable: true,
  correctedAt: null,
  history: [],
};

function pdf(name: string) {
  return new File([name], name, { type: 'application/pdf' });
}

describe('BriefForm', () => {
  it('refuses an empty addition to the brief, and sends nothing', async () => {
    const sent = answer('post', BRIEF, entry);
    const { fill, user } = renderWithApp(<BriefForm projectId="project-1" />);

    await fill(screen.getByLabelText('Add to your brief'), '   ');
    await user.click(screen.getByRole('button', { name: 'Add to brief' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Write a few words or attach a file first.',
    );
    expect(sent).toHaveLength(0);
  });

  it('tells an answer it cannot read from a sent brief, and keeps what was written', async () => {
    const { authorName: _, ...withoutAuthor } = entry;
    answer('post', BRIEF, withoutAuthor);
    const onSent = vi.fn();
    const { fill, user } = renderWithApp(<BriefForm projectId="project-1" onSent={onSent} />);

    await fill(screen.getByLabelText('Add to your brief'), 'Launch in March');
    await user.click(screen.getByRole('button', { name: 'Add to brief' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The server sent an answer we could not read',
    );
    expect(onSent).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Add to your brief')).toHaveValue('Launch in March');
  });

  it('names each intake question left unanswered or answered wrongly, and sends nothing', async () => {
    answer('get', `${BRIEF}/questions`, { questions, answered: false });
    const sent = answer('post', BRIEF, entry);
    const { fill, user } = renderWithApp(<BriefForm projectId="project-1" first />);

    await fill(await screen.findByLabelText('Current website'), 'not a link');
    await user.click(screen.getByRole('button', { name: 'Submit Requirements' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please check the highlighted questions.',
    );
    expect(screen.getByLabelText('Target audience')).toHaveAccessibleDescription(
      "Please answer 'Target audience'",
    );
    expect(screen.getByRole('group', { name: 'Do you have a logo?' })).toHaveAccessibleDescription(
      "Please answer 'Do you have a logo?'",
    );
    expect(screen.getByLabelText('Current website')).toHaveAccessibleDescription(
      expect.stringContaining("'Current website'"),
    );
    expect(sent).toHaveLength(0);
  });

  it('sends the answers, the questions they answer, the text and every file as one multipart body', async () => {
    answer('get', `${BRIEF}/questions`, { questions, answered: false });
    const sent = answer('post', BRIEF, entry);
    const onSent = vi.fn();
    const { fill, user } = renderWithApp(<BriefForm projectId="project-1" first onSent={onSent} />);

    await fill(await screen.findByLabelText('Target audience'), 'Local bakers');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.upload(screen.getByLabelText('Brand guide'), pdf('guide.pdf'));
    await fill(screen.getByLabelText('Anything else we should know?'), 'Launch in March');
    await user.upload(screen.getByLabelText('Attachments'), pdf('menu.pdf'));
    await user.click(screen.getByRole('button', { name: 'Submit Requirements' }));

    await waitFor(() => expect(onSent).toHaveBeenCalledWith(entry));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers.get('content-type')).toMatch(/^multipart\/form-data/);
    expect(new URL(sent[0]!.url).pathname).toBe(BRIEF);
    const body = fieldsOf(sent[0]!.form!) as Record<string, string>;
    expect(body).toEqual({
      text: 'Launch in March',
      attachments: 'file:menu.pdf',
      answers: expect.any(String),
      asked: expect.any(String),
      answerFiles: 'file:guide.pdf',
      answerFileQuestions: '["q-guide"]',
    });
    expect(JSON.parse(body.answers!)).toEqual({ 'q-audience': 'Local bakers', 'q-logo': true });
    expect(JSON.parse(body.asked!)).toEqual(
      questions.map((q) => JSON.stringify([q.id, q.kind, q.label, q.required, q.options])),
    );
  });

  it('refuses a brief with every question blank and nothing written, until told there is nothing to add', async () => {
    const optional = questions.map((q) => ({ ...q, required: false }));
    answer('get', `${BRIEF}/questions`, { questions: optional, answered: false });
    const sent = answer('post', BRIEF, entry);
    const onSent = vi.fn();
    const { user } = renderWithApp(<BriefForm projectId="project-1" first onSent={onSent} />);

    await user.click(await screen.findByRole('button', { name: 'Submit Requirements' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Answer at least one question, or tell us there is nothing to add',
    );
    expect(sent).toHaveLength(0);

    await user.click(
      screen.getByRole('checkbox', { name: 'Nothing to add: start with what you have' }),
    );
    await user.click(screen.getByRole('button', { name: 'Submit Requirements' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(entry));
    expect(fieldsOf(sent.at(-1)!.form!)).toMatchObject({
      text: '',
      answers: '{}',
      nothingToAdd: 'true',
    });
  });
});
