import type { IconName } from '@/components/ui/icon';
import type { StaffMember } from '@sendbook/api-contract';
import { WORK_KINDS, workHref, workKind } from '@/lib/work-kinds';

/** Where the shell can take you: the sidebar, the command palette and the `g` shortcuts share this list. */
export interface NavItem {
  readonly key: string;
  readonly label: string;
  readonly href: string;
  /** Paths that count as "here" for `aria-current` (a prefix). */
  readonly section: string;
  readonly icon: IconName;
  /** The letter after `g` ("g c"). */
  readonly goKey?: string;
  readonly adminOnly: boolean;
}

const MAIN: readonly NavItem[] = [
  { key: 'conversations', label: 'Conversations', href: '/conversations', section: '/conversations', icon: 'inbox', goKey: 'c', adminOnly: false },
  // Also `/` from anywhere (features/search/hooks/use-search-key.ts).
  { key: 'search', label: 'Search', href: '/search', section: '/search', icon: 'search', goKey: 'f', adminOnly: false },
  { key: 'work', label: 'Work', href: workHref('stuck_sending'), section: '/work', icon: 'queue', goKey: 'w', adminOnly: false },
];

const ADMIN: readonly NavItem[] = [
  { key: 'health', label: 'Health', href: '/health', section: '/health', icon: 'health', goKey: 'h', adminOnly: true },
  { key: 'reports', label: 'Reports', href: '/reports', section: '/reports', icon: 'chart', goKey: 'r', adminOnly: true },
  { key: 'numbers', label: 'Numbers', href: '/numbers', section: '/numbers', icon: 'phone', goKey: 'n', adminOnly: true },
  { key: 'campaigns', label: 'Campaigns', href: '/campaigns', section: '/campaigns', icon: 'send', goKey: 'a', adminOnly: true },
  { key: 'templates', label: 'Templates', href: '/templates', section: '/templates', icon: 'template', goKey: 't', adminOnly: true },
  { key: 'staff', label: 'Staff', href: '/settings/staff', section: '/settings/staff', icon: 'users', goKey: 's', adminOnly: true },
  {
    key: 'event-endpoints',
    label: 'Event endpoints',
    href: '/settings/event-endpoints',
    section: '/settings/event-endpoints',
    icon: 'share',
    goKey: 'e',
    adminOnly: true,
  },
  { key: 'teams', label: 'Teams', href: '/settings/teams', section: '/settings/teams', icon: 'users', goKey: 'g', adminOnly: true },
  { key: 'snippets', label: 'Snippets', href: '/settings/snippets', section: '/settings/snippets', icon: 'template', goKey: 'p', adminOnly: true },
  { key: 'system', label: 'System', href: '/settings/system', section: '/settings/system', icon: 'queue', goKey: 'y', adminOnly: true },
];

/** Everyone's own page: who they are and what notifies them (the person at the foot of the sidebar links there). */
export const PROFILE: NavItem = {
  key: 'profile',
  label: 'Profile and notifications',
  href: '/settings/profile',
  section: '/settings/profile',
  icon: 'user',
  goKey: 'm',
  adminOnly: false,
};

export function navItems(role: StaffMember['role']): { main: readonly NavItem[]; admin: readonly NavItem[]; personal: readonly NavItem[] } {
  return { main: MAIN, admin: role === 'admin' ? ADMIN : [], personal: [PROFILE] };
}

/** One link per queue, under Work. */
export const QUEUE_ITEMS = WORK_KINDS.map((kind) => ({ key: kind, label: workKind(kind).title, href: workHref(kind) }));

export function isCurrent(pathname: string, section: string): boolean {
  return pathname === section || pathname.startsWith(`${section}/`);
}
