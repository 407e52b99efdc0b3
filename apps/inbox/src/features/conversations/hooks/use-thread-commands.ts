'use client';

import type { Conversation } from '@sendbook/api-contract';
import { useMemo, type RefObject } from 'react';
import type { ComposerHandle } from '@/features/composer/components/composer';
import { useCommands, type PaletteCommand } from '@/features/shell/commands';
import { useKeyBindings } from '@/features/shell/hooks/use-key-bindings';
import type { useConversationActions } from './use-conversation-actions';

const NO_BINDINGS: Record<string, () => void> = {};

/** Every action on the open conversation has a key and a palette entry; none while it is loading. */
export function useThreadCommands({
  conversation,
  name,
  number,
  me,
  actions,
  composer,
  replyToLast,
  copy,
}: {
  conversation: Conversation | undefined;
  name: string;
  number: string | null;
  /** The signed-in staff member's id. */
  me: string;
  actions: ReturnType<typeof useConversationActions>;
  composer: RefObject<ComposerHandle | null>;
  replyToLast: () => void;
  copy: (text: string, what: string) => void;
}): void {
  const bindings = useMemo<Record<string, () => void>>(
    () =>
      conversation
        ? {
            r: () => composer.current?.focus(),
            R: replyToLast,
            a: () => (conversation.assignee === me ? undefined : actions.assign(me, 'you')),
            e: () => (conversation.state === 'closed' ? actions.reopen() : actions.close()),
            n: () => composer.current?.writeNote(),
            t: () => composer.current?.openTemplates(),
          }
        : NO_BINDINGS,
    // replyToLast reads refs and the draft’s setters, which do not change.
    [conversation, me, actions],
  );
  useKeyBindings(bindings);

  const commands = useMemo<PaletteCommand[]>(() => {
    if (!conversation) return [];
    const group = `This conversation (${name})`;
    const list: PaletteCommand[] = [
      { id: 'thread-reply', label: 'Reply', group, hint: 'R', run: () => composer.current?.focus() },
      { id: 'thread-reply-last', label: 'Reply to their last message', group, hint: '⇧R', run: replyToLast },
      { id: 'thread-template', label: 'Send a template…', group, hint: 'T', run: () => composer.current?.openTemplates() },
      { id: 'thread-note', label: 'Write a private note', group, hint: 'N', run: () => composer.current?.writeNote() },
      conversation.assignee === me
        ? { id: 'thread-unassign', label: 'Unassign', group, run: () => actions.assign(null, null) }
        : { id: 'thread-assign-me', label: 'Assign to me', group, hint: 'A', run: () => actions.assign(me, 'you') },
      conversation.state === 'closed'
        ? { id: 'thread-reopen', label: 'Reopen the conversation', group, hint: 'E', run: actions.reopen }
        : { id: 'thread-close', label: 'Close the conversation', group, hint: 'E', run: actions.close },
      { id: 'thread-seen', label: 'Mark seen', group, run: actions.markSeen },
      {
        id: 'thread-copy-link',
        label: 'Copy link to this conversation',
        group,
        run: () => copy(`${location.origin}/conversations/${conversation.id}`, 'Link'),
      },
    ];
    if (number) list.push({ id: 'thread-copy-number', label: 'Copy number', group, keywords: [number], run: () => copy(number, 'Number') });
    return list;
  }, [conversation, name, number, me, actions]);
  useCommands('thread', commands);
}
