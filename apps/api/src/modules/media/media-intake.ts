import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { contentMatchesType, SIGNATURE_BYTES } from '@sendbook/whatsapp';

/** Why an incoming file stream stopped: past its limit, or its first bytes are not its type. */
export class IntakeRefused extends Error {
  constructor(
    readonly reason: 'size' | 'content',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The bytes of a file on their way into the store, counted, hashed and checked as they pass: the
 * first bytes against the declared type, the total against the limit. Fails the stream (and so
 * the write) the moment either is wrong, so nothing past the limit is ever written.
 */
export class MediaIntake extends Transform {
  size = 0;
  private readonly hash = createHash('sha256');
  private head: Buffer[] = [];
  private headBytes = 0;
  private checked = false;

  constructor(
    private readonly mimeType: string,
    private readonly maxBytes: number,
    private readonly tooLarge: () => string,
  ) {
    super();
  }

  get sha256(): string {
    return this.hash.copy().digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(new IntakeRefused('size', this.tooLarge()));
    if (!this.checked) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes >= SIGNATURE_BYTES) {
        const problem = this.checkHead();
        if (problem) return done(problem);
      }
    }
    this.hash.update(chunk);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    // An empty file has no head to judge; the caller refuses it for being empty.
    done(this.checked || this.size === 0 ? null : this.checkHead());
  }

  private checkHead(): IntakeRefused | null {
    this.checked = true;
    const head = Buffer.concat(this.head).subarray(0, SIGNATURE_BYTES);
    this.head = [];
    return contentMatchesType(this.mimeType, head) ? null : new IntakeRefused('content', `the file's content is not ${this.mimeType}`);
  }
}
