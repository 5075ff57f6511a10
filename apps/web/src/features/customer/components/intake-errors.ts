import { intakeAnswersSchema, type IntakeAnswer, type IntakeQuestion } from '@noise/shared/intake';
import { isApiError } from '@/lib/api-client';
import { answerFileQuestionIds, type IntakeSubmission } from '../api/brief';

/**
 * What a first brief and a new request share (docs/product.md#request-plans): the check of the
 * intake answers before sending, and the server's refusals put at their questions.
 */

/** Each question's message, by question id, from the answers' schema or the server's details. */
export function errorsByQuestion(issues: { path: string; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const { path, message } of issues) {
    const id = path.replace(/^answers\./, '');
    errors[id] ??= message;
  }
  return errors;
}

/** The answers checked as the server checks them: each question's message, none when good. */
export function checkIntake(
  questions: readonly IntakeQuestion[],
  values: Record<string, IntakeAnswer>,
  files: Record<string, File[]>,
): Record<string, string> {
  const names = Object.fromEntries(
    questions
      .filter((q) => q.kind === 'file')
      .map((q) => [q.id, (files[q.id] ?? []).map((f) => f.name)]),
  );
  const checked = intakeAnswersSchema(questions).safeParse({ ...values, ...names });
  if (checked.success) return {};
  return errorsByQuestion(
    checked.error.issues.map((i) => ({ path: String(i.path[0]), message: i.message })),
  );
}

/**
 * The server's refusal by field: an answer's by its question, a refused file of a question
 * (`answerFiles.2`) by the question it was sent for, a refused attachment as `attachments`.
 */
export function refusalsOf(error: unknown, intake: IntakeSubmission): Record<string, string> {
  if (!isApiError(error)) return {};
  const sentFor = answerFileQuestionIds(intake);
  return errorsByQuestion(
    error.details.map(({ path, message }) => {
      const file = /^answerFiles\.(\d+)$/.exec(path);
      if (file) return { path: sentFor[Number(file[1])] ?? path, message };
      return { path: path.replace(/^attachments\.\d+$/, 'attachments'), message };
    }),
  );
}
