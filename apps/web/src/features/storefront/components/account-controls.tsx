import { NotificationsButton } from './notifications-button';
import { UserMenu } from './user-menu';

/** The signed-in header's bell and user menu, loaded together. */
export function AccountControls() {
  return (
    <>
      <NotificationsButton />
      <UserMenu />
    </>
  );
}
