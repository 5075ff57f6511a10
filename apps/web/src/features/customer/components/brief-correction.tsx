import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { IntakeAnswer, IntakeQuestion } from '@noise/shared/intake';
import { BRIEF_TEXT_MAX, type BriefEntry } from '@noise/shared/project';
import { IntakeFields } from '@/components/intake/intake-fields';
import { Button } from '@/components/ui/button';
import { Form, FormField } from '@/components/ui/form';
import { SERVER } from '@/components/ui/form-refusal';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { useCorrectBriefEntry } from '../api/brief';
import { checkIntake, errorsByQuestion } from './intake-errors';

/** The entry's questions as they were asked, but for file questions (their files stay). */
function questionsOf(entry: BriefEntry): IntakeQuestion[] {
  return (entry.answers ?? [])
    .filter((a) => a.kind !== 'file')
    .map((a) => ({
      id: a.questionId,
      kind: a.kind as IntakeQuestion['kind'],
      label: a.label,
      help: '',
      required: a.required,
      options: a.options,
    }));
}

/** The answers are checked against their questions before sending (`checkIntake`). */
const correctionSchema = z.object({
  answers: z.record(z.string(), z.custom<IntakeAnswer>()),
  text: z.string(),
});
type CorrectionValues = z.infer<typeof correctionSchema>;

/**
 * Correcting what the client sent, before work starts (docs/product.md#project-page): the answers
 * and words, filled in as they are. A refused save keeps what was typed and says why.
 */
export function BriefCorrection({
  projectId,
  entry,
  onDone,
}: {
  projectId: string;
  entry: BriefEntry;
  onDone: () => void;
}) {
  const save = useCorrectBriefEntry(projectId, entry._id);
  const questions = questionsOf(entry);
  const form = useForm<CorrectionValues>({
    resolver: zodResolver(correctionSchema),
    defaultValues: {
      answers: Object.fromEntries(questions.map((q) => [q.id, answerOf(entry, q.id)])),
      text: entry.text,
    },
  });
  // Each question's message, by id, from the check before sending or the server's refusal.
  const [errors, setErrors] = useState<Record<string, string>>({});
  const failure = form.formState.errors.root?.server?.message;

  async function submit({ answers, text }: CorrectionValues) {
    const checked = checkIntake(questions, answers, {});
    setErrors(checked);
    if (Object.keys(checked).length) {
      form.setError(SERVER, { message: 'Please check the highlighted questions.' });
      return;
    }
    try {
      await save.mutateAsync({ text, ...(entry.answers ? { answers } : {}) });
      onDone();
    } catch (error) {
      // What was typed stays; the server's reasons go to their questions.
      setErrors(errorsByQuestion(isApiError(error) ? error.details : []));
      throw error;
    }
  }

  return (
    <Form
      form={form}
      onSubmit={submit}
      aria-label="Correct the brief"
      className="mt-3 flex flex-col gap-4"
    >
      {questions.length ? (
        <FormField
          control={form.control}
          name="answers"
          render={(field) => (
            <IntakeFields
              questions={questions}
              values={field.value}
              files={{}}
              errors={errors}
              disabled={save.isPending}
              onChange={(id, value) => field.onChange({ ...field.value, [id]: value })}
            />
          )}
        />
      ) : null}
      {entry.answers?.some((a) => a.kind === 'file') ? (
        <p className="text-sm text-muted">
          Files you sent stay as they are: add more with &lsquo;Add to brief&rsquo; below.
        </p>
      ) : null}
      <FormField
        control={form.control}
        name="text"
        render={(field) => (
          <Textarea
            label={entry.answers ? 'Anything else we should know?' : 'Your requirements'}
            maxLength={BRIEF_TEXT_MAX}
            rows={5}
            disabled={save.isPending}
            {...field}
          />
        )}
      />
      {failure ? (
        <p
          role="alert"
          className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger"
        >
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save correction'}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

function answerOf(entry: BriefEntry, questionId: string): IntakeAnswer {
  return entry.answers?.find((a) => a.questionId === questionId)?.answer ?? null;
}
