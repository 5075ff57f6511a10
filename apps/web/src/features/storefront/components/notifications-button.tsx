import { Bell } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';

export function NotificationsButton() {
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Notifications">
          <Bell aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Notifications">
        <p className="font-display text-lg font-bold">Notifications</p>
        <p className="mt-1 text-sm text-muted">No notifications yet</p>
      </PopoverContent>
    </Popover>
  );
}
