import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { queryRows } from '../../database/query-rows.js';
import { mapRawRow } from '../../database/raw-rows.js';
import { Template } from './template.entity.js';

export interface SyncedTemplate {
  metaId: string;
  name: string;
  language: string;
  category: string;
  status: string;
  quality: string | null;
  parameterFormat: string | null;
  components: unknown[];
  /** Meta's `rejected_reason` when listed REJECTED. */
  rejection: { reason: string; detail: null; recommendation: null } | null;
}

export interface TemplateFilter {
  wabaId: string;
  status?: string;
  name?: string;
  language?: string;
}

/** A template webhook's change; null fields are left as they are. Matched by Meta id, else name + language. */
export interface TemplateChange {
  wabaId: string;
  metaId: string | null;
  name: string | null;
  language: string | null;
  status?: string;
  category?: string;
  quality?: string;
  /** With a status: why Meta rejected it (null clears it, for any other status). */
  rejection?: { reason: string; detail: string | null; recommendation: string | null } | null;
}

/** The only code that builds template SQL. */
@Injectable()
export class TemplatesRepository {
  constructor(private readonly dataSource: DataSource) {}

  private rows(raw: Record<string, unknown>[]): Template[] {
    const metadata = this.dataSource.getMetadata(Template);
    return raw.map((r) => mapRawRow<Template>(metadata, r));
  }

  /**
   * Makes the WABA's registry exactly what Meta listed, in one transaction: upsert every template
   * (keeping a known quality when the list carries none), delete those Meta no longer lists.
   */
  async replaceAll(wabaId: string, templates: SyncedTemplate[], now: Date): Promise<{ upserted: number; removed: number }> {
    return this.dataSource.transaction(async (tx) => {
      const input = templates.map((t) => ({
        meta_id: t.metaId,
        name: t.name,
        language: t.language,
        category: t.category,
        status: t.status,
        quality: t.quality,
        parameter_format: t.parameterFormat,
        components: t.components,
        rejection: t.rejection,
      }));
      const upserted = await queryRows(
        tx,
        `INSERT INTO templates (waba_id, name, language, category, status, quality, parameter_format, components, meta_id, rejection, synced_at, updated_at)
         SELECT $1, r.name, r.language, r.category, r.status, r.quality, r.parameter_format, r.components, r.meta_id, r.rejection, $3, $3
           FROM jsonb_to_recordset($2::jsonb) AS r(meta_id text, name text, language text, category text, status text,
                quality text, parameter_format text, components jsonb, rejection jsonb)
         ON CONFLICT (waba_id, name, language) DO UPDATE SET
           category = EXCLUDED.category, status = EXCLUDED.status, quality = COALESCE(EXCLUDED.quality, templates.quality),
           parameter_format = EXCLUDED.parameter_format, components = EXCLUDED.components, meta_id = EXCLUDED.meta_id,
           -- Meta's list gives only the reason code: a webhook's words and advice are kept.
           rejection = CASE WHEN EXCLUDED.status = 'REJECTED' THEN COALESCE(templates.rejection, EXCLUDED.rejection) END,
           synced_at = EXCLUDED.synced_at, updated_at = EXCLUDED.updated_at
         RETURNING id`,
        [wabaId, JSON.stringify(input), now],
      );
      const removed = await queryRows(
        tx,
        `DELETE FROM templates t WHERE t.waba_id = $1 AND NOT EXISTS (
           SELECT 1 FROM jsonb_to_recordset($2::jsonb) AS r(name text, language text) WHERE r.name = t.name AND r.language = t.language)
         RETURNING id`,
        [wabaId, JSON.stringify(input)],
      );
      return { upserted: upserted.length, removed: removed.length };
    });
  }

  async list(filter: TemplateFilter): Promise<Template[]> {
    const raw = await queryRows(
      this.dataSource,
      `SELECT * FROM templates
        WHERE waba_id = $1 AND ($2::text IS NULL OR status = $2) AND ($3::text IS NULL OR name = $3) AND ($4::text IS NULL OR language = $4)
        ORDER BY name, language`,
      [filter.wabaId, filter.status ?? null, filter.name ?? null, filter.language ?? null],
    );
    return this.rows(raw);
  }

  async byName(wabaId: string, name: string): Promise<Template[]> {
    return this.rows(await queryRows(this.dataSource, `SELECT * FROM templates WHERE waba_id = $1 AND name = $2`, [wabaId, name]));
  }

  async hasAny(wabaId: string): Promise<boolean> {
    const rows = await queryRows(this.dataSource, `SELECT 1 FROM templates WHERE waba_id = $1 LIMIT 1`, [wabaId]);
    return rows.length > 0;
  }

  /** Applies a webhook's change inside the claim's transaction; returns the rows it changed, as they were before. */
  async applyChange(tx: EntityManager, change: TemplateChange, now: Date): Promise<{ name: string; language: string; previousStatus: string }[]> {
    return queryRows<{ name: string; language: string; previousStatus: string }>(
      tx,
      `WITH old AS (
         SELECT id, status FROM templates
          WHERE waba_id = $1 AND (meta_id = $2 OR (name = $3 AND language = $4))
          FOR UPDATE)
       UPDATE templates t SET status = COALESCE($5, t.status), category = COALESCE($6, t.category),
              quality = COALESCE($7, t.quality), updated_at = $8,
              rejection = CASE WHEN $5::text IS NULL THEN t.rejection ELSE $9::jsonb END
         FROM old WHERE t.id = old.id
       RETURNING t.name, t.language, old.status AS "previousStatus"`,
      [
        change.wabaId,
        change.metaId,
        change.name,
        change.language,
        change.status ?? null,
        change.category ?? null,
        change.quality ?? null,
        now,
        change.rejection ? JSON.stringify(change.rejection) : null,
      ],
    );
  }

  async byMetaId(wabaId: string, metaId: string): Promise<Template | null> {
    return this.rows(await queryRows(this.dataSource, `SELECT * FROM templates WHERE waba_id = $1 AND meta_id = $2`, [wabaId, metaId]))[0] ?? null;
  }

  /**
   * A submission about to go to Meta: its row, PENDING with no Meta id yet; null when the name and
   * language are taken (the unique key judges, so two submissions at once cannot both pass).
   */
  async reserveSubmission(
    wabaId: string,
    t: { name: string; language: string; category: string; parameterFormat: string | null; components: unknown[] },
    now: Date,
  ): Promise<string | null> {
    const raw = await queryRows<{ id: string }>(
      this.dataSource,
      `INSERT INTO templates (waba_id, name, language, category, status, parameter_format, components, meta_id, synced_at, updated_at)
       VALUES ($1, $2, $3, $4, 'PENDING', $5, $6::jsonb, '', $7, $7)
       ON CONFLICT (waba_id, name, language) DO NOTHING RETURNING id`,
      [wabaId, t.name, t.language, t.category, t.parameterFormat, JSON.stringify(t.components), now],
    );
    return raw[0]?.id ?? null;
  }

  /** Meta did not take the submission: its reserved row goes, unless Meta's id has reached it since. */
  async releaseSubmission(id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM templates WHERE id = $1 AND meta_id = ''`, [id]);
  }

  /**
   * Meta took it: its id, and the status Meta answered unless Meta's webhook has said more since
   * (an APPROVED or REJECTED that came back first stays).
   */
  async confirmSubmission(tx: EntityManager, id: string, answer: { metaId: string; status: string; category: string }, now: Date): Promise<Template> {
    const raw = await queryRows(
      tx,
      `UPDATE templates SET meta_id = $2, category = $4, updated_at = $5,
              status = CASE WHEN status = 'PENDING' THEN $3 ELSE status END
        WHERE id = $1 RETURNING *`,
      [id, answer.metaId, answer.status, answer.category, now],
    );
    return this.rows(raw)[0]!;
  }

  /** An edit Meta accepted: the new content, back to PENDING review; an approved template's edit is counted. */
  async markEdited(
    tx: EntityManager,
    id: string,
    edit: { category: string; components: unknown[]; parameterFormat: string | null; countEdit: boolean },
    now: Date,
  ): Promise<Template> {
    const raw = await queryRows(
      tx,
      `UPDATE templates SET category = $2, components = $3::jsonb, parameter_format = $4, status = 'PENDING', rejection = NULL, updated_at = $5,
              approved_edits = CASE WHEN $6 THEN array_append(approved_edits, $5::timestamptz) ELSE approved_edits END
        WHERE id = $1 RETURNING *`,
      [id, edit.category, JSON.stringify(edit.components), edit.parameterFormat, now, edit.countEdit],
    );
    return this.rows(raw)[0]!;
  }

  async delete(tx: EntityManager, id: string): Promise<void> {
    await tx.query(`DELETE FROM templates WHERE id = $1`, [id]);
  }
}
