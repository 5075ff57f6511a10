import { ArrowDown, ArrowUp, Eye, GripVertical, Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { MAX_QUESTIONS, questionKindLabels, questionKinds } from '@noise/shared/intake';
import type { IntakeAnswer } from '@noise/shared/intake';
import { IntakeFields } from '@/components/intake/intake-fields';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { StaffSection } from '../page-header';
import { useConfirm } from '../use-confirm';
import { newQuestion, toQuestions, type QuestionsFormValues } from './question-values';

const kindOptions = questionKinds.map((kind) => ({ value: kind, label: questionKindLabels[kind] }));

/**
 * The intake questions a service or a custom quote asks in its brief (docs/decisions/058).
 * Reordered by dragging a question's handle or with its 'Move up' and 'Move down' buttons (the
 * keyboard's way); the preview shows them as the customer will. `lead` goes above the questions
 * (the quote form's 'Start from a service'). It edits `intakeQuestions` of the form around it
 * (a FormProvider): the service form's own, or the quote form's questions form.
 */
export function IntakeQuestionsEditor({
  title = 'Intake questions',
  lead,
  disabled = false,
}: {
  title?: string;
  lead?: ReactNode;
  disabled?: boolean;
}) {
  const form = useFormContext<QuestionsFormValues>();
  const [confirm, confirmElement] = useConfirm();
  const questions = useFieldArray({ control: form.control, name: 'intakeQuestions' });
  const watched = useWatch({ control: form.control, name: 'intakeQuestions' });
  const [dragged, setDragged] = useState<number | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [previewValues, setPreviewValues] = useState<Record<string, IntakeAnswer>>({});
  const [previewFiles, setPreviewFiles] = useState<Record<string, File[]>>({});
  const count = questions.fields.length;

  return (
    <StaffSection
      title={title}
      description="What the brief asks the customer after paying. With none, they write a free-text brief."
      actions={
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || count >= MAX_QUESTIONS}
          onClick={() => questions.append(newQuestion())}
        >
          <Plus aria-hidden="true" />
          Add Question
        </Button>
      }
    >
      {lead}
      {count === 0 ? (
        <p className="text-sm text-muted">No questions: the brief is free text.</p>
      ) : (
        <fieldset disabled={disabled} className="min-w-0">
          <ol className="flex flex-col gap-5">
            {questions.fields.map((field, index) => {
              const kind = watched?.[index]?.kind ?? field.kind;
              const choice = kind === 'single-choice' || kind === 'multiple-choice';
              return (
                <li
                  key={field.id}
                  onDragOver={(event) => {
                    if (dragged !== null) event.preventDefault();
                  }}
                  onDrop={(event) => {
                    event.preventDefault();
                    if (dragged !== null && dragged !== index) questions.move(dragged, index);
                    setDragged(null);
                  }}
                  className={
                    dragged === index
                      ? 'rounded-xl border-2 border-dashed border-ink/40 p-4 opacity-60 sm:p-5'
                      : 'rounded-xl border-2 border-line p-4 sm:p-5'
                  }
                >
                  <div className="mb-3 flex flex-wrap items-center gap-2">
                    <span
                      draggable={!disabled}
                      onDragStart={(event) => {
                        event.dataTransfer.effectAllowed = 'move';
                        setDragged(index);
                      }}
                      onDragEnd={() => setDragged(null)}
                      title="Drag to reorder"
                      className="cursor-grab text-muted"
                    >
                      <GripVertical aria-hidden="true" className="size-5" />
                    </span>
                    <h3 className="font-display text-lg font-bold">Question {index + 1}</h3>
                    <div className="ml-auto flex gap-1">
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={index === 0}
                        onClick={() => questions.move(index, index - 1)}
                      >
                        <ArrowUp aria-hidden="true" />
                        <span className="sr-only">Move question {index + 1} up</span>
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={index === count - 1}
                        onClick={() => questions.move(index, index + 1)}
                      >
                        <ArrowDown aria-hidden="true" />
                        <span className="sr-only">Move question {index + 1} down</span>
                      </Button>
                    </div>
                  </div>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <FormField
                      control={form.control}
                      name={`intakeQuestions.${index}.label`}
                      render={(input) => (
                        <TextInput label="Question" required maxLength={200} {...input} />
                      )}
                    />
                    <FormField
                      control={form.control}
                      name={`intakeQuestions.${index}.kind`}
                      render={(input) => (
                        <Select label="Answer type" options={kindOptions} {...input} />
                      )}
                    />
                    <FormField
                      control={form.control}
                      name={`intakeQuestions.${index}.help`}
                      render={(input) => (
                        <TextInput
                          label="Help text"
                          maxLength={500}
                          hint="Shown under the question."
                          {...input}
                        />
                      )}
                    />
                    {choice ? (
                      <FormField
                        control={form.control}
                        name={`intakeQuestions.${index}.options`}
                        render={(input) => (
                          <Textarea
                            label="Choices"
                            rows={3}
                            hint="One per line, at least two."
                            {...input}
                          />
                        )}
                      />
                    ) : null}
                    <div className="sm:col-span-2">
                      <FormField
                        control={form.control}
                        name={`intakeQuestions.${index}.required`}
                        render={(input) => (
                          <Checkbox
                            label="Required"
                            name={input.name}
                            checked={input.value}
                            onCheckedChange={(on) => input.onChange(on === true)}
                            onBlur={input.onBlur}
                            ref={input.ref}
                          />
                        )}
                      />
                    </div>
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="mt-4 text-danger"
                    onClick={() =>
                      void confirm('Are you sure you want to remove this question?').then(
                        (yes) => yes && questions.remove(index),
                      )
                    }
                  >
                    <Trash2 aria-hidden="true" />
                    Remove question
                  </Button>
                </li>
              );
            })}
          </ol>
        </fieldset>
      )}
      {count > 0 ? (
        <div className="mt-5">
          <Button variant="outline" size="sm" onClick={() => setPreviewing((on) => !on)}>
            <Eye aria-hidden="true" />
            {previewing ? 'Hide preview' : 'Preview as the customer sees it'}
          </Button>
          {previewing ? (
            <div
              aria-label="Preview of the questions"
              role="region"
              className="mt-4 rounded-xl bg-canvas p-4 sm:p-5"
            >
              <IntakeFields
                questions={toQuestions(watched ?? [])}
                values={previewValues}
                files={previewFiles}
                onChange={(id, value) => setPreviewValues((v) => ({ ...v, [id]: value }))}
                onFiles={(id, files) => setPreviewFiles((f) => ({ ...f, [id]: files }))}
              />
            </div>
          ) : null}
        </div>
      ) : null}
      {confirmElement}
    </StaffSection>
  );
}
