import { MediaStore } from '../media/media-store.js';
import { PairLimiter } from '../policy/pair-limiter.js';
import { ServiceWindows } from '../policy/service-windows.js';
import { ThroughputLimiter } from '../policy/throughput-limiter.js';
import { SendScript } from '../send/send-script.js';
import { Conversations } from '../webhooks/conversations.js';
import { Ledger } from './ledger.js';
import type { InboundRecord, ReadReceipt, Rejection, UploadRecord } from './records.js';

/** Everything the simulator remembers between requests; `reset()` forgets it all. */
export class SimState {
  readonly ledger = new Ledger();
  readonly throughput = new ThroughputLimiter();
  readonly pairs = new PairLimiter();
  readonly windows = new ServiceWindows();
  readonly conversations = new Conversations();
  readonly script = new SendScript();
  readonly rejections: Rejection[] = [];
  readonly readReceipts: ReadReceipt[] = [];
  readonly uploads: UploadRecord[] = [];
  readonly inbound: InboundRecord[] = [];
  readonly inboundByWamid = new Map<string, InboundRecord>();
  /** Media of inbound messages and business uploads, served by GET /{media_id} and its download URL. */
  readonly media = new MediaStore();
  requestCount = 0;
  private eventSequence = 0;

  nextEventId(): string {
    return `evt_${++this.eventSequence}`;
  }

  addInbound(record: InboundRecord): void {
    this.inbound.push(record);
    this.inboundByWamid.set(record.wamid, record);
  }

  reset(): void {
    this.ledger.reset();
    this.throughput.reset();
    this.pairs.reset();
    this.windows.reset();
    this.conversations.reset();
    this.script.reset();
    this.rejections.length = 0;
    this.readReceipts.length = 0;
    this.uploads.length = 0;
    this.inbound.length = 0;
    this.inboundByWamid.clear();
    this.media.reset();
    this.requestCount = 0;
  }
}
