import { zodResolver } from '@hookform/resolvers/zod';
import { History, Paperclip, RotateCcw, Send } from 'lucide-react';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_TYPES_TEXT,
  isAttachableFile,
} from '@noise/shared/attachments';
import {
  DELIVERABLE_NAME_MAX,
  MESSAGE_MAX_FILES,
  MESSAGE_TEXT_MAX,
  type Message,
} from '@noise/shared/messages';
import { AttachmentChip } from '@/components/ui/attachment-chip';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FilesToSend } from '@/components/ui/files-to-send';
import { Form, FormField } from '@/components/ui/form';
import { SERVER } from '@/components/ui/form-refusal';
import { UploadProgressBar } from '@/components/ui/upload-progress';
import { TextInput } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { ImagePreview } from './image-preview';
import {
  fetchOlderMessages,
  useAnyThread,
  useMarkRead,
  useSendMessage,
  type ThreadRef,
} from './messages-api';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]])/g;

/** Plain text with its web addresses as links; never HTML. */
function Linkified({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a
            key={i}
            href={part}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="font-semibold wrap-anywhere underline underline-offset-2"
          >
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

const timeFormat = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

function MessageItem({ message }: { message: Message }) {
  const team = message.side === 'team';
  return (
    <li
      data-message-id={message._id}
      className={cn(
        'flex gap-3 rounded-2xl p-4',
        message.internal
          ? 'border-2 border-dashed border-accent-strong/40 bg-accent-soft'
          : 'bg-canvas',
      )}
    >
      {message.authorPhoto ? (
        <img
          src={message.authorPhoto}
          alt=""
          className="size-10 shrink-0 rounded-full border-2 border-line object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className={cn(
            'grid size-10 shrink-0 place-items-center rounded-full text-sm font-extrabold',
            team ? 'bg-ink text-accent' : 'bg-accent text-ink',
          )}
        >
          {initials(message.authorName)}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="font-bold">{message.authorName || 'Someone'}</span>
          <span className="rounded-full bg-ink/10 px-2 py-0.5 text-xs font-semibold">
            {team ? 'Team' : 'Customer'}
          </span>
          {message.internal ? (
            <span className="inline-flex items-center gap-1 text-xs font-semibold">
              · Internal note
            </span>
          ) : null}
          {message.deliverable ? (
            <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-bold">
              Deliverable: {message.deliverable.name}, version {message.deliverable.version}
            </span>
          ) : null}
          <time dateTime={message.createdAt} className="text-muted">
            {timeFormat.format(new Date(message.createdAt))}
            {message.via === 'email' ? ' · by email' : ''}
          </time>
        </p>
        {message.text ? (
          <p className="mt-2 wrap-anywhere whitespace-pre-line">
            <Linkified text={message.text} />
          </p>
        ) : null}
        {message.attachments
          .filter((a) => a.contentType.startsWith('image/'))
          .map((a) => (
            <div key={a._id} className="mt-3">
              <ImagePreview url={a.url} name={a.name} />
            </div>
          ))}
        {message.attachments.length ? (
          <ul aria-label="Attachments" className="mt-3 flex flex-wrap gap-2">
            {message.attachments.map((a) => (
              <AttachmentChip key={a._id} attachment={a} />
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}

const composerSchema = z.object({
  text: z.string().trim().max(MESSAGE_TEXT_MAX),
  internal: z.boolean(),
  asDeliverable: z.boolean(),
  deliverableName: z.string().trim().max(DELIVERABLE_NAME_MAX),
});
type ComposerValues = z.infer<typeof composerSchema>;

function Composer({
  thread,
  team,
  deliverableNames,
}: {
  thread: ThreadRef;
  team: boolean;
  /** Names already delivered on this project: sending one again makes its next version. */
  deliverableNames: string[];
}) {
  const fileInputId = useId();
  const namesId = useId();
  const send = useSendMessage(thread);
  // Deliverables are a project's: a general question only talks.
  const deliverables = team && thread.kind === 'project';
  const form = useForm<ComposerValues>({
    resolver: zodResolver(composerSchema),
    defaultValues: { text: '', internal: false, asDeliverable: false, deliverableName: '' },
  });
  const [text, internal, asDeliverable] = useWatch({
    control: form.control,
    name: ['text', 'internal', 'asDeliverable'],
  });
  // The files stay outside the form's values: they are chosen, not typed.
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  // Every reason a message is not sent, the composer's own and the server's, shows in one alert.
  const failure = form.formState.errors.root?.server?.message;
  const refuse = (message: string) => form.setError(SERVER, { message });

  function addFiles(chosen: File[]) {
    form.clearErrors(SERVER);
    const accepted = chosen.filter(isAttachableFile);
    if (accepted.length < chosen.length) {
      refuse(`Only ${ATTACHMENT_TYPES_TEXT} can be attached.`);
    }
    setFiles((current) => [...current, ...accepted].slice(0, MESSAGE_MAX_FILES));
  }

  async function submit(values: ComposerValues) {
    if (!values.text && files.length === 0) return refuse('Write a message or attach a file');
    if (values.asDeliverable && !values.deliverableName) {
      return refuse('Name the deliverable, for example Logo');
    }
    if (values.asDeliverable && files.length === 0) {
      return refuse('Attach the files of the deliverable');
    }
    setProgress(0);
    try {
      await send.mutateAsync({
        text: values.text,
        files,
        internal: values.internal,
        ...(values.asDeliverable ? { deliverable: values.deliverableName } : {}),
        onProgress: (p) => setProgress(p.fraction),
      });
      form.reset();
      setFiles([]);
    } finally {
      // A refusal keeps what was typed and attached, to send again.
      setProgress(null);
    }
  }

  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-3">
      <FormField
        control={form.control}
        name="text"
        render={(field) => (
          <Textarea
            label="Write a message"
            rows={3}
            maxLength={MESSAGE_TEXT_MAX}
            disabled={send.isPending}
            hint="Enter sends; Shift+Enter starts a new line."
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
            }}
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
          {text.trim() || files.length ? (
            <Button type="submit" variant="outline" size="sm">
              <RotateCcw aria-hidden="true" />
              Retry
            </Button>
          ) : null}
        </div>
      ) : null}
      {team ? (
        <div className="flex flex-col gap-2">
          <Checkbox
            label="Internal note – the customer won't see this"
            checked={internal}
            onCheckedChange={(checked) => {
              form.setValue('internal', checked === true);
              if (checked === true) form.setValue('asDeliverable', false);
            }}
          />
          {deliverables ? (
            <Checkbox
              label="Send as deliverable – the customer approves it or asks for changes"
              checked={asDeliverable}
              onCheckedChange={(checked) => {
                form.setValue('asDeliverable', checked === true);
                if (checked === true) form.setValue('internal', false);
              }}
            />
          ) : null}
          {asDeliverable ? (
            <>
              <FormField
                control={form.control}
                name="deliverableName"
                render={(field) => (
                  <TextInput
                    label="Deliverable name"
                    maxLength={DELIVERABLE_NAME_MAX}
                    list={namesId}
                    hint="The same name as an earlier one sends its next version."
                    {...field}
                  />
                )}
              />
              <datalist id={namesId}>
                {deliverableNames.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            </>
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
        <Button type="submit" disabled={send.isPending}>
          <Send aria-hidden="true" />
          {send.isPending
            ? 'Sending...'
            : internal
              ? 'Save note'
              : asDeliverable
                ? 'Send deliverable'
                : 'Send'}
        </Button>
      </div>
    </Form>
  );
}

/**
 * The earlier pages a reader asked for (docs/decisions/084-flat-reads-at-scale.md): the thread
 * opens at its newest page, and 'Show earlier messages' adds the page before the oldest shown.
 * Every message of the newest page seen so far is kept too, so that one arriving while earlier
 * pages are open pushes nothing out of the list.
 */
function useEarlierPages(
  ref: ThreadRef,
  newest: Message[] | undefined,
  newestCursor: string | null,
) {
  const [earlier, setEarlier] = useState<{ messages: Message[]; cursor: string | null } | null>(
    null,
  );
  const [seen, setSeen] = useState<Message[]>([]);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState('');
  // Another thread in the same component: start again.
  const [forThread, setForThread] = useState(`${ref.kind}:${ref.id}`);
  if (forThread !== `${ref.kind}:${ref.id}`) {
    setForThread(`${ref.kind}:${ref.id}`);
    setEarlier(null);
    setSeen([]);
  }
  // Each newest page that comes (a message sent or received) adds what it has not seen yet.
  const [lastNewest, setLastNewest] = useState(newest);
  if (newest !== lastNewest) {
    setLastNewest(newest);
    if (earlier && newest) {
      const known = new Set(seen.map((m) => m._id));
      const added = newest.filter((m) => !known.has(m._id));
      if (added.length) setSeen([...seen, ...added]);
    }
  }

  const messages = useMemo(() => {
    if (!newest) return [];
    if (!earlier) return newest;
    const byId = new Map<string, Message>();
    for (const m of [...earlier.messages, ...seen, ...newest]) byId.set(m._id, m);
    // Each list is in order; a stable sort by time keeps it for messages of the same instant.
    return [...byId.values()].sort((a, b) =>
      a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0,
    );
  }, [newest, earlier, seen]);

  const cursor = earlier ? earlier.cursor : newestCursor;
  async function loadEarlier() {
    if (!cursor || loading) return;
    setLoading(true);
    setFailure('');
    try {
      const page = await fetchOlderMessages(ref, cursor);
      if (!earlier && newest) setSeen(newest);
      setEarlier((before) => ({
        messages: [...page.messages, ...(before?.messages ?? [])],
        cursor: page.olderCursor,
      }));
    } catch (error) {
      setFailure(errorMessage(error, 'The earlier messages could not be loaded.'));
    } finally {
      setLoading(false);
    }
  }
  return { messages, hasEarlier: cursor !== null, loading, failure, loadEarlier };
}

/**
 * A conversation (docs/decisions/052-project-messages.md): a project's, or a general question's
 * (docs/decisions/083-general-questions.md); its newest messages, oldest first, earlier ones a
 * page at a time, and a composer. `team` shows team-only notes' tick box; the server decides what
 * each side may read. Opening it marks it read.
 */
export function MessageThread({
  thread: ref,
  team,
  emptyText = 'No messages yet. Ask your team anything about this project.',
}: {
  thread: ThreadRef;
  team: boolean;
  emptyText?: string;
}) {
  const thread = useAnyThread(ref);
  const markRead = useMarkRead(ref);
  const earlier = useEarlierPages(ref, thread.data?.messages, thread.data?.olderCursor ?? null);
  const newestId = thread.data?.messages.at(-1)?._id ?? null;
  const lastMarked = useRef<string | null>(null);
  useEffect(() => {
    if (thread.isSuccess && newestId && lastMarked.current !== newestId) {
      lastMarked.current = newestId;
      markRead.mutate();
    }
  }, [thread.isSuccess, newestId, markRead]);

  // Earlier messages go in above what the reader was looking at, which stays where it was.
  const list = useRef<HTMLOListElement>(null);
  const anchor = useRef<{ id: string; top: number } | null>(null);
  const firstShown = earlier.messages[0]?._id;
  useLayoutEffect(() => {
    const kept = anchor.current;
    if (!kept || !list.current) return;
    anchor.current = null;
    const element = Array.from(list.current.querySelectorAll('[data-message-id]')).find(
      (e) => e.getAttribute('data-message-id') === kept.id,
    );
    if (!element) return;
    const moved = element.getBoundingClientRect().top - kept.top;
    if (moved) window.scrollBy(0, moved);
  }, [firstShown]);
  function showEarlier() {
    const first = list.current?.querySelector('[data-message-id]');
    anchor.current = first
      ? {
          id: first.getAttribute('data-message-id')!,
          top: first.getBoundingClientRect().top,
        }
      : null;
    void earlier.loadEarlier();
  }

  let body: ReactNode;
  if (thread.isPending) body = <p className="text-muted">Loading messages…</p>;
  else if (thread.isError) {
    body = (
      <p role="alert" className="text-danger">
        {errorMessage(thread.error, 'The messages could not be loaded.')}{' '}
        <Button variant="link" onClick={() => void thread.refetch()}>
          Try again
        </Button>
      </p>
    );
  } else {
    body = (
      <>
        {earlier.hasEarlier ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="outline" size="sm" disabled={earlier.loading} onClick={showEarlier}>
              <History aria-hidden="true" />
              {earlier.loading ? 'Loading earlier messages…' : 'Show earlier messages'}
            </Button>
            {earlier.failure ? (
              <span role="alert" className="text-sm font-semibold text-danger">
                {earlier.failure}
              </span>
            ) : null}
          </div>
        ) : null}
        {earlier.messages.length ? (
          <ol ref={list} aria-label="Messages" className="flex flex-col gap-3">
            {earlier.messages.map((m) => (
              <MessageItem key={m._id} message={m} />
            ))}
          </ol>
        ) : (
          <p className="text-muted">{emptyText}</p>
        )}
        {thread.data.closedReason ? (
          <p className="rounded-xl bg-canvas px-4 py-3 text-sm font-semibold">
            {thread.data.closedReason}
          </p>
        ) : (
          <Composer
            thread={ref}
            team={team}
            deliverableNames={[...new Set(thread.data.deliverables.map((d) => d.name))]}
          />
        )}
      </>
    );
  }
  return <div className="flex flex-col gap-5">{body}</div>;
}
