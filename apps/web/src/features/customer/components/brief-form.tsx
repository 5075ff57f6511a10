import { FileText } from 'lucide-react';
import { useState } from 'react';
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
import { Spinner } from '@/components/ui/spinner';
import { UploadProgressBar } from '@/components/ui/upload-progress';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useAddBriefEntry, useBriefQuestions } from '../api/brief';
import { AttachmentsField } from './attachments-field';
import { checkIntake, refusalsOf } from './intake-errors';

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
  const [values, setValues] = useState<Record<string, IntakeAnswer>>({});
  const [answerFiles, setAnswerFiles] = useState<Record<string, File[]>>({});
  const [questionErrors, setQuestionErrors] = useState<Record<string, string>>({});
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState('');
  const [nothingToAdd, setNothingToAdd] = useState(false);

  /** The questions changed while the customer answered: keep the answers to unchanged ones. */
  async function takeNewQuestions() {
    const before = new Map(questions.map((q) => [q.id, questionSignature(q)]));
    const fresh = await asked.refetch();
    const now = fresh.data?.questions ?? [];
    const same = (id: string) => {
      const q = now.find((n) => n.id === id);
      return q !== undefined && before.get(id) === questionSignature(q);
    };
    setValues((current) => Object.fromEntries(Object.entries(current).filter(([id]) => same(id))));
    setAnswerFiles((current) =>
      Object.fromEntries(Object.entries(current).filter(([id]) => same(id))),
    );
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (add.isPending) return;
    setQuestionErrors({});
    if (questions.length) {
      const errors = checkIntake(questions, values, answerFiles);
      if (Object.keys(errors).length) {
        setQuestionErrors(errors);
        setFailure('Please check the highlighted questions.');
        return;
      }
      const blank =
        !questions.some((q) => isAnswered(values[q.id]) || (answerFiles[q.id] ?? []).length > 0) &&
        !text.trim() &&
        files.length === 0;
      if (blank && !nothingToAdd) {
        setFailure(EMPTY_BRIEF_MESSAGE);
        return;
      }
    } else if (!text.trim() && files.length === 0) {
      setFailure('Write a few words or attach a file first.');
      return;
    }
    setFailure('');
    setProgress(0);
    try {
      const entry = await add.mutateAsync({
        text: text.trim(),
        files,
        ...(questions.length
          ? { intake: { questions, values, files: answerFiles }, nothingToAdd }
          : {}),
        onProgress: (p) => setProgress(p.fraction),
      });
      setText('');
      setFiles([]);
      setValues({});
      setAnswerFiles({});
      onSent?.(entry);
    } catch (error) {
      if (isApiError(error) && error.code === 'questions_changed') await takeNewQuestions();
      setQuestionErrors(refusalsOf(error, { questions, values, files: answerFiles }));
      setFailure(errorMessage(error, 'Your brief could not be sent.'));
    } finally {
      setProgress(null);
    }
  }

  if (first && asked.isPending) return <Spinner label="Loading the questions" className="py-6" />;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {questions.length ? (
        <IntakeFields
          questions={questions}
          values={values}
          files={answerFiles}
          errors={questionErrors}
          disabled={add.isPending}
          onChange={(id, value) => setValues((current) => ({ ...current, [id]: value }))}
          onFiles={(id, chosen) => setAnswerFiles((current) => ({ ...current, [id]: chosen }))}
          onRefused={(id, message) =>
            setQuestionErrors((current) => ({ ...current, [id]: message }))
          }
        />
      ) : null}
      <fieldset disabled={add.isPending} className="flex min-w-0 flex-col gap-4">
        <Textarea
          label={
            questions.length
              ? 'Anything else we should know?'
              : first
                ? 'Your requirements'
                : 'Add to your brief'
          }
          hint="Goals, audience, deadlines, links, brand guidelines: anything that helps your team."
          value={text}
          maxLength={BRIEF_TEXT_MAX}
          rows={6}
          onChange={(event) => setText(event.target.value)}
        />
        <AttachmentsField
          files={files}
          onFiles={(next) => {
            setFailure('');
            setFiles(next);
          }}
          onRefused={setFailure}
        />
        {questions.length ? (
          <Checkbox
            label="Nothing to add: start with what you have"
            checked={nothingToAdd}
            onCheckedChange={(checked) => setNothingToAdd(checked === true)}
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
    </form>
  );
}
