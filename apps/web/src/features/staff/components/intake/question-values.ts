import { z } from 'zod';
import { questionKinds, type IntakeQuestion } from '@noise/shared/intake';
import { REQUIRED_MESSAGE } from '@/components/ui/field';

/** Choices as typed, one per line. */
export const optionLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * An intake question as the staff forms hold it (docs/decisions/058): choices one per line. The
 * service form and the quote form share it.
 */
export const questionValuesSchema = z
  .object({
    id: z.string(),
    kind: z.enum(questionKinds),
    label: z.string().refine((v) => v.trim() !== '', { message: REQUIRED_MESSAGE }),
    help: z.string(),
    required: z.boolean(),
    options: z.string(),
  })
  .refine(
    (q) =>
      (q.kind !== 'single-choice' && q.kind !== 'multiple-choice') ||
      optionLines(q.options).length >= 2,
    { message: 'Give at least two choices, one per line', path: ['options'] },
  );

export type QuestionValues = z.infer<typeof questionValuesSchema>;

/** A form that edits a list of intake questions under `intakeQuestions`. */
export const questionsFormSchema = z.object({ intakeQuestions: z.array(questionValuesSchema) });
export type QuestionsFormValues = z.infer<typeof questionsFormSchema>;

/** A new question with an id of its own: answers are kept by it. */
export const newQuestion = (): QuestionValues => ({
  id: `q${Math.random().toString(36).slice(2, 10)}`,
  kind: 'short-text',
  label: '',
  help: '',
  required: false,
  options: '',
});

/** Stored questions as the form edits them. */
export const toQuestionValues = (questions: readonly IntakeQuestion[]): QuestionValues[] =>
  questions.map((q) => ({ ...q, options: q.options.join('\n') }));

/** The questions as the server takes them (and the preview shows them). */
export function toQuestions(values: QuestionValues[]): IntakeQuestion[] {
  return values.map((q) => ({
    id: q.id,
    kind: q.kind,
    label: q.label.trim(),
    help: q.help.trim(),
    required: q.required,
    options:
      q.kind === 'single-choice' || q.kind === 'multiple-choice' ? optionLines(q.options) : [],
  }));
}
