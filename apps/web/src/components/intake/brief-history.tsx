import { answerText } from '@noise/shared/intake';
import type { BriefEntry } from '@noise/shared/project';
import { formatDate } from '@/lib/format';

/**
 * 'Corrected on {date}' and what the entry said before each correction, oldest first, folded
 * (docs/product.md#project-page): the team reads what changed after they first read the brief.
 */
export function BriefHistory({ entry }: { entry: BriefEntry }) {
  if (!entry.correctedAt) return null;
  return (
    <div className="mt-3 text-sm">
      <p className="font-semibold text-muted">Corrected on {formatDate(entry.correctedAt)}</p>
      {entry.history.length ? (
        <details className="mt-1">
          <summary className="cursor-pointer font-semibold underline underline-offset-2">
            Earlier versions ({entry.history.length})
          </summary>
          <ol className="mt-2 flex flex-col gap-3">
            {entry.history.map((version) => (
              <li key={version.correctedAt} className="rounded-lg border border-line p-3">
                <p className="text-xs font-semibold text-muted">
                  Before {version.correctedBy}&rsquo;s correction on{' '}
                  {formatDate(version.correctedAt)}
                </p>
                {version.answers ? (
                  <dl className="mt-2 grid gap-1">
                    {version.answers.map((a) => (
                      <div key={a.questionId}>
                        <dt className="font-semibold">{a.label}</dt>
                        <dd className="wrap-anywhere whitespace-pre-line">
                          {answerText(a.answer)}
                        </dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
                {version.text ? (
                  <p className="mt-2 wrap-anywhere whitespace-pre-line">{version.text}</p>
                ) : null}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}
