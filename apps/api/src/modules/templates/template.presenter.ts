import type { Template } from './template.entity.js';

/** Public JSON of a registry entry (snake_case). */
export function presentTemplate(t: Template) {
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
    synced_at: t.syncedAt,
    updated_at: t.updatedAt,
  };
}
