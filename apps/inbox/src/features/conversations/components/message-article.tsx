'use client';

import { useId } from 'react';
import { Icon, type IconName } from '../../../components/ui/icon';
import { Time } from '../../../components/time';
import { useClock } from '../../../components/clock';
import { errorLine, errorWords } from '../../../lib/meta-errors';
import { outboundState, type OutboundState } from '../../../lib/message-state';
import type { Quote, ThreadItem } from '../../../lib/thread';
import { clockTime } from '../../../lib/time';
import { waitingWords } from '../../../lib/waiting';
import styles from './message.module.css';

const STATE_ICONS: Readonly<Record<OutboundState, IconName>> = {
  queued: 'clock',
  sending: 'clock',
  held: 'pause',
  accepted: 'check',
  sent: 'check',
  delivered: 'checks',
  read: 'checks',
  played: 'checks',
  failed: 'alert',
  cancelled: 'x',
};

type Inbound = Extract<ThreadItem, { kind: 'inbound' }>;
type Outbound = Extract<ThreadItem, { kind: 'outbound' }>;
type NoteItem = Extract<ThreadItem, { kind: 'note' }>;

function QuoteBlock({ quote, contact }: { quote: Quote; contact: string }) {
  return (
    <blockquote className={styles.quote} data-found={quote.found}>
      {quote.author ? <span className={styles.quoteAuthor}>{quote.author === 'business' ? 'You' : contact}</span> : null}
      {quote.text}
    </blockquote>
  );
}

/** A customer's message: its words or what it is, the choice they pressed, the message it answers. */
export function InboundArticle({ item, contact }: { item: Inbound; contact: string }) {
  const { timeZone } = useClock();
  const { content, quote, inbound } = item;
  return (
    <article className={styles.article} data-direction="inbound" aria-label={`${contact} at ${clockTime(item.at, timeZone)}`}>
      <div className={styles.bubble}>
        {quote ? <QuoteBlock quote={quote} contact={contact} /> : null}
        {content.label ? <span className={styles.label}>{content.label}</span> : null}
        {content.choice ? (
          <p className={styles.choice}>
            <Icon name="reply" size={14} />
            <span className="visually-hidden">Chose </span>
            {content.choice}
          </p>
        ) : null}
        {content.text ? <p className={styles.text}>{content.text}</p> : null}
      </div>
      <div className={styles.meta}>
        <Time at={item.at} style="clock" />
        {inbound.forwarded ? <span>· Forwarded</span> : null}
      </div>
    </article>
  );
}

/**
 * A message the business sent: its content, its state as one word (the article's accessible
 * description), and why, when it failed or waits.
 */
export function OutboundArticle({ item, contact }: { item: Outbound; contact: string }) {
  const { now, timeZone } = useClock();
  const stateId = useId();
  const { message, content, quote } = item;
  const state = outboundState(message.state);
  const error = message.last_error;
  const why = message.state === 'queued' ? waitingWords(message.waiting, now, timeZone) : null;
  return (
    <article className={styles.article} data-direction="outbound" data-state={message.state} aria-label={`To ${contact} at ${clockTime(item.at, timeZone)}`} aria-describedby={stateId}>
      <div className={styles.bubble}>
        {quote ? <QuoteBlock quote={quote} contact={contact} /> : null}
        {content.label ? <span className={styles.label}>{content.label}</span> : null}
        {content.text ? <p className={styles.text}>{content.text}</p> : null}
        {content.variables.length > 0 ? (
          <ul className={styles.options} aria-label="Template variables">
            {content.variables.map((value, i) => (
              <li key={`${i}-${value}`} className={styles.variable}>
                {value}
              </li>
            ))}
          </ul>
        ) : null}
        {content.options.length > 0 ? (
          <ul className={styles.options} aria-label="Choices offered">
            {content.options.map((option, i) => (
              <li key={`${i}-${option}`}>{option}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className={styles.meta}>
        <span className={styles.purpose} title="Purpose">
          {message.purpose}
        </span>
        <span aria-hidden="true">·</span>
        <Time at={item.at} style="clock" />
        <span aria-hidden="true">·</span>
        <span className={styles.state} data-tone={state.tone} title={state.meaning}>
          <Icon name={STATE_ICONS[message.state] ?? 'dot'} size={14} />
          <span id={stateId}>{state.word}</span>
        </span>
      </div>
      {message.state === 'failed' ? (
        <p className={styles.reason}>
          Not delivered: {errorLine(error)}
          {errorWords(error).hint ? <span className={styles.hint}>{errorWords(error).hint}</span> : null}
        </p>
      ) : message.state === 'held' ? (
        <p className={styles.reason} data-tone="warning">
          Held: {errorLine(error)}
        </p>
      ) : why ? (
        <p className={styles.reason} data-tone="warning">
          {why}
        </p>
      ) : null}
    </article>
  );
}

/** A private note: for the team, never sent to the customer. */
export function NoteArticle({ item }: { item: NoteItem }) {
  const { timeZone } = useClock();
  return (
    <article className={styles.note} aria-label={`Note by ${item.note.author_name} at ${clockTime(item.at, timeZone)}`}>
      <span className={styles.noteLabel}>
        <Icon name="lock" size={12} /> Note by {item.note.author_name} · <Time at={item.at} style="clock" /> · not sent to the customer
      </span>
      <p className={styles.text}>{item.note.text}</p>
    </article>
  );
}
