import { zodResolver } from '@hookform/resolvers/zod';
import { Paperclip, RotateCcw, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_TYPES_TEXT,
  isAttachableFile,
} from '@noise/shared/attachments';
import { MESSAGE_MAX_FILES, MESSAGE_TEXT_MAX } from '@noise/shared/messages';
import { questionText } from '@noise/shared/questions';
import { useAskQuestion } from '@/components/messages/questions-api';
import { Button } from '@/components/ui/button';
import { FilesToSend } from '@/components/ui/files-to-send';
import { Form, FormField } from '@/components/ui/form';
import { SERVER } from '@/components/ui/form-refusal';
import { Textarea } from '@/components/ui/textarea';
import { UploadProgressBar } from '@/components/ui/upload-progress';
import { ASK_QUESTION_HINT } from './dashboard-skeletons';

const questionSchema = z.object({ text: questionText });
type QuestionValues = z.infer<typeof questionSchema>;

/**
 * 'Ask us anything' (docs/product.md#ask-us-anything): a question outside any order, with files.
 * A blank question is refused here as on the server; a failed send keeps the text and files.
 * Once asked, the question's conversation opens.
 */
export function AskQuestionForm() {
  const ask = useAskQuestion();
  const navigate = useNavigate();
  const fileInputId = useId();
  const form = useForm<QuestionValues>({
    resolver: zodResolver(questionSchema),
    defaultValues: { text: '' },
  });
  const text = useWatch({ control: form.control, name: 'text' });
  // The files stay outside the form's values: they are chosen, not typed.
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  // A refused file and a failed send show in one alert.
  const failure = form.formState.errors.root?.server?.message;

  function addFiles(chosen: File[]) {
    form.clearErrors(SERVER);
    const accepted = chosen.filter(isAttachableFile);
    if (accepted.length < chosen.length) {
      form.setError(SERVER, { message: `Only ${ATTACHMENT_TYPES_TEXT} can be attached.` });
    }
    setFiles((current) => [...current, ...accepted].slice(0, MESSAGE_MAX_FILES));
  }

  async function submit(values: QuestionValues) {
    setProgress(0);
    try {
      const question = await ask.mutateAsync({
        text: values.text,
        files,
        onProgress: (p) => setProgress(p.fraction),
      });
      form.reset();
      setFiles([]);
      navigate(`/dashboard/questions/${question._id}`);
    } finally {
      // A refusal keeps what was typed and attached, to send again.
      setProgress(null);
    }
  }

  return (
    <Form
      form={form}
      aria-label="Ask us anything"
      onSubmit={submit}
      className="flex flex-col gap-3"
    >
      <FormField
        control={form.control}
        name="text"
        render={(field) => (
          <Textarea
            label="Your question"
            rows={4}
            maxLength={MESSAGE_TEXT_MAX}
            disabled={ask.isPending}
            hint={ASK_QUESTION_HINT}
            {...field}
          />
        )}
      />
      <FilesToSend
        files={files}
        onRemove={(index) => setFiles((current) => current.filter((_, i) => i !== index))}
      />
      {progress !== null && files.length ? <UploadProgressBar fraction={progress} /> : null}
      {failure ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger"
        >
          <span>Not sent – {failure}</span>
          {text.trim() ? (
            <Button type="submit" variant="outline" size="sm">
              <RotateCcw aria-hidden="true" />
              Retry
            </Button>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={fileInputId}
          className="inline-flex cursor-pointer items-center gap-2 rounded-full border-2 border-line px-4 py-2 text-sm font-semibold hover:border-ink has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent-strong"
        >
          <Paperclip aria-hidden="true" className="size-4" />
          Attach files
          <input
            id={fileInputId}
            type="file"
            accept={ATTACHMENT_ACCEPT}
            multiple
            className="sr-only"
            onChange={(event) => {
              const chosen = Array.from(event.target.files ?? []);
              event.target.value = '';
              if (chosen.length) addFiles(chosen);
            }}
          />
        </label>
        <Button type="submit" disabled={ask.isPending}>
          <Send aria-hidden="true" />
          {ask.isPending ? 'Sending...' : 'Ask'}
        </Button>
      </div>
    </Form>
  );
}
