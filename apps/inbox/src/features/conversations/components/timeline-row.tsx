'use client';

import { Button } from '@/components/ui/button';
import type { ThreadItem } from '@/lib/thread';
import type { TickMemory } from '@/lib/ticks';
import { EchoArticle } from './echo-article';
import { InboundArticle, NoteArticle, OutboundArticle, type ArticleActions } from './message-article';
import styles from './thread.module.css';

/** A row of the log: the head (earlier messages, or the start of the conversation), a day, or a message. */
export type TimelineRowItem = { readonly kind: 'head'; readonly key: 'head' } | ThreadItem;

export interface OlderPages {
  readonly hasOlder: boolean;
  readonly loadingOlder: boolean;
  readonly olderFailed: boolean;
  onLoadOlder(): void;
}

export function TimelineRow({
  row,
  contact,
  older,
  actions,
  ticks,
  highlighted,
}: {
  row: TimelineRowItem;
  contact: string;
  older: OlderPages;
  actions: ArticleActions;
  /** Outbound ticks never move backwards on screen, whatever copy of a message arrives. */
  ticks: TickMemory;
  highlighted: boolean;
}) {
  switch (row.kind) {
    case 'head':
      return <TimelineHead contact={contact} older={older} />;
    case 'day':
      return (
        <div className={styles.day}>
          <h2>{row.label}</h2>
        </div>
      );
    case 'inbound':
      return <InboundArticle item={row} contact={contact} actions={actions} highlighted={highlighted} />;
    case 'note':
      return <NoteArticle item={row} highlighted={highlighted} />;
    case 'outbound':
      return <OutboundArticle item={row} contact={contact} state={ticks.show(row.message)} actions={actions} highlighted={highlighted} />;
    case 'echo':
      return <EchoArticle item={row} contact={contact} highlighted={highlighted} />;
  }
}

/** The top of the loaded log: a button for the page before, or where the conversation began. */
function TimelineHead({ contact, older }: { contact: string; older: OlderPages }) {
  return (
    <div className={styles.earlier}>
      {older.hasOlder ? (
        <Button size="sm" onClick={older.onLoadOlder} disabled={older.loadingOlder} busy={older.loadingOlder}>
          {older.loadingOlder ? 'Loading earlier messages…' : older.olderFailed ? 'Could not load earlier messages: try again' : 'Show earlier messages'}
        </Button>
      ) : (
        <p className={styles.start}>The start of your conversation with {contact}</p>
      )}
    </div>
  );
}
