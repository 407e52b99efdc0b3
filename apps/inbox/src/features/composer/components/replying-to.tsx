'use client';

import type { TimelineEntry } from '@sendbook/api-contract';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { echoContent } from '@/lib/echo-content';
import { excerpt, inboundContent, outboundContent, type MessageContent } from '@/lib/message-content';
import styles from './composer.module.css';

const NOTE: MessageContent = { text: null, label: 'A note', options: [], choice: null, choiceId: null, variables: [], media: null, details: [], raw: null };

/** The message a reply answers, quoted, with a way to reply to no message in particular. `entry` is absent when it scrolled out of the loaded pages. */
export function ReplyingTo({ entry, onCancel }: { entry: TimelineEntry | undefined; onCancel: () => void }) {
  return (
    <div className={styles.replyingTo}>
      <Icon name="reply" size={14} />
      <span className={styles.replyingText}>
        Replying to <q>{entry ? excerpt(entryContent(entry), 80) : 'an earlier message'}</q>
      </span>
      <Button size="sm" variant="ghost" onClick={onCancel}>
        <Icon name="x" size={12} />
        <span className="visually-hidden">Do not reply to a specific message</span>
      </Button>
    </div>
  );
}

function entryContent(entry: TimelineEntry): MessageContent {
  if (entry.direction === 'echo') return echoContent(entry.echo);
  return entry.direction === 'inbound' ? inboundContent(entry.inbound) : entry.direction === 'outbound' ? outboundContent(entry.message) : NOTE;
}
