import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { questionSignature, type IntakeQuestion } from '@noise/shared/intake';
import type { RequestItem, RequestPlan } from '@noise/shared/requests';
import { renderWithApp } from '@/test/render';
import { answer, fieldsOf } from '@/test/server';
import { RequestPlans } from './request-plans';

const PLANS = '/api/my/request-plans';
const SUBMIT = '/api/my/request-plans/plan-1/requests';

const questions: IntakeQuestion[] = [
  {
    id: 'goal',
    kind: 'short-text',
    label: 'What is it for',
    help: '',
    required: true,
    options: [],
  },
  {
    id: 'where',
    kind: 'multiple-choice',
    label: 'Where it goes',
    help: '',
    required: false,
    options: ['Web', 'Print'],
  },
  { id: 'logo', kind: 'file', label: 'Your logo', help: '', required: true, options: [] },
];

const request = (over: Partial<RequestItem>): RequestItem => ({
  id: 'req-1',
  orderNumber: 1012,
  title: 'Autumn menu',
  state: 'in-progress',
  queuePlace: null,
  version: 1,
  planId: 'plan-1',
  planTitle: 'Unlimited Design Requests',
  companyId: 'co-1',
  companyName: 'Lima Bakery',
  coordinatorId: null,
  coordinatorName: '',
  dueDate: '2026-12-03',
  estimatedStart: null,
  createdAt: '2026-11-28T01:00:00.000Z',
  ...over,
});

const plan = (requests: RequestItem[] = []): RequestPlan => ({
  id: 'plan-1',
  orderNumber: 1010,
  title: 'Unlimited Design Requests',
  open: true,
  refusal: null,
  activeRequestLimit: 1,
  requestsPerPeriod: null,
  active: requests.filter((r) => r.state === 'in-progress').length,
  usedThisPeriod: requests.length,
  extraThisPeriod: 0,
  extraRequest: null,
  intakeQuestions: questions,
  requests,
});

const png = (name: string) => new File(['png'], name, { type: 'image/png' });

async function openForm() {
  answer('get', PLANS, { plans: [plan()] });
  const rendered = renderWithApp(<RequestPlans canSubmit />);
  await rendered.user.click(await screen.findByRole('button', { name: 'New request' }));
  // The form's code loads when it is asked for.
  await screen.findByLabelText('Title');
  return rendered;
}

describe('New request', () => {
  it('asks every intake question, files too, and sends the answers and files as one multipart body', async () => {
    const sent = answer('post', SUBMIT, request({ title: 'Sale banner' }), { status: 201 });
    const { fill, user } = await openForm();

    await fill(screen.getByLabelText('Title'), 'Sale banner');
    await fill(screen.getByLabelText('What is it for'), 'Spring sale');
    await user.click(screen.getByRole('checkbox', { name: 'Web' }));
    await user.upload(screen.getByLabelText('Your logo'), png('logo.png'));
    await user.upload(screen.getByLabelText('Attachments'), png('photo.png'));
    await user.click(screen.getByRole('button', { name: 'Submit request' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(new URL(sent[0]!.url).pathname).toBe(SUBMIT);
    const body = fieldsOf(sent[0]!.form!) as Record<string, string>;
    expect(body).toEqual({
      title: 'Sale banner',
      answers: JSON.stringify({ goal: 'Spring sale', where: ['Web'] }),
      asked: JSON.stringify(questions.map(questionSignature)),
      answerFileQuestions: '["logo"]',
      answerFiles: 'file:logo.png',
      attachments: 'file:photo.png',
    });
    // Sent: the form closes.
    await waitFor(() => expect(screen.queryByLabelText('Title')).not.toBeInTheDocument());
  });

  it('names a required question left unanswered at its field, and sends nothing', async () => {
    const sent = answer('post', SUBMIT, request({}), { status: 201 });
    const { fill, user } = await openForm();

    await fill(screen.getByLabelText('Title'), 'Sale banner');
    await user.click(screen.getByRole('button', { name: 'Submit request' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please check the highlighted fields.',
    );
    expect(screen.getByLabelText('What is it for')).toHaveAccessibleDescription(
      "Please answer 'What is it for'",
    );
    expect(screen.getByLabelText('Your logo')).toHaveAccessibleDescription(
      "Please answer 'Your logo'",
    );
    expect(sent).toHaveLength(0);
    expect(screen.getByLabelText('Title')).toHaveValue('Sale banner');
  });

  it('says at its question which file the server refused, keeping everything typed and chosen', async () => {
    answer(
      'post',
      SUBMIT,
      {
        statusCode: 413,
        error: 'file_too_large',
        message: 'The file for answerFiles is larger than 20 MB',
        details: [{ path: 'answerFiles.0', message: '‘logo.png’ is larger than 20 MB' }],
      },
      { status: 413 },
    );
    const { fill, user } = await openForm();

    await fill(screen.getByLabelText('Title'), 'Sale banner');
    await fill(screen.getByLabelText('What is it for'), 'Spring sale');
    await user.upload(screen.getByLabelText('Your logo'), png('logo.png'));
    await user.click(screen.getByRole('button', { name: 'Submit request' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Your logo')).toHaveAccessibleDescription(
        '‘logo.png’ is larger than 20 MB',
      ),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('larger than 20 MB');
    expect(screen.getByLabelText('Title')).toHaveValue('Sale banner');
    expect(screen.getByLabelText('What is it for')).toHaveValue('Spring sale');
    expect(screen.getByText('logo.png')).toBeInTheDocument();
  });

  it('says a file of a kind no brief takes is left out, at its question', async () => {
    await openForm();
    // As a system without the input's filter would let it through.
    fireEvent.change(screen.getByLabelText('Your logo'), {
      target: { files: [new File(['x'], 'run.exe', { type: 'application/x-msdownload' })] },
    });
    expect(screen.getByLabelText('Your logo')).toHaveAccessibleDescription(
      'Only images, PDFs, office documents and zip files can be attached.',
    );
    expect(screen.queryByText('run.exe')).not.toBeInTheDocument();
  });
});

describe('A queued request', () => {
  it('shows its place and its estimated start, and nothing when it cannot be told', async () => {
    answer('get', PLANS, {
      plans: [
        plan([
          request({}),
          request({
            id: 'req-2',
            title: 'Flyer',
            state: 'queued',
            queuePlace: 1,
            dueDate: null,
            estimatedStart: '2026-12-03',
          }),
          request({
            id: 'req-3',
            title: 'Poster',
            state: 'queued',
            queuePlace: 2,
            dueDate: null,
            estimatedStart: null,
          }),
        ]),
      ],
    });
    renderWithApp(<RequestPlans canSubmit />);
    const list = within(await screen.findByRole('list', { name: /Requests of/ }));
    expect(list.getByText(/1st in your queue/)).toHaveTextContent(
      'Queued · 1st in your queue · estimated start 03 Dec, 2026',
    );
    expect(list.getByText(/2nd in your queue/)).toHaveTextContent(/2nd in your queue$/);
  });
});
