import {
  Building2,
  BookOpenText,
  ChartColumn,
  FileSpreadsheet,
  FileText,
  Inbox,
  SquareKanban,
  LayoutDashboard,
  ListTodo,
  Mails,
  Settings,
  Layers,
  ReceiptText,
  ScrollText,
  ShoppingBag,
  TicketPercent,
  UserCog,
  Users,
  Webhook,
  type LucideIcon,
} from 'lucide-react';
import type { Permission } from '@noise/shared/permissions';

export interface StaffNavEntry {
  label: string;
  /** Relative to /wkm-dashboard. */
  to: string;
  permission: Permission;
  Icon: LucideIcon;
}

/** The side navigation (docs/product.md#staff-access-and-frame); each shows only to its roles. */
export const staffNavigation: StaffNavEntry[] = [
  { label: 'Dashboard', to: '', permission: 'overview:read', Icon: LayoutDashboard },
  { label: 'Pages', to: 'pages', permission: 'catalogue:manage', Icon: FileText },
  { label: 'Services', to: 'services', permission: 'catalogue:manage', Icon: Layers },
  { label: 'Industries', to: 'industries', permission: 'catalogue:manage', Icon: Building2 },
  {
    label: 'Company Pages',
    to: 'company-pages',
    permission: 'catalogue:manage',
    Icon: BookOpenText,
  },
  {
    label: 'Discount Codes',
    to: 'discount-codes',
    permission: 'catalogue:manage',
    Icon: TicketPercent,
  },
  { label: 'Emails', to: 'emails', permission: 'catalogue:manage', Icon: Mails },
  { label: 'Customers', to: 'customers', permission: 'customers:manage', Icon: Users },
  { label: 'Custom Quotes', to: 'custom-quotes', permission: 'quotes:manage', Icon: ReceiptText },
  { label: 'Invoices', to: 'invoices', permission: 'invoices:manage', Icon: FileSpreadsheet },
  { label: 'My Work', to: 'my-work', permission: 'sales:manage', Icon: ListTodo },
  { label: 'Inbox', to: 'inbox', permission: 'sales:manage', Icon: Inbox },
  { label: 'Requests', to: 'requests', permission: 'sales:manage', Icon: SquareKanban },
  { label: 'Sales', to: 'sales', permission: 'sales:manage', Icon: ShoppingBag },
  { label: 'Site Users', to: 'site-users', permission: 'site-users:manage', Icon: UserCog },
  { label: 'Reporting', to: 'reporting', permission: 'reporting:read', Icon: ChartColumn },
  { label: 'Audit Log', to: 'audit-log', permission: 'audit:read', Icon: ScrollText },
  { label: 'API & Webhooks', to: 'webhooks', permission: 'webhooks:manage', Icon: Webhook },
  { label: 'Settings', to: 'settings', permission: 'settings:manage', Icon: Settings },
];
