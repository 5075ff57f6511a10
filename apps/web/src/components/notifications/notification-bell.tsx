import { useQuery } from '@tanstack/react-query';
import { Bell, Settings } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { emailSettingLabels, type Notification } from '@noise/shared/notifications';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import {
  notificationSettingsQuery,
  useMarkAllRead,
  useMarkRead,
  useNotifications,
  useUpdateNotificationSettings,
} from './notifications-api';
import { useNotificationStream } from './use-notification-stream';

/** The header bell of a signed-in user: unread count, list, mark as read, email settings. */
export default function NotificationBell() {
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<'list' | 'settings'>('list');
  const { data } = useNotifications(true);
  useNotificationStream(true);
  const unread = data?.unreadCount ?? 0;

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setView('list');
      }}
    >
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          className="relative"
        >
          <Bell aria-hidden="true" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              data-testid="unread-badge"
              className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-accent px-1 text-[11px] leading-5 font-bold text-ink"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Notifications" className="w-80 p-0 sm:w-96">
        <div className="flex items-center justify-between border-b-2 border-ink/10 px-4 py-3">
          <p className="font-display text-lg font-bold">
            {view === 'list' ? 'Notifications' : 'Email me about'}
          </p>
          <Button
            variant="ghost"
            size="icon"
            aria-label={view === 'list' ? 'Notification settings' : 'Back to notifications'}
            aria-pressed={view === 'settings'}
            onClick={() => setView(view === 'list' ? 'settings' : 'list')}
          >
            <Settings aria-hidden="true" />
          </Button>
        </div>
        {view === 'list' ? (
          <NotificationList items={data?.items} unread={unread} onNavigate={() => setOpen(false)} />
        ) : (
          <NotificationSettingsForm />
        )}
      </PopoverContent>
    </Popover>
  );
}

function NotificationList({
  items,
  unread,
  onNavigate,
}: {
  items: Notification[] | undefined;
  unread: number;
  onNavigate: () => void;
}) {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  if (!items) {
    return (
      <div className="grid place-items-center p-6">
        <Spinner label="Loading notifications" />
      </div>
    );
  }
  if (items.length === 0) {
    return <p className="px-4 py-6 text-sm text-muted">No notifications yet</p>;
  }
  return (
    <div>
      <ul className="max-h-96 overflow-y-auto">
        {items.map((n) => (
          <li key={n._id} className="border-b border-ink/10 last:border-0">
            <button
              type="button"
              className="flex w-full cursor-pointer gap-3 px-4 py-3 text-left hover:bg-ink/5 focus-visible:bg-ink/5"
              onClick={() => {
                if (!n.read) markRead.mutate(n._id);
                if (n.link) {
                  onNavigate();
                  void navigate(n.link);
                }
              }}
            >
              <span
                aria-hidden="true"
                className={`mt-1.5 size-2 shrink-0 rounded-full ${n.read ? 'bg-transparent' : 'bg-accent'}`}
              />
              <span className="min-w-0">
                <span className="block text-sm font-semibold">
                  {n.title}
                  {n.read ? null : <span className="sr-only"> (unread)</span>}
                </span>
                {n.body ? <span className="block text-sm text-muted">{n.body}</span> : null}
                <span className="mt-0.5 block text-xs text-muted">{formatDate(n.createdAt)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {unread > 0 ? (
        <div className="border-t-2 border-ink/10 p-2">
          <Button
            variant="ghost"
            size="sm"
            className="w-full"
            disabled={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            Mark all as read
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function NotificationSettingsForm() {
  const { data } = useQuery(notificationSettingsQuery);
  const update = useUpdateNotificationSettings();
  if (!data) {
    return (
      <div className="grid place-items-center p-6">
        <Spinner label="Loading settings" />
      </div>
    );
  }
  return (
    <fieldset className="grid gap-3 px-4 py-4">
      <legend className="sr-only">Email copies of notifications</legend>
      {Object.entries(data.email).map(([kind, on]) => (
        <label key={kind} className="flex cursor-pointer items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-(--color-accent)"
            checked={on}
            disabled={update.isPending}
            onChange={(event) =>
              update.mutate({ email: { ...data.email, [kind]: event.target.checked } })
            }
          />
          {emailSettingLabels[kind] ?? kind}
        </label>
      ))}
      <p className="text-xs text-muted">You always see them here in the bell.</p>
    </fieldset>
  );
}
