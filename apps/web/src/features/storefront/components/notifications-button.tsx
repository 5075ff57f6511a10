import { Bell } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button';

// The bell's list, live stream and popover load only for signed-in visitors.
const NotificationBell = lazy(() => import('@/components/notifications/notification-bell'));

export function NotificationsButton() {
  return (
    <Suspense
      fallback={
        <Button variant="ghost" size="icon" aria-label="Notifications" disabled>
          <Bell aria-hidden="true" />
        </Button>
      }
    >
      <NotificationBell />
    </Suspense>
  );
}
