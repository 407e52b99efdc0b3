import { Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import type { InboundExportRow, MessageExportRow } from '@sendbook/api-contract';
import { ownMessageActors } from '../../common/auth/access.js';
import type { Principal } from '../../common/auth/principal.js';
import { DomainError } from '../../common/errors/domain-error.js';
import type { HttpReply } from '../../common/http/http-types.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { presentInbound } from '../conversations/conversations.presenter.js';
import { MessagesService } from '../outbox/messages.service.js';
import { csvLine, csvRecord } from './domain/csv.js';
import { decodeExportCursor, encodeExportCursor, type ExportKind, type ExportPosition } from './domain/export-cursor.js';
import { exportFileName, parseExportPeriod, type ExportPeriod } from './domain/export-period.js';
import type { ExportFormat, ExportQueryDto } from './dto/export-query.dto.js';
import { ExportResponse } from './export-stream.js';
import { presentPricing } from './exports.presenter.js';
import { ExportsRepository, type Placed } from './exports.repository.js';
import { INBOUND_EXPORT_COLUMNS, MESSAGE_EXPORT_COLUMNS } from './exports.schemas.js';

/**
 * Rows per page: one short statement each (no transaction held across pages), and what one export
 * holds in memory at a time (the page being written and the next one being read).
 */
export const EXPORT_PAGE_ROWS = 1_000;

const CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = { jsonl: 'application/x-ndjson; charset=utf-8', csv: 'text/csv; charset=utf-8' };

/** What one export reads and how it shows each row. */
interface ExportSource<T> {
  readonly kind: ExportKind;
  readonly columns: readonly string[];
  read(after: ExportPosition | null): Promise<Placed<T>[]>;
  present(page: readonly Placed<T>[]): Promise<readonly (MessageExportRow | InboundExportRow)[]>;
}

interface ExportRequest {
  readonly period: ExportPeriod;
  readonly format: ExportFormat;
  readonly after: ExportPosition | null;
}

/**
 * `GET /v1/messages/export` and `GET /v1/inbound/export`: every row of a period, streamed. Rows are
 * read in (created_at, id) order a page at a time, each page its own statement after the last row
 * written (keyset, never OFFSET), so an export of any length holds one page in memory, no
 * transaction and no lock; every row carries the `cursor` that continues after it.
 */
@Injectable()
export class ExportsService implements BeforeApplicationShutdown {
  private readonly running = new Set<ExportResponse>();
  private closing = false;

  constructor(
    private readonly repo: ExportsRepository,
    private readonly messages: MessagesService,
    private readonly logger: JsonLogger,
  ) {}

  /** The messages a caller may read (a send-only key: its integration's), with pricing and replies. */
  exportMessages(query: ExportQueryDto, by: Principal, reply: HttpReply): Promise<void> {
    const request = this.request('messages', query);
    const createdBy = ownMessageActors(by);
    return this.stream(reply, request, {
      kind: 'messages',
      columns: MESSAGE_EXPORT_COLUMNS,
      read: (after) => this.repo.outboundPage({ period: request.period, after, createdBy, limit: EXPORT_PAGE_ROWS }),
      present: async (page) => {
        const presented = await this.messages.present(page.map((p) => p.row.message));
        // The resource itself gets the two fields (no copy of every row: an export's garbage is its cost).
        return presented.map((m, i): MessageExportRow =>
          Object.assign(m, { pricing: presentPricing(page[i]!.row.pricing), cursor: encodeExportCursor('messages', page[i]!.position) }),
        );
      },
    });
  }

  /** Inbound messages, each with where it belongs (`message_id`: the message it answers). */
  exportInbound(query: ExportQueryDto, reply: HttpReply): Promise<void> {
    const request = this.request('inbound', query);
    return this.stream(reply, request, {
      kind: 'inbound',
      columns: INBOUND_EXPORT_COLUMNS,
      read: (after) => this.repo.inboundPage({ period: request.period, after, limit: EXPORT_PAGE_ROWS }),
      present: (page) => Promise.resolve(page.map((p): InboundExportRow => ({ ...presentInbound(p.row), cursor: encodeExportCursor('inbound', p.position) }))),
    });
  }

  /** Exports still running when the process closes are cut (a client resumes from its last line), not waited for. */
  beforeApplicationShutdown(): void {
    this.closing = true;
    for (const response of this.running) response.drop();
  }

  private request(kind: ExportKind, query: ExportQueryDto): ExportRequest {
    const period = parseExportPeriod(query.since, query.until);
    const after = query.cursor === undefined ? null : decodeExportCursor(kind, query.cursor);
    const problems = period.ok ? [] : [...period.problems];
    if (query.cursor !== undefined && after === null) problems.push({ field: 'cursor', message: `is not a cursor of this export (${kind})` });
    if (!period.ok || problems.length > 0) throw DomainError.validation(problems);
    return { period: period.period, format: query.format ?? 'jsonl', after };
  }

  /**
   * The first page is read before anything is sent, so a database that cannot answer is an error
   * status, not an empty file. From then on the answer is 200 and a failure can only cut it short:
   * the connection is dropped without the last chunk, which every HTTP client reports as an
   * incomplete body, and the client continues from the `cursor` of its last complete line.
   */
  private async stream<T>(reply: HttpReply, request: ExportRequest, source: ExportSource<T>): Promise<void> {
    // HEAD: the headers GET would send, and no rows read for a body nobody gets.
    const head = reply.request.method === 'HEAD';
    let page = head ? [] : await source.read(request.after);
    const response = ExportResponse.open(reply, {
      'content-type': CONTENT_TYPES[request.format],
      'content-disposition': `attachment; filename="${exportFileName(source.kind, request.period, request.format)}"`,
      'cache-control': 'no-store',
      // Proxies pass each page on as it comes instead of buffering the whole export.
      'x-accel-buffering': 'no',
    });
    if (head) return response.end();
    this.running.add(response);
    if (this.closing) response.drop();
    let rows = 0;
    try {
      if (request.format === 'csv') await response.write(csvRecord(source.columns));
      for (;;) {
        // The next page is read while this one is presented and written.
        const last = page[page.length - 1];
        const next = page.length === EXPORT_PAGE_ROWS && last ? source.read(last.position) : null;
        next?.catch(() => undefined);
        const chunks = render(request.format, source.columns, await source.present(page));
        rows += page.length;
        page = [];
        const writing = response.write(chunks);
        // Handed to the socket already, which keeps what it has not sent: this array need not keep it too.
        chunks.length = 0;
        await writing;
        if (response.gone || !next) break;
        page = await next;
      }
      if (response.gone) this.logger.event('info', 'export.cut_short', { kind: source.kind, rows, reason: this.closing ? 'shutdown' : 'client_gone' });
      response.end();
    } catch (error) {
      // Closing: the database may be gone before the export noticed it was cut.
      if (this.closing) this.logger.event('info', 'export.cut_short', { kind: source.kind, rows, reason: 'shutdown' });
      else this.logger.event('error', 'export.failed', { kind: source.kind, rows, error });
      response.drop();
    } finally {
      this.running.delete(response);
    }
  }
}

/** A page's rows as the format writes them, in chunks. */
function render(format: ExportFormat, columns: readonly string[], rows: readonly object[]): string[] {
  return format === 'csv' ? inChunks(rows, (row) => csvLine(columns, row)) : inChunks(rows, jsonLine);
}

/** Characters per chunk written: well below the size V8 puts in its large-object space. */
const CHUNK_CHARS = 32 * 1024;

/** The rows' lines, joined into chunks of about CHUNK_CHARS. */
function inChunks<T>(rows: readonly T[], line: (row: T) => string): string[] {
  const chunks: string[] = [];
  let chunk = '';
  for (const row of rows) {
    chunk += line(row);
    if (chunk.length >= CHUNK_CHARS) {
      chunks.push(chunk);
      chunk = '';
    }
  }
  if (chunk !== '') chunks.push(chunk);
  return chunks;
}

function jsonLine(row: object): string {
  return `${JSON.stringify(row)}\n`;
}
