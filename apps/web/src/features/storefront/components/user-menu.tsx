import { FolderKanban, LayoutDashboard, LogOut, Receipt, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import { displayNameOf } from '@noise/shared/display-name';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useSignOut } from '@/lib/auth';
import { useCurrentUser } from '@/lib/current-user';
import { initialOf } from '@/lib/format';

export function UserMenu() {
  const navigate = useNavigate();
  const signOut = useSignOut('/');
  const user = useCurrentUser().data;
  const name = user ? displayNameOf(user.profile) || user.email : '';
  // Owners and billing people (the 'billing' permission of packages/shared/src/company.ts, not
  // imported here: its schemas would bring zod to every public page).
  const billing = user?.company?.role === 'owner' || user?.company?.role === 'billing';
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Account menu"
        className="grid size-11 cursor-pointer place-items-center rounded-full bg-ink font-display text-lg font-bold text-accent transition-transform hover:scale-105 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-strong"
      >
        <span aria-hidden="true">{initialOf(name || 'You')}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {name ? <DropdownMenuLabel>{name}</DropdownMenuLabel> : null}
        <DropdownMenuItem onSelect={() => navigate('/dashboard')}>
          <LayoutDashboard aria-hidden="true" />
          Dashboard
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/dashboard/projects')}>
          <FolderKanban aria-hidden="true" />
          Projects
        </DropdownMenuItem>
        {billing ? (
          <DropdownMenuItem onSelect={() => navigate('/dashboard/billing')}>
            <Receipt aria-hidden="true" />
            Billing
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={() => navigate('/dashboard/profile')}>
          <UserRound aria-hidden="true" />
          Profile
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
