import type { ReactNode } from 'react';
import { answerText } from '@noise/shared/intake';
import type { BriefEntry } from '@noise/shared/project';

/**
 * A brief's answers to the service's intake questions, as they were asked: each question, then
 * its answer, or for a file question its files (drawn by `renderFile`, the page's own chip).
 */
export function BriefAnswers({
  entry,
  renderFile,
}: {
  entry: BriefEntry;
  renderFile: (file: BriefEntry['attachments'][number]) => ReactNode;
}) {
  if (!entry.answers) return null;
  return (
    <dl aria-label="Answers" className="mt-3 grid gap-3">
      {entry.answers.map((a) => {
        const files = entry.attachments.filter((f) => f.questionId === a.questionId);
        return (
          <div key={a.questionId}>
            <dt className="text-sm font-semibold">{a.label}</dt>
            <dd className="mt-0.5 break-words whitespace-pre-line text-ink/90">
              {a.kind === 'file' && files.length ? (
                <ul className="flex flex-wrap gap-2">{files.map(renderFile)}</ul>
              ) : a.kind === 'link' && typeof a.answer === 'string' ? (
                <a
                  href={a.answer}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="underline"
                >
                  {a.answer}
                </a>
              ) : (
                answerText(a.answer)
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
