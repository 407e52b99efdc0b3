import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from '../../database/query-rows.js';
import { mapRawRow } from '../../database/raw-rows.js';
import { Snippet } from './snippet.entity.js';

/** `snippets` rows with their author's name, when the author is staff. */
export interface SnippetRow extends Snippet {
  createdByName: string | null;
}

const SELECT = `SELECT s.*, st.name AS created_by_name FROM snippets s LEFT JOIN staff st ON s.created_by = 'staff:' || st.id::text`;

/** The only code that writes `snippets`. */
@Injectable()
export class SnippetsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async list(): Promise<SnippetRow[]> {
    return (await queryRows<Record<string, unknown>>(this.dataSource, `${SELECT} ORDER BY lower(s.title), s.title`)).map((raw) => this.toRow(raw));
  }

  async find(id: string): Promise<SnippetRow | null> {
    const [row] = await queryRows<Record<string, unknown>>(this.dataSource, `${SELECT} WHERE s.id = $1`, [id]);
    return row ? this.toRow(row) : null;
  }

  /** Null when another snippet already has the title (ignoring case). */
  async insert(snippet: { title: string; text: string; createdBy: string }, now: Date): Promise<string | null> {
    const [row] = await queryRows<{ id: string }>(
      this.dataSource,
      `INSERT INTO snippets (title, text, created_by, created_at, updated_at) VALUES ($1, $2, $3, $4, $4) ON CONFLICT DO NOTHING RETURNING id`,
      [snippet.title, snippet.text, snippet.createdBy, now],
    );
    return row?.id ?? null;
  }

  /** `missing` when there is no such snippet, `taken` when the new title is another's. */
  async update(id: string, changes: { title?: string; text?: string }, now: Date): Promise<'updated' | 'missing' | 'taken'> {
    try {
      const rows = await queryRows<{ id: string }>(
        this.dataSource,
        `UPDATE snippets SET title = COALESCE($2, title), text = COALESCE($3, text), updated_at = $4 WHERE id = $1 RETURNING id`,
        [id, changes.title ?? null, changes.text ?? null, now],
      );
      return rows.length > 0 ? 'updated' : 'missing';
    } catch (error) {
      if ((error as { code?: string }).code === '23505') return 'taken';
      throw error;
    }
  }

  /** Deletes once: the title of what was deleted, or null when there was nothing (gone already). */
  async delete(id: string): Promise<{ title: string } | null> {
    const [row] = await queryRows<{ title: string }>(this.dataSource, `DELETE FROM snippets WHERE id = $1 RETURNING title`, [id]);
    return row ?? null;
  }

  private toRow(raw: Record<string, unknown>): SnippetRow {
    return { ...mapRawRow<Snippet>(this.dataSource.getMetadata(Snippet), raw), createdByName: (raw.created_by_name as string | null) ?? null };
  }
}
