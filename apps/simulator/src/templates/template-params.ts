import type { TemplateButton, TemplateComponent, TemplateDefinition } from './template-types.js';

/** Distinct placeholders (`{{1}}`, `{{first_name}}`) in order of first appearance. */
export function placeholders(text: string | undefined): string[] {
  if (!text) return [];
  const names: string[] = [];
  for (const match of text.matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g)) {
    const name = match[1];
    if (name !== undefined && !names.includes(name)) names.push(name);
  }
  return names;
}

export function findComponent(template: TemplateDefinition, type: TemplateComponent['type']): TemplateComponent | undefined {
  return template.components.find((c) => c.type === type);
}

export function templateButtons(template: TemplateDefinition): TemplateButton[] {
  return findComponent(template, 'BUTTONS')?.buttons ?? [];
}

/** What a send must supply for the header: text placeholders, one media object, or nothing. */
export type HeaderExpectation = { kind: 'none' } | { kind: 'text'; names: string[] } | { kind: 'media'; format: 'image' | 'video' | 'document' | 'location' };

export function headerExpectation(template: TemplateDefinition): HeaderExpectation {
  const header = findComponent(template, 'HEADER');
  if (!header) return { kind: 'none' };
  const format = header.format ?? 'TEXT';
  if (format === 'TEXT') {
    const names = placeholders(header.text);
    return names.length > 0 ? { kind: 'text', names } : { kind: 'none' };
  }
  return { kind: 'media', format: format.toLowerCase() as 'image' | 'video' | 'document' | 'location' };
}

export function bodyPlaceholders(template: TemplateDefinition): string[] {
  return placeholders(findComponent(template, 'BODY')?.text);
}
