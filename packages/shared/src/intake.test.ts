import { describe, expect, it } from 'vitest';
import { intakeAnswersSchema, intakeQuestionsSchema, questionSignature } from './intake.ts';

const questions = intakeQuestionsSchema.parse([
  { id: 'brand', kind: 'short-text', label: 'Brand name', required: true },
  { id: 'style', kind: 'single-choice', label: 'Style', options: ['Bold', 'Calm'] },
  { id: 'uses', kind: 'multiple-choice', label: 'Where used', options: ['Web', 'Print'] },
  { id: 'rush', kind: 'yes-no', label: 'Rush?' },
  { id: 'launch', kind: 'date', label: 'Launch date' },
  { id: 'site', kind: 'link', label: 'Website' },
  { id: 'logo', kind: 'file', label: 'Current logo', required: true },
]);
const check = (answers: object) => intakeAnswersSchema(questions).safeParse(answers);
const messages = (answers: object) => {
  const result = check(answers);
  return result.success ? [] : result.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
};

describe('intake questions', () => {
  it('refuses a choice question without two different choices, and drops choices elsewhere', () => {
    const one = intakeQuestionsSchema.safeParse([
      { id: 'a', kind: 'single-choice', label: 'Pick', options: ['Only'] },
    ]);
    expect(one.success).toBe(false);
    const twice = intakeQuestionsSchema.safeParse([
      { id: 'a', kind: 'multiple-choice', label: 'Pick', options: ['Web', 'web'] },
    ]);
    expect(twice.success).toBe(false);
    const text = intakeQuestionsSchema.parse([
      { id: 'a', kind: 'short-text', label: 'Name', options: ['x', 'y'] },
    ]);
    expect(text[0]!.options).toEqual([]);
    const sameId = intakeQuestionsSchema.safeParse([
      { id: 'a', kind: 'short-text', label: 'One' },
      { id: 'a', kind: 'date', label: 'Two' },
    ]);
    expect(sameId.success).toBe(false);
  });

  it('takes good answers', () => {
    expect(
      messages({
        brand: 'Acme',
        style: 'Bold',
        uses: ['Web', 'Print'],
        rush: false,
        launch: '2027-02-01',
        site: 'www.acme.example',
        logo: ['logo.png'],
      }),
    ).toEqual([]);
    // Optional ones may stay empty.
    expect(messages({ brand: 'Acme', logo: ['logo.png'], site: '' })).toEqual([]);
  });

  it("refuses each bad answer with the question's own words", () => {
    expect(messages({ logo: [] })).toEqual([
      "brand: Please answer 'Brand name'",
      "logo: Please answer 'Current logo'",
    ]);
    expect(
      messages({
        brand: 'x'.repeat(501),
        style: 'Loud',
        uses: ['Web', 'TV'],
        rush: 'maybe',
        launch: '2027-02-30',
        site: 'javascript:alert(1)',
        logo: ['a.png'],
      }),
    ).toEqual([
      "brand: 'Brand name' is at most 500 characters",
      "style: Choose one of the answers to 'Style'",
      "uses: Choose from the answers to 'Where used'",
      "rush: Answer 'Rush?' with yes or no",
      "launch: Give 'Launch date' as a real date, like 2026-01-31",
      "site: Give 'Website' as a web address, like https://example.com",
    ]);
  });

  it('tells a changed question from the same one', () => {
    const [brand] = questions;
    expect(questionSignature(brand!)).toBe(questionSignature({ ...brand!, help: 'New help' }));
    expect(questionSignature(brand!)).not.toBe(
      questionSignature({ ...brand!, label: 'Business name' }),
    );
  });
});
