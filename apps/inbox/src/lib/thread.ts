import type { Inbound, Message, MessageEcho, Note, TimelineEntry } from '@sendbook/api-contract';
import { agentReactions } from './agent-reactions';
import { echoContent } from './echo-content';
import { excerpt, inboundContent, outboundContent, type MessageContent } from './message-content';
import { entryKey } from './send-guard';
import { dayKey, dayLabel, type Instant } from './time';

/**
 * A conversation's timeline as the thread draws it: day separators, each message's content, and
 * for a message that answers another (a customer's reply, a button pressed on a template, a
 * reaction, an agent's reply) a quote of the message it answers. Private notes sit among them, and
 * what the business sent from the WhatsApp Business app on the phone (echoes) among ours. Reactions,
 * the customer's and the agents', sit on the message they react to.
 */
export interface Quote {
  /** The answered message's words, cut to one line; or a note that it is not in this thread. */
  readonly text: string;
  /** Who wrote the answered message. */
  readonly author: 'customer' | 'business' | null;
  /** Whether the answered message is in this thread (else only its id is known). */
  readonly found: boolean;
  /** The answered message's item key, to jump to it. */
  readonly target: string | null;
  /** When it is not among the loaded entries: how to recognise it in an older page (its wamid, or `id:<message id>`). */
  readonly wanted?: string;
}

export type ThreadItem =
  | { readonly kind: 'day'; readonly key: string; readonly label: string }
  | {
      readonly kind: 'inbound';
      readonly key: string;
      readonly at: string;
      readonly inbound: Inbound;
      readonly content: MessageContent;
      readonly quote: Quote | null;
      readonly reactions: readonly string[];
      /** The business's own reaction on it (lib/agent-reactions.ts), or null. */
      readonly agentReaction: string | null;
    }
  | {
      readonly kind: 'outbound';
      readonly key: string;
      readonly at: string;
      readonly message: Message;
      readonly content: MessageContent;
      readonly quote: Quote | null;
      readonly reactions: readonly string[];
      readonly agentReaction: string | null;
    }
  | {
      /** Sent from the WhatsApp Business app on the phone: outbound, but not through Sendbook. */
      readonly kind: 'echo';
      readonly key: string;
      readonly at: string;
      readonly echo: MessageEcho;
      readonly content: MessageContent;
      readonly reactions: readonly string[];
    }
  | { readonly kind: 'note'; readonly key: string; readonly at: string; readonly note: Note };

const NOT_HERE: Quote = { text: 'A message that is not in this thread', author: null, found: false, target: null };

export function buildThread(timeline: readonly TimelineEntry[], now: Instant, timeZone = 'UTC'): ThreadItem[] {
  const byWamid = new Map<string, TimelineEntry>();
  const byMessageId = new Map<string, TimelineEntry>();
  for (const entry of timeline) {
    if (entry.direction === 'inbound') byWamid.set(entry.inbound.wamid, entry);
    else if (entry.direction === 'echo') byWamid.set(entry.echo.wamid, entry);
    else if (entry.direction === 'outbound') {
      byMessageId.set(entry.message.id, entry);
      if (entry.message.wamid) byWamid.set(entry.message.wamid, entry);
    }
  }
  const quoteOf = (entry: TimelineEntry | undefined, named: boolean, wanted?: string): Quote | null => {
    if (!entry || entry.direction === 'note') return named ? (wanted ? { ...NOT_HERE, wanted } : NOT_HERE) : null;
    if (entry.direction === 'inbound') return { text: excerpt(inboundContent(entry.inbound)), author: 'customer', found: true, target: entryKey(entry) };
    const said = entry.direction === 'echo' ? echoContent(entry.echo) : outboundContent(entry.message);
    return { text: excerpt(said), author: 'business', found: true, target: entryKey(entry) };
  };

  // A customer's reaction sits on the message it reacts to (the latest one wins; a removal clears
  // it) instead of being a message of its own; one whose message is not loaded stays an entry.
  const reactionOn = new Map<string, string | null>();
  const placed = new Set<string>();
  for (const entry of timeline) {
    if (entry.direction !== 'inbound' || !entry.inbound.reaction?.message_wamid) continue;
    const target = byWamid.get(entry.inbound.reaction.message_wamid);
    if (!target) continue;
    reactionOn.set(entryKey(target), entry.inbound.reaction.removed ? null : entry.inbound.reaction.emoji);
    placed.add(entry.inbound.id);
  }
  const reactionsOf = (key: string): string[] => {
    const emoji = reactionOn.get(key);
    return emoji ? [emoji] : [];
  };
  const mine = agentReactions(timeline, (wamid) => {
    const target = byWamid.get(wamid);
    return target ? entryKey(target) : undefined;
  });

  const items: ThreadItem[] = [];
  let day: string | null = null;
  // The API's order, not a sort on `at`: Meta's timestamps have whole seconds, so a reply can carry
  // an earlier `at` than the message it answers; the API orders the thread as things happened.
  for (const entry of timeline) {
    if (entry.direction === 'inbound' && placed.has(entry.inbound.id)) continue;
    if (entry.direction === 'outbound' && mine.placed.has(entry.message.id)) continue;
    const key = dayKey(entry.at, timeZone);
    if (key !== day) {
      day = key;
      items.push({ kind: 'day', key: `day-${key}`, label: dayLabel(entry.at, now, timeZone) });
    }
    if (entry.direction === 'note') {
      items.push({ kind: 'note', key: `note-${entry.note.id}`, at: entry.at, note: entry.note });
    } else if (entry.direction === 'echo') {
      const echoKey = `echo-${entry.echo.id}`;
      items.push({ kind: 'echo', key: echoKey, at: entry.at, echo: entry.echo, content: echoContent(entry.echo), reactions: reactionsOf(echoKey) });
    } else if (entry.direction === 'inbound') {
      const inbound = entry.inbound;
      const named = inbound.reaction?.message_wamid ?? inbound.context_wamid;
      const answered = (inbound.message_id ? byMessageId.get(inbound.message_id) : undefined) ?? (named ? byWamid.get(named) : undefined);
      items.push({
        kind: 'inbound',
        key: `in-${inbound.id}`,
        at: entry.at,
        inbound,
        content: inboundContent(inbound),
        quote: quoteOf(answered, Boolean(named || inbound.message_id), inbound.message_id ? `id:${inbound.message_id}` : (named ?? undefined)),
        reactions: reactionsOf(`in-${inbound.id}`),
        agentReaction: mine.on.get(`in-${inbound.id}`) ?? null,
      });
    } else {
      const message = entry.message;
      const context = message.payload.context;
      const named =
        typeof context === 'object' && context !== null && typeof (context as { message_id?: unknown }).message_id === 'string'
          ? (context as { message_id: string }).message_id
          : null;
      items.push({
        kind: 'outbound',
        key: `out-${message.id}`,
        at: entry.at,
        message,
        content: outboundContent(message),
        quote: named ? quoteOf(byWamid.get(named), true, named) : null,
        reactions: reactionsOf(`out-${message.id}`),
        agentReaction: mine.on.get(`out-${message.id}`) ?? null,
      });
    }
  }
  return items;
}
