import { useId } from 'react';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_TYPES_TEXT,
  isAttachableFile,
} from '@noise/shared/attachments';
import type { IntakeAnswer, IntakeQuestion } from '@noise/shared/intake';
import { Checkbox } from '@/components/ui/checkbox';
import { describedBy, Field } from '@/components/ui/field';
import { FilesToSend } from '@/components/ui/files-to-send';
import { TextInput } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

export interface IntakeFieldsProps {
  questions: readonly IntakeQuestion[];
  values: Record<string, IntakeAnswer>;
  files: Record<string, File[]>;
  /** Each question's own message, by question id. */
  errors?: Record<string, string>;
  onChange?: (id: string, value: IntakeAnswer) => void;
  onFiles?: (id: string, files: File[]) => void;
  /** Files of a type no brief takes were left out of a file question: `message` says so. */
  onRefused?: (id: string, message: string) => void;
  disabled?: boolean;
}

const FILE_INPUT =
  'block w-full cursor-pointer rounded-xl border-2 border-dashed border-line bg-paper p-2 text-sm text-muted file:mr-4 file:cursor-pointer file:rounded-full file:border-0 file:bg-ink file:px-4 file:py-2 file:text-sm file:font-semibold file:text-paper hover:border-ink/40 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent-strong';

/** A group of choices (radio buttons) with the question as its legend. */
function ChoiceGroup({
  question,
  error,
  children,
}: {
  question: IntakeQuestion;
  error?: string;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-2"
      aria-describedby={error ? `${id}-error` : question.help ? `${id}-hint` : undefined}
    >
      <legend className="mb-1.5 flex gap-0.5 text-sm font-semibold text-ink">
        {question.label}
        {question.required ? (
          <span aria-hidden="true" className="text-accent-strong">
            *
          </span>
        ) : null}
      </legend>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : question.help ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {question.help}
        </p>
      ) : null}
    </fieldset>
  );
}

function Radio({
  name,
  label,
  checked,
  disabled,
  onSelect,
}: {
  name: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  onSelect: () => void;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-3 text-sm font-medium">
      <input
        type="radio"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
        className="size-5 accent-(--color-ink)"
      />
      {label}
    </label>
  );
}

/**
 * The service's intake questions as the customer answers them (docs/decisions/058), controlled
 * by the page that holds the answers; staff see the same in the service form's preview.
 */
export function IntakeFields({
  questions,
  values,
  files,
  errors = {},
  onChange = () => undefined,
  onFiles = () => undefined,
  onRefused = () => undefined,
  disabled,
}: IntakeFieldsProps) {
  const baseId = useId();
  return (
    <div className="flex flex-col gap-5">
      {questions.map((q) => {
        const id = `${baseId}-${q.id}`;
        const value = values[q.id];
        const error = errors[q.id];
        const text = typeof value === 'string' ? value : '';
        const common = {
          id,
          label: q.label,
          required: q.required,
          hint: q.help || undefined,
          error,
          disabled,
        };
        switch (q.kind) {
          case 'short-text':
            return (
              <TextInput
                key={q.id}
                {...common}
                value={text}
                maxLength={500}
                onChange={(e) => onChange(q.id, e.target.value)}
              />
            );
          case 'long-text':
            return (
              <Textarea
                key={q.id}
                {...common}
                rows={4}
                value={text}
                maxLength={10_000}
                onChange={(e) => onChange(q.id, e.target.value)}
              />
            );
          case 'date':
            return (
              <TextInput
                key={q.id}
                {...common}
                type="date"
                value={text}
                onChange={(e) => onChange(q.id, e.target.value)}
              />
            );
          case 'link':
            return (
              <TextInput
                key={q.id}
                {...common}
                type="url"
                inputMode="url"
                placeholder="https://"
                value={text}
                maxLength={2000}
                onChange={(e) => onChange(q.id, e.target.value)}
              />
            );
          case 'single-choice':
            return (
              <ChoiceGroup key={q.id} question={q} error={error}>
                {q.options.map((option) => (
                  <Radio
                    key={option}
                    name={id}
                    label={option}
                    checked={value === option}
                    disabled={disabled}
                    onSelect={() => onChange(q.id, option)}
                  />
                ))}
              </ChoiceGroup>
            );
          case 'yes-no':
            return (
              <ChoiceGroup key={q.id} question={q} error={error}>
                <div className="flex gap-6">
                  <Radio
                    name={id}
                    label="Yes"
                    checked={value === true}
                    disabled={disabled}
                    onSelect={() => onChange(q.id, true)}
                  />
                  <Radio
                    name={id}
                    label="No"
                    checked={value === false}
                    disabled={disabled}
                    onSelect={() => onChange(q.id, false)}
                  />
                </div>
              </ChoiceGroup>
            );
          case 'multiple-choice': {
            const chosen = Array.isArray(value) ? value : [];
            return (
              <ChoiceGroup key={q.id} question={q} error={error}>
                {q.options.map((option) => (
                  <Checkbox
                    key={option}
                    label={option}
                    checked={chosen.includes(option)}
                    disabled={disabled}
                    onCheckedChange={(on) =>
                      onChange(
                        q.id,
                        q.options.filter((o) => (o === option ? on === true : chosen.includes(o))),
                      )
                    }
                  />
                ))}
              </ChoiceGroup>
            );
          }
          case 'file': {
            const list = files[q.id] ?? [];
            return (
              <div key={q.id} className="flex flex-col gap-2">
                <Field {...common}>
                  <input
                    id={id}
                    type="file"
                    accept={ATTACHMENT_ACCEPT}
                    multiple
                    disabled={disabled}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={describedBy(id, error, q.help)}
                    onChange={(event) => {
                      const chosen = Array.from(event.target.files ?? []);
                      const picked = chosen.filter(isAttachableFile);
                      event.target.value = '';
                      if (picked.length < chosen.length) {
                        onRefused(q.id, `Only ${ATTACHMENT_TYPES_TEXT} can be attached.`);
                      }
                      if (picked.length) onFiles(q.id, [...list, ...picked].slice(0, 10));
                    }}
                    className={FILE_INPUT}
                  />
                </Field>
                <FilesToSend
                  files={list}
                  onRemove={(index) =>
                    onFiles(
                      q.id,
                      list.filter((_, i) => i !== index),
                    )
                  }
                />
              </div>
            );
          }
        }
      })}
    </div>
  );
}
