import type { Template as TemplateResource } from '@sendbook/api-contract';
import type { Template } from './template.entity.js';

/** Public JSON of a registry entry (snake_case). */
export function presentTemplate(t: Template): TemplateResource {
  return {
    id: t.metaId,
    waba_id: t.wabaId,
    name: t.name,
    language: t.language,
    category: t.category,
    status: t.status,
    quality: t.quality,
    parameter_format: t.parameterFormat,
    components: t.components,
    rejection: t.status === 'REJECTED' ? (t.rejection ?? { reason: 'NONE', detail: null, recommendation: null }) : null,
    approved_edits: (t.approvedEdits ?? [])
      .map((d) => new Date(d).getTime())
      .sort((a, b) => a - b)
      .map((ms) => new Date(ms).toISOString()),
    synced_at: new Date(t.syncedAt).toISOString(),
    updated_at: new Date(t.updatedAt).toISOString(),
  };
}
