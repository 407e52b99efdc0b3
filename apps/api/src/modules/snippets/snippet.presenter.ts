import type { Snippet as SnippetResource } from '@sendbook/api-contract';
import { snippetVariables, type SnippetVariable } from '@sendbook/queue';
import { isoTime } from '../../common/iso-time.js';
import type { SnippetRow } from './snippets.repository.js';

export function presentSnippet(s: SnippetRow): SnippetResource {
  return {
    id: s.id,
    title: s.title,
    text: s.text,
    // Saved texts name known variables only (checked at save time).
    variables: snippetVariables(s.text) as SnippetVariable[],
    created_by: s.createdBy,
    created_by_name: s.createdByName,
    created_at: isoTime(s.createdAt),
    updated_at: isoTime(s.updatedAt),
  };
}
