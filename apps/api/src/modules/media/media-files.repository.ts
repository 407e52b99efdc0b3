import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from '../../database/query-rows.js';

/** A kept file as callers see it. */
export interface MediaFileRow {
  id: string;
  origin: 'upload' | 'inbound';
  state: 'fetching' | 'kept' | 'failed';
  inboundMessageId: string | null;
  mimeType: string | null;
  size: number | null;
  sha256: string | null;
  filename: string | null;
  lastError: string | null;
  createdBy: string | null;
  createdAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const COLUMNS = `id, origin, state, inbound_message_id, mime_type, size, sha256, filename, last_error, created_by, created_at`;

function toRow(raw: Record<string, unknown>): MediaFileRow {
  return {
    id: raw.id as string,
    origin: raw.origin as MediaFileRow['origin'],
    state: raw.state as MediaFileRow['state'],
    inboundMessageId: (raw.inbound_message_id as string | null) ?? null,
    mimeType: (raw.mime_type as string | null) ?? null,
    size: raw.size === null || raw.size === undefined ? null : Number(raw.size),
    sha256: (raw.sha256 as string | null) ?? null,
    filename: (raw.filename as string | null) ?? null,
    lastError: (raw.last_error as string | null) ?? null,
    createdBy: (raw.created_by as string | null) ?? null,
    createdAt: raw.created_at as Date,
  };
}

/** The only code that writes `media_files` and `media_meta_ids`. */
@Injectable()
export class MediaFilesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insertUpload(
    file: { id: string; mimeType: string; size: number; sha256: string; filename: string | null; createdBy: string },
    now: Date,
    retainUntil: Date,
  ): Promise<MediaFileRow> {
    const [row] = await queryRows(
      this.dataSource,
      `INSERT INTO media_files (id, origin, state, mime_type, size, sha256, filename, created_by, created_at, retain_until)
       VALUES ($1, 'upload', 'kept', $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
      [file.id, file.mimeType, file.size, file.sha256, file.filename, file.createdBy, now, retainUntil],
    );
    return toRow(row!);
  }

  async find(id: string): Promise<MediaFileRow | null> {
    if (!UUID.test(id)) return null;
    const [row] = await queryRows(this.dataSource, `SELECT ${COLUMNS} FROM media_files WHERE id = $1`, [id]);
    return row ? toRow(row) : null;
  }

  async findByInbound(inboundIds: readonly string[]): Promise<MediaFileRow[]> {
    inboundIds = inboundIds.filter((id) => UUID.test(id));
    if (inboundIds.length === 0) return [];
    return (await queryRows(this.dataSource, `SELECT ${COLUMNS} FROM media_files WHERE inbound_message_id = ANY($1::uuid[])`, [inboundIds])).map(toRow);
  }

  /** The files sent as these Meta media ids from this number. */
  async findByMetaIds(phoneNumberId: string, metaIds: readonly string[]): Promise<Map<string, MediaFileRow>> {
    if (metaIds.length === 0) return new Map();
    const rows = await queryRows(
      this.dataSource,
      `SELECT m.meta_media_id, ${COLUMNS.split(', ')
        .map((c) => `f.${c}`)
        .join(', ')}
         FROM media_meta_ids m JOIN media_files f ON f.id = m.media_file_id
        WHERE m.phone_number_id = $1 AND m.meta_media_id = ANY($2::text[])`,
      [phoneNumberId, metaIds],
    );
    return new Map(rows.map((r) => [r.meta_media_id as string, toRow(r)]));
  }

  /** The newest media id Meta gave for the file on this number since `since`, if any. */
  async recentMetaId(fileId: string, phoneNumberId: string, since: Date): Promise<string | null> {
    const [row] = await queryRows<{ meta_media_id: string }>(
      this.dataSource,
      `SELECT meta_media_id FROM media_meta_ids WHERE media_file_id = $1 AND phone_number_id = $2 AND uploaded_at > $3 ORDER BY uploaded_at DESC LIMIT 1`,
      [fileId, phoneNumberId, since],
    );
    return row?.meta_media_id ?? null;
  }

  async insertMetaId(fileId: string, phoneNumberId: string, metaMediaId: string, now: Date): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO media_meta_ids (phone_number_id, meta_media_id, media_file_id, uploaded_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [phoneNumberId, metaMediaId, fileId, now],
    );
  }

  /**
   * Claims the download of an inbound message's media: a new row in `fetching`, or a failed one
   * whose next attempt is due, or one whose worker has held it past `staleBefore` (it died).
   * Null when someone else holds it or it is kept.
   */
  async claimInbound(inboundId: string, now: Date, staleBefore: Date, retainUntil: Date): Promise<{ id: string; attempts: number } | null> {
    const [row] = await queryRows<{ id: string; attempts: number }>(
      this.dataSource,
      `INSERT INTO media_files (origin, state, inbound_message_id, attempts, next_attempt_at, created_at, retain_until)
       VALUES ('inbound', 'fetching', $1, 1, $2, $2, $3)
       ON CONFLICT (inbound_message_id) WHERE inbound_message_id IS NOT NULL DO UPDATE
          SET state = 'fetching', attempts = media_files.attempts + 1, next_attempt_at = EXCLUDED.next_attempt_at
        WHERE (media_files.state = 'failed' AND media_files.next_attempt_at <= $2)
           OR (media_files.state = 'fetching' AND media_files.next_attempt_at < $4)
       RETURNING id, attempts`,
      [inboundId, now, retainUntil, staleBefore],
    );
    return row ?? null;
  }

  async markKept(id: string, file: { mimeType: string; size: number; sha256: string; filename: string | null }): Promise<void> {
    await this.dataSource.query(
      `UPDATE media_files SET state = 'kept', mime_type = $2, size = $3, sha256 = $4, filename = $5, last_error = NULL, next_attempt_at = NULL WHERE id = $1`,
      [id, file.mimeType, file.size, file.sha256, file.filename],
    );
  }

  /** `retryAt` null: given up (Meta no longer has it). */
  async markFailed(id: string, error: string, retryAt: Date | null): Promise<void> {
    await this.dataSource.query(`UPDATE media_files SET state = 'failed', last_error = $2, next_attempt_at = $3 WHERE id = $1`, [
      id,
      error.slice(0, 1000),
      retryAt,
    ]);
  }

  /** Inbound messages with media since `since` whose file is not claimed yet, oldest first. */
  async inboundWithoutFile(since: Date, limit: number): Promise<{ id: string; createdAt: Date }[]> {
    const rows = await queryRows<{ id: string; created_at: Date }>(
      this.dataSource,
      `SELECT i.id, i.created_at FROM inbound_messages i
        WHERE i.type IN ('image','video','audio','document','sticker') AND i.created_at >= $1
          AND NOT EXISTS (SELECT 1 FROM media_files f WHERE f.inbound_message_id = i.id)
        ORDER BY i.created_at, i.id LIMIT $2`,
      [since, limit],
    );
    return rows.map((r) => ({ id: r.id, createdAt: r.created_at }));
  }

  /** Failed downloads due for another try. */
  async inboundDue(now: Date, limit: number): Promise<string[]> {
    const rows = await queryRows<{ inbound_message_id: string }>(
      this.dataSource,
      `SELECT inbound_message_id FROM media_files WHERE state <> 'kept' AND next_attempt_at <= $1 AND inbound_message_id IS NOT NULL ORDER BY next_attempt_at LIMIT $2`,
      [now, limit],
    );
    return rows.map((r) => r.inbound_message_id);
  }

  /** Deletes up to `limit` rows past their retention (and their Meta ids), returning their ids so the bytes can go too. */
  async purge(now: Date, limit: number): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `WITH gone AS (
         DELETE FROM media_files WHERE id IN (SELECT id FROM media_files WHERE retain_until < $1 ORDER BY retain_until LIMIT $2) RETURNING id
       ), ids AS (DELETE FROM media_meta_ids WHERE media_file_id IN (SELECT id FROM gone))
       SELECT id FROM gone`,
      [now, limit],
    );
    return rows.map((r) => r.id);
  }
}
