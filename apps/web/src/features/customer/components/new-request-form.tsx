import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { IntakeAnswer, IntakeQuestion } from '@noise/shared/intake';
import { submitRequestSchema, type RequestPlan } from '@noise/shared/requests';
import { IntakeFields } from '@/components/intake/intake-fields';
import { Button } from '@/components/ui/button';
import { Form, FormField } from '@/components/ui/form';
import { SERVER } from '@/components/ui/form-refusal';
import { TextInput } from '@/components/ui/input';
import { UploadProgressBar } from '@/components/ui/upload-progress';
import { isApiError } from '@/lib/api-client';
import { requestPlansQuery, useSubmitRequest } from '../api/requests';
import { AttachmentsField } from './attachments-field';
import { checkIntake, refusalsOf } from './intake-errors';

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
export function NewRequestForm({ plan, onDone }: { plan: RequestPlan; onDone: () => void }) {
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
