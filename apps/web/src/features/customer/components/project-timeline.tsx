import type { Project } from '@noise/shared/project';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';

export interface TimelineEntry {
  key: string;
  title: string;
  date: string | null;
  description?: string;
  /** When it happened (ISO): where it goes among the status updates. */
  at?: string;
}

/**
 * docs/product.md#project-page: 'You requested a new project' at startDate, then the status
 * updates and the project's other events (the brief sent, deliverables and what the customer
 * said of them) by the time they happened, oldest first; a completed project ends with the
 * completion note.
 */
export function ProjectTimeline({
  project,
  contactUrl,
  events = [],
  orderedBy = null,
}: {
  project: Project;
  contactUrl: string | undefined;
  events?: TimelineEntry[];
  /** Who placed the order, when not the reader (a teammate's order). */
  orderedBy?: string | null;
}) {
  const later = [
    ...project.statusUpdates.map((update) => ({
      key: update._id,
      title: update.title,
      date: update.date,
      description: update.description,
      at: update.createdAt,
    })),
    ...events,
  ].sort((a, b) => Date.parse(a.at ?? '') - Date.parse(b.at ?? ''));
  const entries: TimelineEntry[] = [
    {
      key: 'requested',
      title: orderedBy ? `Ordered by ${orderedBy}` : 'You requested a new project',
      date: project.startDate,
    },
    ...later,
  ];
  const completed = project.status === 'completed';

  return (
    <ol className="relative flex flex-col gap-6 border-l-2 border-line pl-8">
      {entries.map((entry, index) => (
        <li key={entry.key} className="relative">
          <span
            aria-hidden="true"
            className={cn(
              'absolute top-1 -left-[2.55rem] size-5 rounded-full border-4 border-paper',
              index === entries.length - 1 && !completed ? 'bg-accent' : 'bg-ink',
            )}
          />
          <p className="font-display text-lg font-bold">{entry.title}</p>
          {entry.date ? (
            <p className="text-sm text-muted">
              <time dateTime={entry.date}>{formatDate(entry.date)}</time>
            </p>
          ) : null}
          {entry.description ? (
            <p className="mt-1 whitespace-pre-line text-ink/85">{entry.description}</p>
          ) : null}
        </li>
      ))}
      {completed ? (
        <li className="relative">
          <span
            aria-hidden="true"
            className="absolute top-1 -left-[2.55rem] size-5 rounded-full border-4 border-paper bg-success"
          />
          <p className="rounded-2xl bg-accent-soft p-4 font-semibold">
            Your project is complete. If you need to contact us,{' '}
            {contactUrl ? (
              <a
                href={contactUrl}
                target="_blank"
                rel="noreferrer noopener"
                className="text-accent-strong underline"
              >
                click here
              </a>
            ) : (
              'click here'
            )}
            .
          </p>
        </li>
      ) : null}
    </ol>
  );
}
