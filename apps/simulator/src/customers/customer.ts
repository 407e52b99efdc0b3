import { newNumericId, newWamid } from '../core/ids.js';
import { pdfFor, pngFor, signedBytesFor } from '../media/media-bytes.js';
import { originOf, type CustomerProfile, type SimContext } from '../sim-context.js';
import type { AcceptedMessage, LedgerEntry } from '../state/records.js';
import type { ContactObject } from '../webhooks/webhook-types.js';
import {
  buttonReplyMessage,
  listReplyMessage,
  mediaMessage,
  quickReplyMessage,
  reactionMessage,
  textMessage,
  type InboundHeader,
  type InboundMediaExtras,
  type InboundMediaKind,
  type InboundMessage,
} from './inbound-messages.js';

/** What each kind of media a customer sends is made of: its type as Meta reports it, and bytes. */
const MEDIA_MADE_OF: Readonly<Record<InboundMediaKind, { mimeType: string; bytes: (id: string) => Buffer }>> = {
  image: { mimeType: 'image/png', bytes: pngFor },
  document: { mimeType: 'application/pdf', bytes: pdfFor },
  audio: { mimeType: 'audio/ogg; codecs=opus', bytes: (id) => signedBytesFor('audio', id) },
  video: { mimeType: 'video/mp4', bytes: (id) => signedBytesFor('video', id) },
  sticker: { mimeType: 'image/webp', bytes: (id) => signedBytesFor('sticker', id) },
};

export interface AutoReplyOptions {
  /** Chance of answering each message that reaches the phone. */
  probability: number;
  /** How long the customer takes to answer (default 300–1500 ms). */
  delayMs?: readonly [number, number];
}

export interface CustomerOptions {
  name?: string;
  /** Every accepted send to this customer ends in a `failed` status with this code (e.g. 131026). */
  failWith?: number | null;
  /** Whether `read` statuses are sent (users can turn read receipts off). Default true. */
  readReceipts?: boolean;
  /** The business number this customer writes to when not answering a specific message. */
  phoneNumberId?: string;
  /** Answer received messages by chance (random customers). */
  autoReply?: AutoReplyOptions | null;
  /** Business-scoped user id (2026), e.g. `US.13491208655302741918`: carried on every webhook. */
  userId?: string | null;
  /** A username: with a user id, the customer's number is left out of their webhooks. */
  username?: string | null;
}

const REPLY_PHRASES = ['Thanks!', 'Ok 👍', 'Can you tell me more?', 'Perfect, see you then', 'When will it arrive?', 'Sounds good', 'Hmm, not sure yet'];

/**
 * A simulated WhatsApp user. Each method emits a real inbound webhook payload (fixture shapes),
 * opens or refreshes the user's 24 h window with the business number, and returns the inbound wamid.
 */
export class Customer implements CustomerProfile {
  name: string;
  failWith: number | null;
  readReceipts: boolean;
  phoneNumberId: string | undefined;
  autoReply: AutoReplyOptions | null;
  userId: string | null;
  username: string | null;

  constructor(
    private readonly ctx: SimContext,
    readonly waId: string,
    options: CustomerOptions = {},
  ) {
    this.name = options.name ?? `Customer ${waId.slice(-4)}`;
    this.failWith = options.failWith ?? null;
    this.readReceipts = options.readReceipts ?? true;
    this.phoneNumberId = options.phoneNumberId;
    this.autoReply = options.autoReply ?? null;
    this.userId = options.userId ?? null;
    this.username = options.username ?? null;
  }

  /** A username user with a user id writes without their number (Meta omits `from` and `wa_id`). */
  get hidesNumber(): boolean {
    return this.username !== null && this.userId !== null;
  }

  update(options: CustomerOptions): this {
    if (options.name !== undefined) this.name = options.name;
    if (options.failWith !== undefined) this.failWith = options.failWith;
    if (options.readReceipts !== undefined) this.readReceipts = options.readReceipts;
    if (options.phoneNumberId !== undefined) this.phoneNumberId = options.phoneNumberId;
    if (options.autoReply !== undefined) this.autoReply = options.autoReply;
    if (options.userId !== undefined) this.userId = options.userId;
    if (options.username !== undefined) this.username = options.username;
    return this;
  }

  sendText(text: string, options: { contextWamid?: string } = {}): string {
    return this.emit(options.contextWamid ?? null, (header) => textMessage(header, text));
  }

  replyButton(toWamid: string, buttonId: string, title: string): string {
    return this.emit(toWamid, (header) => buttonReplyMessage(header, buttonId, title));
  }

  replyList(toWamid: string, rowId: string, title: string, description?: string): string {
    return this.emit(toWamid, (header) => listReplyMessage(header, rowId, title, description));
  }

  tapQuickReply(toWamid: string, payload: string, text: string): string {
    return this.emit(toWamid, (header) => quickReplyMessage(header, payload, text));
  }

  /** An empty emoji removes the reaction. Reactions carry no context. */
  react(toWamid: string, emoji: string): string {
    return this.emit(null, (header) => reactionMessage(header, toWamid, emoji), this.numberOf(toWamid));
  }

  /**
   * The business wrote to this customer from the WhatsApp Business app on its phone (a coexistence
   * number): Meta echoes it to the app as `smb_message_echoes`. It opens no window (only the
   * customer writing does) and is not in the ledger of what Sendbook sent. Returns its wamid.
   */
  textFromBusinessApp(text: string, options: { phoneNumberId?: string } = {}): string {
    const ctx = this.ctx;
    const origin = originOf(ctx.config(), this.targetNumber(null, options.phoneNumberId));
    const echo = {
      from: origin.displayPhoneNumber,
      to: this.waId,
      id: newWamid(this.waId, 'outbound'),
      timestamp: String(Math.floor(ctx.clock.now() / 1000)),
      type: 'text',
      text: { body: text },
    };
    ctx.emitter.enqueue({ ...origin, eventId: ctx.state.nextEventId(), contact: null, kind: 'echo', echo });
    return echo.id;
  }

  /** A small PNG the simulator keeps, so the business can download it by media id. */
  sendImage(caption?: string): string {
    return this.sendMedia('image', caption === undefined ? {} : { caption });
  }

  /**
   * A photo, document (a one-page PDF), voice note or audio file, video or sticker, kept by the
   * simulator so the business can download it by media id.
   */
  sendMedia(kind: InboundMediaKind, extras: InboundMediaExtras = {}): string {
    return this.emit(null, (header, phoneNumberId) => {
      const id = newNumericId(16);
      const made = MEDIA_MADE_OF[kind];
      const file = made.bytes(id);
      const bytes =
        extras.sizeBytes !== undefined && extras.sizeBytes > file.length ? Buffer.concat([file, Buffer.alloc(extras.sizeBytes - file.length, 0x20)]) : file;
      const media = this.ctx.state.media.add(id, phoneNumberId, made.mimeType, bytes);
      return mediaMessage(header, kind, media, kind === 'document' ? { filename: 'document.pdf', ...extras } : extras);
    });
  }

  /**
   * Answers message `toWamid` the way its UI allows: taps the button / list row / quick reply whose
   * id or title matches `choice` (case-insensitive), else quotes it with `choice` as text.
   */
  reply(toWamid: string, choice: string): string {
    const message = this.ctx.state.ledger.get(toWamid);
    const wanted = choice.trim().toLowerCase();
    const picked = message?.choices.find((c) => c.id.toLowerCase() === wanted || c.title.toLowerCase() === wanted);
    if (!picked) return this.sendText(choice, { contextWamid: toWamid });
    if (picked.kind === 'button') return this.replyButton(toWamid, picked.id, picked.title);
    if (picked.kind === 'list_row') return this.replyList(toWamid, picked.id, picked.title, picked.description);
    return this.tapQuickReply(toWamid, picked.id, picked.title);
  }

  /** A random answer to `message` (used by auto-replying customers). */
  replyRandomly(message: AcceptedMessage): string | null {
    if (message.type === 'reaction') return null;
    const rng = this.ctx.customerRng();
    if (message.choices.length > 0) return this.reply(message.wamid, rng.pick(message.choices).id);
    const text = rng.pick(REPLY_PHRASES);
    return rng.chance(0.5) ? this.sendText(text, { contextWamid: message.wamid }) : this.sendText(text);
  }

  /** Messages that reached this customer's phone. */
  received(): LedgerEntry[] {
    return this.ctx.state.ledger.entries({ to: this.waId });
  }

  /** `contacts[]` as Meta writes it: the number unless hidden, the user id and username when set. */
  private contactObject(): ContactObject {
    const profile = this.username !== null ? { name: this.name, username: this.username } : { name: this.name };
    return {
      profile,
      ...(this.hidesNumber ? {} : { wa_id: this.waId }),
      ...(this.userId !== null ? { user_id: this.userId } : {}),
    };
  }

  private numberOf(wamid: string | null): string | undefined {
    return wamid ? this.ctx.state.ledger.get(wamid)?.phoneNumberId : undefined;
  }

  /** The business number this inbound goes to: the answered message's, else the customer's usual one. */
  private targetNumber(contextWamid: string | null, explicit: string | undefined): string {
    const lastReceived = this.ctx.state.ledger.lastNumberFor(this.waId);
    return explicit ?? this.numberOf(contextWamid) ?? this.phoneNumberId ?? lastReceived ?? this.ctx.config().phoneNumbers[0]?.id ?? '';
  }

  private emit(contextWamid: string | null, build: (header: InboundHeader, phoneNumberId: string) => InboundMessage, explicitNumber?: string): string {
    const ctx = this.ctx;
    const origin = originOf(ctx.config(), this.targetNumber(contextWamid, explicitNumber));
    const now = ctx.clock.now();
    const message = build(
      {
        wamid: newWamid(this.waId, 'inbound'),
        from: this.hidesNumber ? null : this.waId,
        fromUserId: this.userId,
        timestampSec: Math.floor(now / 1000),
        context: contextWamid ? { from: origin.displayPhoneNumber, id: contextWamid } : null,
      },
      origin.phoneNumberId,
    );
    ctx.state.windows.touch(origin.phoneNumberId, this.waId, now);
    ctx.state.addInbound({
      wamid: message.id,
      phoneNumberId: origin.phoneNumberId,
      from: this.waId,
      type: message.type,
      contextWamid,
      at: now,
      message,
    });
    ctx.emitter.enqueue({
      ...origin,
      eventId: ctx.state.nextEventId(),
      contact: this.contactObject(),
      kind: 'message',
      message,
    });
    return message.id;
  }
}
