import { zodResolver } from '@hookform/resolvers/zod';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  isAnswered,
  questionSignature,
  type IntakeAnswer,
  type IntakeQuestion,
} from '@noise/shared/intake';
import { BRIEF_TEXT_MAX, EMPTY_BRIEF_MESSAGE, type BriefEntry } from '@noise/shared/project';
import { IntakeFields } from '@/components/intake/intake-fields';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Form, FormField } from '@/components/ui/form';
import { SERVER } from '@/components/ui/form-refusal';
import { Spinner } from '@/components/ui/spinner';
import { UploadProgressBar } from '@/components/ui/upload-progress';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { useAddBriefEntry, useBriefQuestions } from '../api/brief';
import { AttachmentsField } from './attachments-field';
import { checkIntake, refusalsOf } from './intake-errors';

/** The answers are checked against their questions before sending (`checkIntake`). */
const briefSchema = z.object({
  answers: z.record(z.string(), z.custom<IntakeAnswer>()),
  text: z.string().trim(),
  nothingToAdd: z.boolean(),
});
type BriefValues = z.infer<typeof briefSchema>;

interface BriefFormProps {
  projectId: string;
  /** The first brief is 'requirements'; later ones add to it. */
  first?: boolean;
  onSent?: (entry: BriefEntry) => void;
}

/**
 * Submit Requirements: the service's intake questions when it has some, then text and files for
 * the team (POST /api/projects/{id}/brief). A failed send keeps everything typed and chosen.
 */
export function BriefForm({ projectId, first, onSent }: BriefFormProps) {
  const add = useAddBriefEntry(projectId);
  const asked = useBriefQuestions(projectId, Boolean(first));
  const questions: IntakeQuestion[] =
    first && asked.data && !asked.data.answered ? asked.data.questions : [];
  const form = useForm<BriefValues>({
    resolver: zodResolver(briefSchema),
    defaultValues: { answers: {}, text: '', nothingToAdd: false },
  });
  // The files stay outside the form's values: they are chosen, not typed.
  const [answerFiles, setAnswerFiles] = useState<Record<string, File[]>>({});
  const [files, setFiles] = useState<File[]>([]);
  // Each question's message, by id, from the check before sending or the server's refusal.
  const [questionErrors, setQuestionErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const failure = form.formState.errors.root?.server?.message;
  const refuse = (message: string) => form.setError(SERVER, { message });

  /** The questions changed while the customer answered: keep the answers to unchanged ones. */
  async function takeNewQuestions() {
    const before = new Map(questions.map((q) => [q.id, questionSignature(q)]));
    const fresh = await asked.refetch();
    const now = fresh.data?.questions ?? [];
    const same = (id: string) => {
      const q = now.find((n) => n.id === id);
      return q !== undefined && before.get(id) === questionSignature(q);
    };
    const answers = form.getValues('answers');
    form.setValue(
      'answers',
      Object.fromEntries(Object.entries(answers).filter(([id]) => same(id))),
    );
    setAnswerFiles((current) =>
      Object.fromEntries(Object.entries(current).filter(([id]) => same(id))),
    );
  }

  async function submit({ answers, text, nothingToAdd }: BriefValues) {
    setQuestionErrors({});
    if (questions.length) {
      const errors = checkIntake(questions, answers, answerFiles);
      if (Object.keys(errors).length) {
        setQuestionErrors(errors);
        return refuse('Please check the highlighted questions.');
      }
      const blank =
        !questions.some((q) => isAnswered(answers[q.id]) || (answerFiles[q.id] ?? []).length > 0) &&
        !text &&
        files.length === 0;
      if (blank && !nothingToAdd) return refuse(EMPTY_BRIEF_MESSAGE);
    } else if (!text && files.length === 0) {
      return refuse('Write a few words or attach a file first.');
    }
    setProgress(0);
    try {
      const entry = await add.mutateAsync({
        text,
        files,
        ...(questions.length
          ? { intake: { questions, values: answers, files: answerFiles }, nothingToAdd }
          : {}),
        onProgress: (p) => setProgress(p.fraction),
      });
      form.reset({ answers: {}, text: '', nothingToAdd });
      setFiles([]);
      setAnswerFiles({});
      onSent?.(entry);
    } catch (error) {
      // What was typed and chosen stays; the server's reasons go to their questions.
      if (isApiError(error) && error.code === 'questions_changed') await takeNewQuestions();
      setQuestionErrors(refusalsOf(error, { questions, values: answers, files: answerFiles }));
      throw error;
    } finally {
      setProgress(null);
    }
  }

  if (first && asked.isPending) return <Spinner label="Loading the questions" className="py-6" />;
  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
      {questions.length ? (
        <FormField
          control={form.control}
          name="answers"
          render={(field) => (
            <IntakeFields
              questions={questions}
              values={field.value}
              files={answerFiles}
              errors={questionErrors}
              disabled={add.isPending}
              onChange={(id, value) => field.onChange({ ...field.value, [id]: value })}
              onFiles={(id, chosen) => setAnswerFiles((current) => ({ ...current, [id]: chosen }))}
              onRefused={(id, message) =>
                setQuestionErrors((current) => ({ ...current, [id]: message }))
              }
            />
          )}
        />
      ) : null}
      <fieldset disabled={add.isPending} className="flex min-w-0 flex-col gap-4">
        <FormField
          control={form.control}
          name="text"
          render={(field) => (
            <Textarea
              label={
                questions.length
                  ? 'Anything else we should know?'
                  : first
                    ? 'Your requirements'
                    : 'Add to your brief'
              }
              hint="Goals, audience, deadlines, links, brand guidelines: anything that helps your team."
              maxLength={BRIEF_TEXT_MAX}
              rows={6}
              {...field}
            />
          )}
        />
        <AttachmentsField
          files={files}
          onFiles={(next) => {
            form.clearErrors(SERVER);
            setFiles(next);
          }}
          onRefused={refuse}
        />
        {questions.length ? (
          <FormField
            control={form.control}
            name="nothingToAdd"
            render={(field) => (
              <Checkbox
                label="Nothing to add: start with what you have"
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
              />
            )}
          />
        ) : null}
      </fieldset>
      {progress !== null && files.length ? <UploadProgressBar fraction={progress} /> : null}
      {failure ? (
        <p
          role="alert"
          className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger"
        >
          {failure}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={add.isPending}>
          <FileText aria-hidden="true" />
          {add.isPending ? 'Sending...' : first ? 'Submit Requirements' : 'Add to brief'}
        </Button>
      </div>
    </Form>
  );
}
