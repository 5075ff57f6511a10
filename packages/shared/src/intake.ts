import { z } from 'zod';
import { isLocalDate } from './dates.ts';

/**
 * Intake questions (docs/decisions/058): what a service asks its buyer in the brief, defined by
 * staff on the service form. The browser and the server check the answers with the same schema,
 * built here from the questions themselves.
 */

export const questionKinds = [
  'short-text',
  'long-text',
  'single-choice',
  'multiple-choice',
  'yes-no',
  'date',
  'link',
  'file',
] as const;
export type QuestionKind = (typeof questionKinds)[number];

export const questionKindLabels: Record<QuestionKind, string> = {
  'short-text': 'Short text',
  'long-text': 'Long text',
  'single-choice': 'Single choice',
  'multiple-choice': 'Multiple choice',
  'yes-no': 'Yes or no',
  date: 'Date',
  link: 'Link',
  file: 'File upload',
};

export const MAX_QUESTIONS = 30;
export const MAX_OPTIONS = 20;
const SHORT_TEXT_MAX = 500;
const LONG_TEXT_MAX = 10_000;
const LINK_MAX = 2000;

const hasOptions = (kind: QuestionKind) => kind === 'single-choice' || kind === 'multiple-choice';

export const intakeQuestionSchema = z
  .object({
    /** Stable across edits: answers are kept by it while the question itself stays the same. */
    id: z.string().trim().min(1).max(40),
    kind: z.enum(questionKinds, { message: 'Choose what kind of answer the question takes' }),
    label: z
      .string({ message: 'Each question needs its wording' })
      .trim()
      .min(1, 'Each question needs its wording')
      .max(200, 'A question is at most 200 characters'),
    help: z.string().trim().max(500, 'Help text is at most 500 characters').default(''),
    required: z.boolean().default(false),
    options: z
      .array(z.string().trim().min(1, 'A choice cannot be empty').max(100))
      .max(MAX_OPTIONS, `At most ${MAX_OPTIONS} choices`)
      .default([]),
  })
  .transform((q) => ({ ...q, options: hasOptions(q.kind) ? q.options : [] }))
  .refine((q) => !hasOptions(q.kind) || q.options.length >= 2, {
    message: 'A choice question needs at least two choices',
    path: ['options'],
  })
  .refine((q) => new Set(q.options.map((o) => o.toLowerCase())).size === q.options.length, {
    message: 'Each choice must be different',
    path: ['options'],
  });
export type IntakeQuestion = z.output<typeof intakeQuestionSchema>;

/** A question as the API answers it (a plain shape: response schemas take no transforms). */
export const savedQuestionSchema = z.object({
  id: z.string(),
  kind: z.enum(questionKinds),
  label: z.string(),
  help: z.string(),
  required: z.boolean(),
  options: z.array(z.string()),
});

export const intakeQuestionsSchema = z
  .array(intakeQuestionSchema)
  .max(MAX_QUESTIONS, `At most ${MAX_QUESTIONS} questions`)
  .refine(
    (qs) => new Set(qs.map((q) => q.id)).size === qs.length,
    'Each question needs its own id',
  );

/**
 * A question as it was asked: what a sent brief keeps, so later edits of the service never change
 * it. Two questions are 'the same' for a kept answer when this signature matches.
 */
export function questionSignature(q: IntakeQuestion): string {
  return JSON.stringify([q.id, q.kind, q.label, q.required, q.options]);
}

/** An answer as stored and shown: text, a choice or choices, yes/no, a date, a link, or files. */
export type IntakeAnswer = string | string[] | boolean | null;

/** Whether an answer says anything: not blank text, not an empty choice of many, not missing. */
export function isAnswered(value: IntakeAnswer | undefined): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** One answer as words: 'Yes', 'Web, Print', the text, or '—' when not answered. */
export function answerText(value: IntakeAnswer | undefined): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  return value;
}

/** A brief's answers, with the questions as they were asked. */
export interface BriefAnswers {
  questions: IntakeQuestion[];
  answers: Record<string, IntakeAnswer>;
}

const isLink = (v: string) => {
  try {
    const url = new URL(v);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** 'www.example.com' is a link too: a missing scheme is read as https. */
export function normaliseLink(value: string): string {
  const v = value.trim();
  return v && !/^[a-z][a-z0-9+.-]*:/i.test(v) ? `https://${v}` : v;
}

/**
 * The answers of one brief, checked against its questions. Keys are question ids; file questions
 * are answered with the names of the files sent for them (the upload itself is checked by its
 * bytes on the server). Each refusal carries the question's own words.
 */
export function intakeAnswersSchema(questions: readonly IntakeQuestion[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const q of questions) {
    const needed = `Please answer '${q.label}'`;
    const empty = (v: unknown) =>
      v === undefined ||
      v === null ||
      (typeof v === 'string' && v.trim() === '') ||
      (Array.isArray(v) && v.length === 0);
    const optional = <T extends z.ZodType>(schema: T) =>
      z.unknown().superRefine((v, ctx) => {
        if (empty(v)) {
          if (q.required) ctx.addIssue({ code: 'custom', message: needed });
          return;
        }
        const parsed = schema.safeParse(v);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? needed });
        }
      });
    const text = (max: number) =>
      z
        .string({ message: needed })
        .max(max, `'${q.label}' is at most ${max.toLocaleString('en-AU')} characters`);
    switch (q.kind) {
      case 'short-text':
        shape[q.id] = optional(text(SHORT_TEXT_MAX));
        break;
      case 'long-text':
        shape[q.id] = optional(text(LONG_TEXT_MAX));
        break;
      case 'single-choice':
        shape[q.id] = optional(
          z
            .string()
            .refine((v) => q.options.includes(v), `Choose one of the answers to '${q.label}'`),
        );
        break;
      case 'multiple-choice':
        shape[q.id] = optional(
          z
            .array(z.string(), { message: `Choose from the answers to '${q.label}'` })
            .refine(
              (v) => v.every((o) => q.options.includes(o)) && new Set(v).size === v.length,
              `Choose from the answers to '${q.label}'`,
            ),
        );
        break;
      case 'yes-no':
        shape[q.id] = optional(z.boolean({ message: `Answer '${q.label}' with yes or no` }));
        break;
      case 'date':
        shape[q.id] = optional(
          z.string().refine(isLocalDate, `Give '${q.label}' as a real date, like 2026-01-31`),
        );
        break;
      case 'link':
        shape[q.id] = optional(
          z
            .string()
            .max(LINK_MAX, `'${q.label}' is too long for a link`)
            .transform(normaliseLink)
            .refine(isLink, `Give '${q.label}' as a web address, like https://example.com`),
        );
        break;
      case 'file':
        shape[q.id] = optional(
          z.array(z.string(), { message: `Attach a file for '${q.label}'` }).max(10),
        );
        break;
    }
  }
  // An unanswered question may be missing from the answers: it is read as empty.
  const unanswered = Object.fromEntries(questions.map((q) => [q.id, null]));
  return z.preprocess(
    (v) => (v && typeof v === 'object' && !Array.isArray(v) ? { ...unanswered, ...v } : v),
    z.object(shape),
  );
}
