import type { IncomingMessage, ServerResponse } from 'node:http';
import { toMetaJson } from '../core/meta-json.js';

const MAX_BODY_BYTES = 5 * 1024 * 1024;

export class BodyTooLarge extends Error {}

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new BodyTooLarge(`body over ${limit} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export type ParsedJson = { ok: true; value: unknown } | { ok: false };

export function parseJson(text: string): ParsedJson {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Answers with Graph-style bytes (non-ASCII and `/` escaped), unless the client already left. */
export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  if (res.destroyed || res.writableEnded) return;
  const body = toMetaJson(value);
  res.writeHead(status, {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}
