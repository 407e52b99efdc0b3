import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

/** A file to upload to `POST /<phone_number_id>/media`, opened as a fresh stream when it is written. */
export interface MediaUploadFile {
  mimeType: string;
  filename: string;
  size: number;
  open: () => Readable;
}

/**
 * The multipart/form-data body Meta's upload edge takes (`messaging_product`, `type`, `file`), as
 * a stream of known length: the file is never held whole in memory.
 */
export function multipartUpload(file: MediaUploadFile): { contentType: string; length: number; open: () => Readable } {
  const boundary = `sendbook-${randomBytes(12).toString('hex')}`;
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  // Quotes and line breaks cannot be escaped in a header's quoted string: they are replaced.
  const filename = file.filename.replace(/["\r\n\\]/g, '_');
  const head = Buffer.from(
    field('messaging_product', 'whatsapp') +
      field('type', file.mimeType) +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${file.mimeType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + file.size + tail.length,
    open: () =>
      Readable.from(
        (async function* () {
          yield head;
          yield* file.open();
          yield tail;
        })(),
      ),
  };
}
