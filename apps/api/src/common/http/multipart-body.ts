import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { Busboy, type BusboyHeaders } from '@fastify/busboy';
import type { FastifyInstance } from 'fastify';
import { InvalidJsonBodyError } from './json-body.js';

/**
 * multipart/form-data is taken only by the routes named here, and left unread: the route streams
 * the file where it goes (a 100 MB document is never held in memory). Elsewhere it is refused
 * like any body that is not JSON.
 */
export function registerMultipartBody(fastify: FastifyInstance, routes: readonly string[]): void {
  fastify.addContentTypeParser('multipart/form-data', (req, _payload, done) => {
    if (routes.includes(req.routeOptions.url ?? '')) return done(null, undefined);
    done(new InvalidJsonBodyError(`not JSON (Content-Type: ${req.headers['content-type'] ?? 'none'}): send application/json`), undefined);
  });
}

export interface FilePart {
  /** The form field the file came in. */
  field: string;
  filename: string | null;
  mimeType: string;
  body: Readable;
}

/**
 * The first file of a multipart request, as soon as its part begins; null when the form ends
 * without one. Parts after it are drained unread. `maxBytes` cuts the file off (the reader sees a
 * short file and judges it by its own limit first).
 */
export function firstFilePart(req: IncomingMessage, maxBytes: number): Promise<FilePart | null> {
  return new Promise((resolve, reject) => {
    let parser: Busboy;
    try {
      parser = new Busboy({ headers: req.headers as BusboyHeaders, limits: { files: 1, fileSize: maxBytes, fields: 20, parts: 30 } });
    } catch (error) {
      return reject(error);
    }
    let found = false;
    parser.on('file', (field: string, stream: Readable, filename: string, _encoding: string, mimeType: string) => {
      if (found) return stream.resume();
      found = true;
      resolve({ field, filename: filename || null, mimeType, body: stream });
    });
    parser.on('finish', () => {
      if (!found) resolve(null);
    });
    parser.on('error', (error: Error) => (found ? undefined : reject(error)));
    req.pipe(parser);
  });
}
