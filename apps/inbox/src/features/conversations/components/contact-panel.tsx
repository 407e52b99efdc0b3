'use client';

import type { Conversation, RecentPurpose } from '@sendbook/api-contract';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { contactLabel } from '@/lib/message-content';
import type { WindowDisplay } from '@/lib/window';
import type { useConversationActions } from '@/features/conversations/hooks/use-conversation-actions';
import { ContactFacts } from './contact-facts';
import styles from './contact-panel.module.css';
import { ConversationWork } from './conversation-work';
import { RecentPurposes } from './recent-purposes';

/**
 * Who the customer is and where the conversation stands: number, name, their time zone and local
 * time, the window with its time left, whether marketing may reach them, who works it (and the buttons to change that, close or
 * reopen, mark seen), and what we sent them lately, each with the business record behind it.
 */
export function ContactPanel({
  conversation,
  window,
  purposes,
  actions,
  onClose,
}: {
  conversation: Conversation;
  window: WindowDisplay;
  purposes: readonly RecentPurpose[];
  actions: ReturnType<typeof useConversationActions>;
  /** When the panel opens over the thread (narrow screens): how to close it. */
  onClose: () => void;
}) {
  return (
    <aside className={styles.panel} aria-label="Contact">
      <Button size="sm" variant="ghost" className={styles.close} onClick={onClose}>
        <Icon name="x" size={14} />
        Close details
      </Button>
      <ContactFacts conversation={conversation} window={window} />
      <ConversationWork conversation={conversation} actions={actions} />
      <RecentPurposes purposes={purposes} contact={contactLabel(conversation.contact)} />
    </aside>
  );
}
