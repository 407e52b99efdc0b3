'use client';

import { Command } from 'cmdk';
import { useRouter } from 'next/navigation';
import { DialogContent, DialogRoot } from '@/components/ui/dialog';
import { Icon, type IconName } from '@/components/ui/icon';
import { Kbd } from '@/components/ui/kbd';
import { paletteScore } from '@/lib/palette-filter';
import { useRegisteredCommands } from '../commands';
import styles from './command-palette.module.css';

export interface NavCommand {
  readonly id: string;
  readonly label: string;
  readonly href: string;
  readonly icon: IconName;
  readonly group: string;
  readonly keys?: readonly string[];
}

/**
 * ⌘K: jump anywhere by typing. Navigation from the shell, plus whatever the features on screen
 * registered (lib commands.tsx). Arrow keys move, Enter runs, Escape closes.
 */
export function CommandPalette({
  open,
  onOpenChange,
  navigation,
  onSignOut,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  navigation: readonly NavCommand[];
  onSignOut: () => void;
}) {
  const router = useRouter();
  const registered = useRegisteredCommands();
  const run = (action: () => void) => {
    onOpenChange(false);
    action();
  };
  const groups = [...new Set(navigation.map((c) => c.group))];
  const registeredGroups = [...new Set(registered.map((c) => c.group))];

  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Command palette" hideTitle bare className={styles.palette}>
        <Command label="Command palette" loop filter={paletteScore}>
          <Command.Input className={styles.input} placeholder="Go to, or search commands…" aria-label="Command" />
          <Command.List className={styles.list}>
            <Command.Empty className={styles.empty}>No command matches.</Command.Empty>
            {groups.map((group) => (
              <Command.Group key={group} heading={group}>
                {navigation
                  .filter((c) => c.group === group)
                  .map((c) => (
                    <Command.Item key={c.id} value={`${c.group} ${c.label}`} className={styles.item} onSelect={() => run(() => router.push(c.href))}>
                      <Icon name={c.icon} />
                      {c.label}
                      {c.keys ? (
                        <span className={styles.hint} aria-hidden="true">
                          {c.keys.map((k) => (
                            <Kbd key={k}>{k}</Kbd>
                          ))}
                        </span>
                      ) : null}
                    </Command.Item>
                  ))}
              </Command.Group>
            ))}
            {registeredGroups.map((group) => (
              <Command.Group key={group} heading={group}>
                {registered
                  .filter((c) => c.group === group)
                  .map((c) => (
                    <Command.Item
                      key={c.id}
                      value={`${c.label} · ${c.group} · ${c.id}`}
                      keywords={c.keywords ? [...c.keywords] : undefined}
                      className={styles.item}
                      onSelect={() => run(c.run)}
                    >
                      <Icon name="chevron" />
                      {c.label}
                      {c.hint ? <span className={styles.hint}>{c.hint}</span> : null}
                    </Command.Item>
                  ))}
              </Command.Group>
            ))}
            <Command.Group heading="Account">
              <Command.Item value="Account Sign out" className={styles.item} onSelect={() => run(onSignOut)}>
                <Icon name="logout" />
                Sign out
              </Command.Item>
            </Command.Group>
          </Command.List>
          <div className={styles.footer} aria-hidden="true">
            <span>
              <Kbd>↑</Kbd>
              <Kbd>↓</Kbd> move
            </span>
            <span>
              <Kbd>↵</Kbd> open
            </span>
            <span>
              <Kbd>esc</Kbd> close
            </span>
          </div>
        </Command>
      </DialogContent>
    </DialogRoot>
  );
}
