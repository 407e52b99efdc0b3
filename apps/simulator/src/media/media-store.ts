import { createHash } from 'node:crypto';

/** A media object a simulated customer sent: what GET /{media_id} describes and the URL serves. */
export interface MediaObject {
  id: string;
  /** The business number the message went to (Meta checks `phone_number_id` against it). */
  phoneNumberId: string;
  mimeType: string;
  bytes: Buffer;
  /** As GET /{media_id} gives it. */
  sha256Hex: string;
  /** As inbound webhooks give it. */
  sha256Base64: string;
}

/** Media the simulator can serve, by id. */
export class MediaStore {
  private readonly objects = new Map<string, MediaObject>();

  add(id: string, phoneNumberId: string, mimeType: string, bytes: Buffer): MediaObject {
    const digest = createHash('sha256').update(bytes).digest();
    const object = { id, phoneNumberId, mimeType, bytes, sha256Hex: digest.toString('hex'), sha256Base64: digest.toString('base64') };
    this.objects.set(id, object);
    return object;
  }

  get(id: string): MediaObject | undefined {
    return this.objects.get(id);
  }

  /** Meta keeps inbound media about 7 days: afterwards GET /{media_id} answers error 100. */
  expire(id: string): boolean {
    return this.objects.delete(id);
  }

  reset(): void {
    this.objects.clear();
  }
}
