import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { formatCalendarDay } from '@noise/shared/format-day';
import type { IntakeAnswer, IntakeQuestion } from '@noise/shared/intake';
import { orderName } from '@noise/shared/project-constants';
import {
  allowanceOf,
  ordinal,
  requestStateLabels,
  submitRequestSchema,
  type RequestItem,
  type RequestPlan,
} from '@noise/shared/requests';
import { IntakeFields } from '@/components/intake/intake-fields';
import { Button } from '@/components/ui/button';
import { Form, FormField } from '@/components/ui/form';
import { SERVER } from '@/components/ui/form-refusal';
import { TextInput } from '@/components/ui/input';
import { UploadProgressBar } from '@/components/ui/upload-progress';
import { errorMessage, isApiError } from '@/lib/api-client';
import {
  requestPlansQuery,
  useCancelRequest,
  useMoveRequest,
  useRequestPlans,
  useSubmitRequest,
} from '../api/requests';
import { AttachmentsField } from './attachments-field';
import { checkIntake, refusalsOf } from './intake-errors';
import { ExtraRequest } from './extra-request';

/**
 * The title (`submitRequestSchema`) and the answers (`checkIntake`) are checked together when it
 * is sent, so every field left wrong is named at once.
 */
const requestSchema = z.object({
  title: z.string(),
  answers: z.record(z.string(), z.custom<IntakeAnswer>()),
});
type RequestValues = z.infer<typeof requestSchema>;

/**
 * 'New request': a title, every intake question of the plan (files too, as the first brief asks
 * them) and further files for the team. A refusal is shown at its field and keeps everything
 * typed and chosen.
 */
function NewRequestForm({ plan, onDone }: { plan: RequestPlan; onDone: () => void }) {
  const submit = useSubmitRequest();
  const queryClient = useQueryClient();
  const questions = plan.intakeQuestions as IntakeQuestion[];
  const form = useForm<RequestValues>({
    resolver: zodResolver(requestSchema),
    defaultValues: { title: '', answers: {} },
  });
  // The files stay outside the form's values: they are chosen, not typed.
  const [answerFiles, setAnswerFiles] = useState<Record<string, File[]>>({});
  const [attachments, setAttachments] = useState<File[]>([]);
  // Each field's message (the title, a question by id, 'attachments'), checked together.
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const failure = form.formState.errors.root?.server?.message;
  const setError = (id: string, message: string) =>
    setErrors((current) => ({ ...current, [id]: message }));

  async function onSubmit({ title, answers }: RequestValues) {
    const named = submitRequestSchema.safeParse({ title });
    const found = {
      ...(named.success ? {} : { title: named.error.issues[0]!.message }),
      ...checkIntake(questions, answers, answerFiles),
    };
    setErrors(found);
    if (!named.success || Object.keys(found).length) {
      form.setError(SERVER, { message: 'Please check the highlighted fields.' });
      return;
    }
    setProgress(0);
    const intake = { questions, values: answers, files: answerFiles };
    try {
      await submit.mutateAsync({
        planId: plan.id,
        body: { title: named.data.title, intake, attachments },
        onProgress: (p) => setProgress(p.fraction),
      });
      onDone();
    } catch (error) {
      // The plan's questions changed meanwhile: read them again; answers kept by question.
      if (isApiError(error) && error.code === 'questions_changed') {
        await queryClient.invalidateQueries({ queryKey: requestPlansQuery.queryKey });
      }
      setErrors(refusalsOf(error, intake));
      throw error;
    } finally {
      setProgress(null);
    }
  }

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      aria-label={`New request under ${plan.title}`}
      className="mt-4 flex min-w-0 flex-col gap-4 rounded-card border-2 border-ink/15 p-4"
    >
      <fieldset disabled={submit.isPending} className="flex min-w-0 flex-col gap-4">
        <FormField
          control={form.control}
          name="title"
          render={(field) => (
            <TextInput label="Title" required maxLength={200} {...field} error={errors.title} />
          )}
        />
        {questions.length ? (
          <FormField
            control={form.control}
            name="answers"
            render={(field) => (
              <IntakeFields
                questions={questions}
                values={field.value}
                files={answerFiles}
                errors={errors}
                disabled={submit.isPending}
                onChange={(id, value) => field.onChange({ ...field.value, [id]: value })}
                onFiles={(id, chosen) =>
                  setAnswerFiles((current) => ({ ...current, [id]: chosen }))
                }
                onRefused={setError}
              />
            )}
          />
        ) : null}
        <AttachmentsField
          files={attachments}
          error={errors.attachments}
          disabled={submit.isPending}
          onFiles={(next) => {
            setErrors(({ attachments: _, ...rest }) => rest);
            setAttachments(next);
          }}
          onRefused={(message) => setError('attachments', message)}
        />
      </fieldset>
      {progress !== null && (attachments.length || Object.values(answerFiles).flat().length) ? (
        <UploadProgressBar fraction={progress} />
      ) : null}
      {failure ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={submit.isPending}>
          {submit.isPending ? 'Submitting...' : 'Submit request'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={submit.isPending}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

function RequestRow({ request, last }: { request: RequestItem; last: boolean }) {
  const cancel = useCancelRequest();
  const move = useMoveRequest();
  const queued = request.state === 'queued' && request.queuePlace !== null;
  const failed = cancel.error ?? move.error;
  return (
    <li className="flex flex-col gap-2 border-t-2 border-ink/10 py-3 first:border-t-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <Link
          to={`/dashboard/projects/${request.id}`}
          className="font-bold break-words underline-offset-2 hover:underline"
        >
          {request.title}
        </Link>
        <p className="text-sm text-muted">
          {orderName(request.orderNumber)} · {requestStateLabels[request.state]}
          {queued ? ` · ${ordinal(request.queuePlace!)} in your queue` : ''}
          {queued && request.estimatedStart
            ? ` · estimated start ${formatCalendarDay(request.estimatedStart)}`
            : ''}
        </p>
        {failed ? (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(failed, 'That did not work.')}
          </p>
        ) : null}
      </div>
      {queued ? (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={request.queuePlace === 1 || move.isPending}
            onClick={() => move.mutate({ requestId: request.id, direction: 'up' })}
            aria-label={`Move ${request.title} up`}
          >
            Up
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={last || move.isPending}
            onClick={() => move.mutate({ requestId: request.id, direction: 'down' })}
            aria-label={`Move ${request.title} down`}
          >
            Down
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(request.id)}
            aria-label={`Cancel request ${request.title}`}
          >
            Cancel request
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** Whether the period's requests are all used: a new one waits for the next, or an extra. */
const periodUsed = (plan: RequestPlan) => {
  const allowance = allowanceOf(plan);
  return allowance !== null && plan.usedThisPeriod >= allowance;
};

function PlanCard({ plan, canSubmit }: { plan: RequestPlan; canSubmit: boolean }) {
  const [open, setOpen] = useState(false);
  const queued = plan.requests.filter((r) => r.state === 'queued');
  const lastQueued = queued.reduce((max, r) => Math.max(max, r.queuePlace ?? 0), 0);
  const shown = [
    ...plan.requests.filter((r) => r.state === 'in-progress' || r.state === 'in-review'),
    ...queued,
    ...plan.requests.filter((r) => r.state === 'done'),
  ];
  return (
    <article className="mt-4 rounded-card border-2 border-ink/15 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="text-xl font-extrabold break-words">{plan.title}</h3>
          <p className="text-sm text-muted">
            {orderName(plan.orderNumber)} · {plan.active} of {plan.activeRequestLimit} active
            {plan.requestsPerPeriod !== null
              ? ` · ${plan.usedThisPeriod} of ${allowanceOf(plan)} this period`
              : ''}
            {plan.extraThisPeriod ? ` (${plan.extraThisPeriod} extra)` : ''}
          </p>
        </div>
        {canSubmit && plan.open && !open && !periodUsed(plan) ? (
          <Button size="sm" onClick={() => setOpen(true)}>
            New request
          </Button>
        ) : null}
      </div>
      {plan.refusal ? <p className="mt-2 text-sm">{plan.refusal}</p> : null}
      <ExtraRequest plan={plan} />
      {open ? <NewRequestForm plan={plan} onDone={() => setOpen(false)} /> : null}
      {shown.length ? (
        <ul className="mt-3" aria-label={`Requests of ${plan.title}`}>
          {shown.map((r) => (
            <RequestRow key={r.id} request={r} last={r.queuePlace === lastQueued} />
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-muted">No requests yet.</p>
      )}
    </article>
  );
}

/**
 * The company's request plans (docs/product.md#request-plans): each plan's use, its requests and
 * queue, and 'New request' for an Owner or Member. Only one plan's, when `planId` is given.
 */
export function RequestPlans({ canSubmit, planId }: { canSubmit: boolean; planId?: string }) {
  const plans = useRequestPlans();
  const list = (plans.data?.plans ?? []).filter((p) => !planId || p.id === planId);
  if (!list.length) return null;
  return (
    <section
      aria-labelledby="request-plans"
      className="mt-8 rounded-card border-2 border-ink bg-paper p-5 sm:p-8"
    >
      <h2 id="request-plans" className="text-3xl font-extrabold">
        Requests
      </h2>
      {list.map((plan) => (
        <PlanCard key={plan.id} plan={plan} canSubmit={canSubmit} />
      ))}
    </section>
  );
}
