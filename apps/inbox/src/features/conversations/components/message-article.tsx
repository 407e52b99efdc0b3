'use client';

import type { Message } from '@sendbook/api-contract';
import { useId, useState } from 'react';
import { useClock } from '@/components/clock';
import { Time } from '@/components/time';
import { Icon, type IconName } from '@/components/ui/icon';
import { isPreviewable, type MessageContent } from '@/lib/message-content';
import { errorLine, errorWords } from '@/lib/meta-errors';
import { outboundState, type OutboundState } from '@/lib/message-state';
import type { Quote, ThreadItem } from '@/lib/thread';
import { clockTime, durationWords } from '@/lib/time';
import { waitingWords } from '@/lib/waiting';
import styles from './message.module.css';
import { SentFile } from './sent-file';
import { ReactionBar, type ReactionTarget } from './reaction-bar';

/** Each state its own mark, so states differ without colour: one tick, two, blue two, a play. */
const STATE_ICONS: Readonly<Record<OutboundState, IconName>> = {
  queued: 'clock',
  sending: 'question',
  held: 'pause',
  accepted: 'check',
  sent: 'check',
  delivered: 'checks',
  read: 'checks',
  played: 'play',
  failed: 'alert',
  cancelled: 'x',
};

/** Sending for longer than this without an answer: say it may be stuck, and where it will be decided. */
const SENDING_LONG_MS = 60_000;

type Inbound = Extract<ThreadItem, { kind: 'inbound' }>;
type Outbound = Extract<ThreadItem, { kind: 'outbound' }>;
type NoteItem = Extract<ThreadItem, { kind: 'note' }>;

export interface ArticleActions {
  /** Jump to the message a quote names. */
  onJump(key: string): void;
  /** Load older pages until the quoted message (`wanted`, see lib/thread.ts) is there, then jump to it. */
  onFind(wanted: string): void;
  /** Whether there are older pages the quoted message may be in. */
  readonly canFind: boolean;
  /** Answer this message in the composer (its `reply_to`). */
  onReply(item: Inbound | Outbound): void;
  /** Whether replying to a specific message is possible now (the window is open, or a template goes instead). */
  readonly canReply: boolean;
  /** Where reactions to a message go (none: no reaction buttons). */
  readonly reactions?: ReactionTarget;
}

function QuoteBlock({ quote, contact, actions }: { quote: Quote; contact: string; actions: ArticleActions }) {
  const body = (
    <>
      {quote.author ? <span className={styles.quoteAuthor}>{quote.author === 'business' ? 'You' : contact}</span> : null}
      {quote.text}
    </>
  );
  return (
    <blockquote className={styles.quote} data-found={quote.found}>
      {quote.target ? (
        <button type="button" className={styles.quoteButton} onClick={() => actions.onJump(quote.target!)} title="Show the message this answers">
          <span className="visually-hidden">Answers: </span>
          {body}
        </button>
      ) : quote.wanted && actions.canFind ? (
        <button
          type="button"
          className={styles.quoteButton}
          onClick={() => actions.onFind(quote.wanted!)}
          title="Load earlier messages until the one this answers"
        >
          An earlier message: show it
        </button>
      ) : (
        body
      )}
    </blockquote>
  );
}

function Reactions({ reactions }: { reactions: readonly string[] }) {
  if (reactions.length === 0) return null;
  return (
    <span className={styles.reactions} aria-label={`Customer reacted ${reactions.join(' ')}`} role="img">
      {reactions.join(' ')}
    </span>
  );
}

function RawJson({ raw, label }: { raw: Record<string, unknown>; label: string }) {
  return (
    <details className={styles.raw}>
      <summary>{label}</summary>
      <pre>{JSON.stringify(raw, null, 2)}</pre>
    </details>
  );
}

function Media({ content, inboundId, contact }: { content: MessageContent; inboundId: string; contact: string }) {
  const media = content.media!;
  const href = `/v1/inbound/${inboundId}/media`;
  // Once Meta has refused the picture, a download of the same media would only fail too.
  const [gone, setGone] = useState(false);
  return (
    <>
      {isPreviewable(media) ? <Preview href={href} alt={`${content.label} from ${contact}`} failed={gone} onFail={() => setGone(true)} /> : null}
      <MediaFile content={content} href={gone ? null : href} />
    </>
  );
}

/**
 * The picture itself, fetched from Meta through the API when it scrolls into view. A fixed frame:
 * the thread's rows keep their height while it loads. Meta keeps inbound media about 7 days; after
 * that (or when Meta fails) the frame says so instead of showing a broken image.
 */
function Preview({ href, alt, failed, onFail }: { href: string; alt: string; failed: boolean; onFail: () => void }) {
  if (failed) {
    return (
      <p className={styles.previewFailed} role="note">
        <Icon name="alert" size={14} />
        WhatsApp did not give us this picture (it keeps media about 7 days).
      </p>
    );
  }
  return (
    <a
      className={styles.preview}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Open the picture full size"
      title="Open the picture full size"
    >
      <img src={href} alt={alt} loading="lazy" decoding="async" onError={onFail} />
    </a>
  );
}

function MediaFile({ content, href }: { content: MessageContent; href: string | null }) {
  const media = content.media!;
  return (
    <div className={styles.media}>
      <Icon name="file" size={20} />
      <span className={styles.mediaWhat}>
        <span className={styles.mediaLabel}>{content.label}</span>
        {media.mimeType ? <span className={styles.mediaType}>{media.mimeType}</span> : null}
      </span>
      {href ? (
        <a className={styles.download} href={href} download={media.filename ?? undefined}>
          <Icon name="download" size={14} />
          Download<span className="visually-hidden"> {content.label}</span>
        </a>
      ) : null}
    </div>
  );
}

function ReplyButton({ item, actions }: { item: Inbound | Outbound; actions: ArticleActions }) {
  if (!actions.canReply) return null;
  return (
    <button type="button" className={styles.replyButton} onClick={() => actions.onReply(item)}>
      <Icon name="reply" size={12} />
      Reply<span className="visually-hidden"> to this message</span>
    </button>
  );
}

/** A customer's message: its words or what it is, the choice they pressed, the message it answers. */
export function InboundArticle({ item, contact, actions, highlighted }: { item: Inbound; contact: string; actions: ArticleActions; highlighted: boolean }) {
  const { timeZone } = useClock();
  const { content, quote, inbound } = item;
  return (
    <article
      className={styles.article}
      data-direction="inbound"
      data-key={item.key}
      data-highlighted={highlighted || undefined}
      tabIndex={-1}
      aria-label={`${contact} at ${clockTime(item.at, timeZone)}`}
    >
      <div className={styles.bubble}>
        {quote ? <QuoteBlock quote={quote} contact={contact} actions={actions} /> : null}
        {content.media ? (
          <Media content={content} inboundId={inbound.id} contact={contact} />
        ) : content.label ? (
          <span className={styles.label}>{content.label}</span>
        ) : null}
        {content.choice ? (
          <p className={styles.choice}>
            <Icon name="reply" size={14} />
            <span className="visually-hidden">Chose </span>
            {content.choice}
            {content.choiceId ? (
              <code className={styles.choiceId} title="The choice’s id, what your systems receive">
                <span className="visually-hidden">, id </span>
                {content.choiceId}
              </code>
            ) : null}
          </p>
        ) : null}
        {content.text ? <p className={styles.text}>{content.text}</p> : null}
        {content.raw ? <RawJson raw={content.raw} label="Show the message as WhatsApp sent it" /> : null}
        <Reactions reactions={item.reactions} />
      </div>
      <div className={styles.meta}>
        <Time at={item.at} style="clock" />
        {inbound.forwarded ? <span>· Forwarded</span> : null}
        {inbound.attribution === 'unattributed' ? <span className={styles.unattributed}>· Not matched to a message we sent</span> : null}
        <ReplyButton item={item} actions={actions} />
        <ReactionBar item={item} target={actions.reactions} />
      </div>
    </article>
  );
}

type Rendered = NonNullable<Message['rendered']>;

/** A header's image, video or document: the link it was sent by, or the uploaded file's id. */
function HeaderMedia({ media }: { media: NonNullable<Rendered['media']> }) {
  const what = media.type === 'image' ? 'Image' : media.type === 'video' ? 'Video' : media.type === 'document' ? 'Document' : media.type;
  return (
    <p className={styles.templateMedia}>
      <Icon name="file" size={14} />
      {what}:{' '}
      {media.link && /^https?:\/\//i.test(media.link) ? (
        <a href={media.link} target="_blank" rel="noreferrer noopener">
          {media.link}
        </a>
      ) : (
        <span>{media.link ?? `uploaded file ${media.id ?? ''}`}</span>
      )}
    </p>
  );
}

/** A template's buttons with what each carries: the URL it opens, the code it copies, the reply it sends back. */
function TemplateButtons({ buttons, label }: { buttons: Rendered['buttons']; label: string }) {
  if (buttons.length === 0) return null;
  return (
    <ul className={styles.templateButtons} aria-label={label}>
      {buttons.map((button, i) => (
        <li key={`${i}-${button.text}`}>
          {button.text}
          {button.value ? (
            <span className={styles.buttonValue}>
              {button.type === 'URL'
                ? 'opens '
                : button.type === 'COPY_CODE' || button.type === 'OTP'
                  ? 'copies '
                  : button.type === 'QUICK_REPLY'
                    ? 'answers '
                    : ''}
              {button.type === 'URL' && /^https?:\/\//i.test(button.value) ? (
                <a href={button.value} target="_blank" rel="noreferrer noopener">
                  {button.value}
                </a>
              ) : (
                <code>{button.value}</code>
              )}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** What a template looked like on the customer's phone: header (text or media), body, footer, buttons, carousel cards. */
function RenderedTemplate({ rendered }: { rendered: Rendered }) {
  return (
    <div className={styles.template}>
      {rendered.media ? <HeaderMedia media={rendered.media} /> : rendered.header ? <p className={styles.templateHeader}>{rendered.header}</p> : null}
      <p className={styles.text}>{rendered.body}</p>
      {rendered.footer ? <p className={styles.templateFooter}>{rendered.footer}</p> : null}
      <TemplateButtons buttons={rendered.buttons} label="Buttons on the template" />
      {rendered.cards.length > 0 ? (
        <ol className={styles.cards} aria-label="Carousel cards">
          {rendered.cards.map((card, i) => (
            <li key={i} className={styles.card}>
              <span className={styles.cardNumber}>Card {i + 1}</span>
              {card.media ? <HeaderMedia media={card.media} /> : null}
              {card.body ? <p className={styles.text}>{card.body}</p> : null}
              <TemplateButtons buttons={card.buttons} label={`Buttons on card ${i + 1}`} />
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

/**
 * A template as the customer will see it, in the thread's own outbound bubble: the new-template
 * form's preview (no state, time or actions: it has not been sent).
 */
export function TemplateBubble({ rendered, label }: { rendered: Rendered; label: string }) {
  return (
    <figure className={styles.article} data-direction="outbound" aria-label={label}>
      <div className={styles.bubble}>
        <RenderedTemplate rendered={rendered} />
      </div>
    </figure>
  );
}

/** What else a message carried (a button's URL, a contact's phone, a product id), term by term. */
function Details({ details }: { details: MessageContent['details'] }) {
  if (details.length === 0) return null;
  return (
    <dl className={styles.details}>
      {details.map((d, i) => (
        <div key={`${i}-${d.term}`}>
          <dt>{d.term}</dt>
          <dd>
            {d.href ? (
              <a href={d.href} target="_blank" rel="noreferrer noopener">
                {d.value}
              </a>
            ) : (
              d.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Why the message is where it is, when that needs words: failed, held, waiting, or sending with no answer yet. */
function StateReason({ message, state, now, timeZone }: { message: Message; state: OutboundState; now: number; timeZone: string }) {
  const error = message.last_error;
  if (state === 'failed') {
    const hint = errorWords(error).hint;
    return (
      <p className={styles.reason}>
        Not delivered: {errorLine(error)}
        {hint ? <span className={styles.hint}>{hint}</span> : null}
      </p>
    );
  }
  if (state === 'held') {
    return (
      <p className={styles.reason} data-tone="warning">
        Held, not sent: {errorLine(error)}
        <span className={styles.hint}>
          {error?.code === 'marketing_opt_out'
            ? 'It goes out by itself if they resume marketing; an admin can cancel it from the Held queue.'
            : 'An admin can release it as a template or cancel it from the Held queue.'}
        </span>
      </p>
    );
  }
  if (state === 'queued') {
    const why = waitingWords(message.waiting, now, timeZone);
    return why ? (
      <p className={styles.reason} data-tone="muted">
        {why}
      </p>
    ) : null;
  }
  if (state === 'sending') {
    const since = message.sending_started_at ? now - Date.parse(message.sending_started_at) : 0;
    return (
      <p className={styles.reason} data-tone="progress">
        {since > SENDING_LONG_MS
          ? `No answer from WhatsApp for ${durationWords(since)}: whether it went is not known yet. It is never sent twice; the Stuck sending queue decides it.`
          : 'Handed to WhatsApp; its answer has not come yet, so whether it went is not known.'}
      </p>
    );
  }
  return null;
}

/**
 * A message the business sent: its content as the customer saw it, its state as one word (the
 * article's accessible description) with its own mark, and why, when it failed, is held or waits.
 * `state` is the state to show, which never steps back down the ticks (lib/ticks.ts).
 */
export function OutboundArticle({
  item,
  contact,
  state,
  actions,
  highlighted,
}: {
  item: Outbound;
  contact: string;
  state: OutboundState;
  actions: ArticleActions;
  highlighted: boolean;
}) {
  const { now, timeZone } = useClock();
  const stateId = useId();
  const { message, content, quote } = item;
  const display = outboundState(state);
  return (
    <article
      className={styles.article}
      data-direction="outbound"
      data-state={state}
      data-key={item.key}
      data-highlighted={highlighted || undefined}
      tabIndex={-1}
      aria-label={`To ${contact} at ${clockTime(item.at, timeZone)}`}
      aria-describedby={stateId}
    >
      <div className={styles.bubble}>
        {quote ? <QuoteBlock quote={quote} contact={contact} actions={actions} /> : null}
        {message.file ? (
          <SentFile file={message.file} label={content.label ?? 'File'} />
        ) : content.label ? (
          <span className={styles.label}>{content.label}</span>
        ) : null}
        {message.rendered ? (
          <RenderedTemplate rendered={message.rendered} />
        ) : (
          <>
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
            <Details details={content.details} />
          </>
        )}
        {content.raw ? <RawJson raw={content.raw} label="Show the message as it was sent" /> : null}
        <Reactions reactions={item.reactions} />
      </div>
      <div className={styles.meta}>
        {message.created_by?.startsWith('staff:') && message.created_by_name ? (
          <span className={styles.author} title={`Purpose: ${message.purpose}`}>
            {message.created_by_name}
          </span>
        ) : (
          <span className={styles.purpose} title={message.created_by_name ? `Purpose; sent by ${message.created_by_name}` : 'Purpose'}>
            {message.purpose}
          </span>
        )}
        <span aria-hidden="true">·</span>
        <Time at={item.at} style="clock" />
        <span aria-hidden="true">·</span>
        <span className={styles.state} data-tone={display.tone} title={display.meaning}>
          <Icon name={STATE_ICONS[state] ?? 'dot'} size={14} />
          <span id={stateId}>{display.word}</span>
        </span>
        <ReplyButton item={item} actions={actions} />
        <ReactionBar item={item} target={actions.reactions} />
      </div>
      <StateReason message={message} state={state} now={now} timeZone={timeZone} />
    </article>
  );
}

/** A private note: for the team, never sent to the customer. */
export function NoteArticle({ item, highlighted }: { item: NoteItem; highlighted: boolean }) {
  const { timeZone } = useClock();
  return (
    <article
      className={styles.note}
      data-key={item.key}
      data-highlighted={highlighted || undefined}
      tabIndex={-1}
      aria-label={`Private note by ${item.note.author_name} at ${clockTime(item.at, timeZone)}`}
    >
      <span className={styles.noteLabel}>
        <Icon name="lock" size={12} /> Private note by {item.note.author_name} · <Time at={item.at} style="clock" /> · not sent to the customer
      </span>
      <p className={styles.text}>{item.note.text}</p>
    </article>
  );
}
