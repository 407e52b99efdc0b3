'use client';

import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useMemo, useState, type ReactNode } from 'react';
import { Logo } from '@/components/logo';
import { Icon } from '@/components/ui/icon';
import { Kbd } from '@/components/ui/kbd';
import { useLiveEvents } from '@/lib/live';
import { initials } from '@/lib/message-content';
import type { NotificationSettings, StaffMember } from '@sendbook/api-contract';
import { SignOutButton, useSignOut } from '@/features/auth/components/sign-out-button';
import { CurrentStaffProvider } from '@/features/auth/current-staff';
import { Notifier } from '@/features/notifications/components/notifier';
import { QueueCount } from '@/features/work-queues/components/queue-count';
import { useSearchKey } from '@/features/search/hooks/use-search-key';
import { CommandsProvider } from '../commands';
import { useShortcuts } from '../hooks/use-shortcuts';
import { PROFILE, QUEUE_ITEMS, isCurrent, navItems } from '../nav-items';
import styles from './app-shell.module.css';
import { CommandPalette, type NavCommand } from './command-palette';
import { AvailabilityMenu } from '@/features/presence/components/availability-menu';
import { LiveIndicator } from './live-indicator';

/**
 * The signed-in frame: a skip link, the sidebar (navigation, the person with a link to their
 * profile, sign out, whether updates are live), the page, the command palette, and what notifies
 * the person (Notifier). Keyboard first: ⌘K / Ctrl+K opens the palette, "g c", "g w", "g h", "g s"
 * go to a section, "g m" to one's profile, `/` to search.
 */
export function AppShell({ staff, notifications, children }: { staff: StaffMember; notifications: NotificationSettings; children: ReactNode }) {
  const pathname = usePathname();
  const router = useRouter();
  const [paletteOpen, setPaletteOpen] = useState(false);
  const live = useLiveEvents();
  const { signOut } = useSignOut();
  const { main, admin, personal } = navItems(staff.role);

  const sequences = useMemo(
    () => new Map([...main, ...admin, ...personal].filter((i) => i.goKey).map((i) => [`g ${i.goKey}`, () => router.push(i.href)])),
    [main, admin, personal, router],
  );
  useShortcuts({ onPalette: () => setPaletteOpen((open) => !open), sequences });
  useSearchKey();

  const commands = useMemo<NavCommand[]>(
    () => [
      ...[...main, ...admin, ...personal].map((i) => ({
        id: i.key,
        label: i.label,
        href: i.href,
        icon: i.icon,
        group: 'Go to',
        keys: i.goKey ? ['G', i.goKey.toUpperCase()] : undefined,
      })),
      ...QUEUE_ITEMS.map((q) => ({ id: `queue-${q.key}`, label: q.label, href: q.href, icon: 'queue' as const, group: 'Work queues' })),
    ],
    [main, admin, personal],
  );

  return (
    <CurrentStaffProvider staff={staff}>
      <Notifier staff={staff} notifications={notifications} />
      <CommandsProvider>
        <div className={styles.shell}>
          <a href="#main" className={styles.skip}>
            Skip to content
          </a>
          <aside className={styles.sidebar}>
            <div className={styles.brand}>
              <Logo size={22} />
              <span className={styles.brandName}>Sendbook</span>
            </div>
            <button type="button" className={styles.jump} onClick={() => setPaletteOpen(true)}>
              <Icon name="search" size={14} />
              Jump to…
              <span className={styles.jumpKeys} aria-hidden="true">
                <Kbd>⌘</Kbd>
                <Kbd>K</Kbd>
              </span>
            </button>
            <nav aria-label="Main" className={styles.nav}>
              <div className={styles.group}>
                <ul className={styles.list}>
                  {main.map((item) => {
                    const inSection = isCurrent(pathname, item.section);
                    return (
                      <li key={item.key}>
                        <Link
                          href={item.href}
                          className={styles.link}
                          aria-current={pathname === item.href && item.key !== 'work' ? 'page' : undefined}
                          data-section={inSection || undefined}
                        >
                          <Icon name={item.icon} />
                          {item.label}
                        </Link>
                        {item.key === 'work' ? (
                          <ul className={styles.sublist} aria-label="Work queues">
                            {QUEUE_ITEMS.map((queue) => (
                              <li key={queue.key}>
                                <Link href={queue.href} className={styles.sublink} aria-current={pathname === queue.href ? 'page' : undefined}>
                                  {queue.label}
                                  <QueueCount kind={queue.key} />
                                </Link>
                              </li>
                            ))}
                          </ul>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              </div>
              {admin.length > 0 ? (
                <div className={styles.group}>
                  <div className={styles.groupLabel} id="nav-admin">
                    Admin
                  </div>
                  <ul className={styles.list} aria-labelledby="nav-admin">
                    {admin.map((item) => (
                      <li key={item.key}>
                        <Link
                          href={item.href}
                          className={styles.link}
                          aria-current={pathname === item.href ? 'page' : undefined}
                          data-section={isCurrent(pathname, item.section) || undefined}
                        >
                          <Icon name={item.icon} />
                          {item.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </nav>
            <div className={styles.footer}>
              <Link
                href={PROFILE.href}
                className={styles.person}
                title="Profile and notifications"
                aria-current={pathname === PROFILE.href ? 'page' : undefined}
              >
                <span className={styles.avatar} aria-hidden="true">
                  {initials(staff.name)}
                </span>
                <span className={styles.who}>
                  <span className="visually-hidden">Your profile and notifications: </span>
                  <span className={styles.name}>{staff.name}</span>
                  <span className={styles.role}>
                    {staff.role === 'admin' ? 'Admin' : 'Agent'}
                    <span className="visually-hidden">, {staff.email}</span>
                  </span>
                </span>
              </Link>
              <AvailabilityMenu />
              <div className={styles.footerRow}>
                <LiveIndicator status={live} />
                <SignOutButton />
              </div>
            </div>
          </aside>
          <main id="main" tabIndex={-1} className={styles.main}>
            {children}
          </main>
          <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} navigation={commands} onSignOut={() => void signOut()} />
        </div>
      </CommandsProvider>
    </CurrentStaffProvider>
  );
}
