import { useState, type FormEvent } from 'react';
import { intakeAnswersSchema, type IntakeAnswer, type IntakeQuestion } from '@noise/shared/intake';
import { BRIEF_TEXT_MAX, type BriefEntry } from '@noise/shared/project';
import { IntakeFields } from '@/components/intake/intake-fields';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useCorrectBriefEntry } from '../api/brief';

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
  const [values, setValues] = useState<Record<string, IntakeAnswer>>(() =>
    Object.fromEntries(questions.map((q) => [q.id, answerOf(entry, q.id)])),
  );
  const [text, setText] = useState(entry.text);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    setErrors({});
    const checked = intakeAnswersSchema(questions).safeParse(values);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])),
      );
      setFailure('Please check the highlighted questions.');
      return;
    }
    setFailure('');
    try {
      await save.mutateAsync({ text, ...(entry.answers ? { answers: values } : {}) });
      onDone();
    } catch (error) {
      if (isApiError(error)) {
        setErrors(
          Object.fromEntries(
            error.details.map((d) => [d.path.replace(/^answers\./, ''), d.message]),
          ),
        );
      }
      setFailure(errorMessage(error, 'Your correction could not be saved.'));
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Correct the brief"
      className="mt-3 flex flex-col gap-4"
    >
      {questions.length ? (
        <IntakeFields
          questions={questions}
          values={values}
          files={{}}
          errors={errors}
          disabled={save.isPending}
          onChange={(id, value) => setValues((current) => ({ ...current, [id]: value }))}
        />
      ) : null}
      {entry.answers?.some((a) => a.kind === 'file') ? (
        <p className="text-sm text-muted">
          Files you sent stay as they are: add more with &lsquo;Add to brief&rsquo; below.
        </p>
      ) : null}
      <Textarea
        label={entry.answers ? 'Anything else we should know?' : 'Your requirements'}
        value={text}
        maxLength={BRIEF_TEXT_MAX}
        rows={5}
        disabled={save.isPending}
        onChange={(event) => setText(event.target.value)}
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
    </form>
  );
}

function answerOf(entry: BriefEntry, questionId: string): IntakeAnswer {
  return entry.answers?.find((a) => a.questionId === questionId)?.answer ?? null;
}
