import { Paperclip, RotateCcw, Send, X } from 'lucide-react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  MESSAGE_MAX_FILES,
  MESSAGE_TEXT_MAX,
  type Message,
  type MessageThread as Thread,
} from '@noise/shared/messages';
import { AttachmentChip } from '@/components/ui/attachment-chip';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { api, errorMessage } from '@/lib/api-client';
import { uploadForm, type UploadProgress } from '@/lib/upload';
import { cn } from '@/lib/utils';

const path = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/messages`;

/** GET /api/projects/{id}/messages: the thread, oldest first (notes only for the team). */
export const threadQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['messages', 'thread', projectId],
    queryFn: ({ signal }) => api.get<Thread>(path(projectId), signal),
  });

export function useThread(projectId: string) {
  return useQuery(threadQuery(projectId));
}

/** GET /api/messages/unread: the customer's unread team messages, by project. */
export function useUnreadCounts(enabled = true) {
  return useQuery({
    queryKey: ['messages', 'unread'],
    queryFn: ({ signal }) => api.get<Record<string, number>>('/api/messages/unread', signal),
    enabled,
  });
}

export interface NewMessage {
  text: string;
  files: File[];
  internal: boolean;
}

/** POST /api/projects/{id}/messages, multipart, with upload progress. */
export function useSendMessage(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: NewMessage & { onProgress?: (p: UploadProgress) => void }) => {
      const form = new FormData();
      form.append('text', vars.text);
      if (vars.internal) form.append('internal', 'true');
      for (const file of vars.files) form.append('attachments', file);
      return uploadForm<Message>(path(projectId), form, { onProgress: vars.onProgress });
    },
    // Not awaited: the composer clears as soon as the message is saved, before the list reloads.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: threadQuery(projectId).queryKey });
    },
  });
}

/** POST /api/projects/{id}/messages/read: the thread as read so far. */
export function useMarkRead(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<null>(`${path(projectId)}/read`, {}),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['messages', 'unread'] }),
        client.invalidateQueries({ queryKey: ['messages', 'inbox'] }),
      ]),
  });
}

const ACCEPT = 'image/*,application/pdf,.pdf';
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
            className="font-semibold break-all underline underline-offset-2"
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
      className={cn(
        'flex gap-3 rounded-2xl p-4',
        message.internal
          ? 'border-2 border-dashed border-accent-strong/40 bg-accent-soft'
          : 'bg-canvas',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'grid size-10 shrink-0 place-items-center rounded-full text-sm font-extrabold',
          team ? 'bg-ink text-accent' : 'bg-accent text-ink',
        )}
      >
        {initials(message.authorName)}
      </span>
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
          <time dateTime={message.createdAt} className="text-muted">
            {timeFormat.format(new Date(message.createdAt))}
            {message.via === 'email' ? ' · by email' : ''}
          </time>
        </p>
        {message.text ? (
          <p className="mt-2 break-words whitespace-pre-line">
            <Linkified text={message.text} />
          </p>
        ) : null}
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

function Composer({ projectId, team }: { projectId: string; team: boolean }) {
  const fileInputId = useId();
  const send = useSendMessage(projectId);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [internal, setInternal] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState('');

  function addFiles(chosen: File[]) {
    setFailure('');
    const accepted = chosen.filter(
      (file) => file.type.startsWith('image/') || file.type === 'application/pdf',
    );
    if (accepted.length < chosen.length) setFailure('Only images and PDF files can be attached.');
    setFiles((current) => [...current, ...accepted].slice(0, MESSAGE_MAX_FILES));
  }

  async function submit() {
    if (send.isPending) return;
    if (!text.trim() && files.length === 0) {
      setFailure('Write a message or attach a file');
      return;
    }
    setFailure('');
    setProgress(0);
    try {
      await send.mutateAsync({
        text: text.trim(),
        files,
        internal,
        onProgress: (p) => setProgress(p.fraction),
      });
      setText('');
      setFiles([]);
      setInternal(false);
    } catch (error) {
      // What was typed and attached stays, to send again.
      setFailure(errorMessage(error, 'The message could not be sent.'));
    } finally {
      setProgress(null);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className="flex flex-col gap-3"
    >
      <Textarea
        label="Write a message"
        value={text}
        rows={3}
        maxLength={MESSAGE_TEXT_MAX}
        disabled={send.isPending}
        hint="Enter sends; Shift+Enter starts a new line."
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void submit();
          }
        }}
      />
      {files.length ? (
        <ul aria-label="Files to send" className="flex flex-col gap-2">
          {files.map((file, index) => (
            <li
              key={`${file.name}-${index}`}
              className="flex items-center gap-3 rounded-xl bg-canvas px-3 py-2 text-sm"
            >
              <Paperclip aria-hidden="true" className="size-4 shrink-0 text-muted" />
              <span className="min-w-0 flex-1 truncate">{file.name}</span>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Remove ${file.name}`}
                onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {progress !== null && files.length ? (
        <div
          role="progressbar"
          aria-label="Upload progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          className="h-2 overflow-hidden rounded-full bg-ink/10"
        >
          <div
            className="h-full rounded-full bg-accent transition-[width]"
            style={{ width: `${Math.round(progress * 100)}%` }}
          />
        </div>
      ) : null}
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
        <label className="flex cursor-pointer items-center gap-3 text-sm font-medium">
          <input
            type="checkbox"
            className="size-5 accent-(--color-ink)"
            checked={internal}
            onChange={(event) => setInternal(event.target.checked)}
          />
          Internal note – the customer won't see this
        </label>
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
            accept={ACCEPT}
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
          {send.isPending ? 'Sending...' : internal ? 'Save note' : 'Send'}
        </Button>
      </div>
    </form>
  );
}

/**
 * A new message rings the bell (the notification stream refreshes the bell's list): the open
 * thread and the unread counts refresh with it, so an answer shows without a reload. Kept here,
 * not in the stream, so the public pages' scripts stay as they are.
 */
function useRefreshOnBell() {
  const client = useQueryClient();
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (
          event.type === 'updated' &&
          event.action.type === 'success' &&
          event.query.queryKey[0] === 'notifications'
        ) {
          void client.invalidateQueries({ queryKey: ['messages'] });
        }
      }),
    [client],
  );
}

/**
 * The project's conversation (docs/decisions/052-project-messages.md): the thread, oldest
 * first, and a composer. `team` shows team-only notes' tick box; the server decides what each
 * side may read. Opening it marks it read.
 */
export function MessageThread({ projectId, team }: { projectId: string; team: boolean }) {
  const thread = useThread(projectId);
  const markRead = useMarkRead(projectId);
  useRefreshOnBell();
  const count = thread.data?.messages.length ?? 0;
  const lastMarked = useRef(-1);
  useEffect(() => {
    if (thread.isSuccess && count > 0 && lastMarked.current !== count) {
      lastMarked.current = count;
      markRead.mutate();
    }
  }, [thread.isSuccess, count, markRead]);

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
        {thread.data.messages.length ? (
          <ol aria-label="Messages" className="flex flex-col gap-3">
            {thread.data.messages.map((m) => (
              <MessageItem key={m._id} message={m} />
            ))}
          </ol>
        ) : (
          <p className="text-muted">No messages yet. Ask your team anything about this project.</p>
        )}
        {thread.data.closedReason ? (
          <p className="rounded-xl bg-canvas px-4 py-3 text-sm font-semibold">
            {thread.data.closedReason}
          </p>
        ) : (
          <Composer projectId={projectId} team={team} />
        )}
      </>
    );
  }
  return <div className="flex flex-col gap-5">{body}</div>;
}
