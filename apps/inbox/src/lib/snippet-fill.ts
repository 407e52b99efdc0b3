import type { Snippet } from '@sendbook/api-contract';

export type SnippetVariable = Snippet['variables'][number];
export type SnippetValues = Partial<Record<SnippetVariable, string | null>>;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The snippet's text with each variable that has a value filled; one without stays `{{name}}`, for the agent to see and fill. */
export function fillSnippet(text: string, values: SnippetValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name as SnippetVariable];
    return value && value.trim() !== '' ? value : `{{${name}}}`;
  });
}

/** The `{{…}}` left in a reply: it must not reach the customer as braces. */
export function unfilledPlaceholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => `{{${m[1]}}}`))];
}

/** The `/word` being typed at the end of the text (after a space or at the start), or null. */
export function snippetTrigger(text: string): { start: number; query: string } | null {
  const match = /(^|\s)\/([^\s/]*)$/.exec(text);
  return match ? { start: match.index + match[1]!.length, query: match[2]! } : null;
}

/** Snippets whose title (or text) contains the query, titles that start with it first. */
export function matchingSnippets(snippets: readonly Snippet[], query: string): Snippet[] {
  const q = query.toLowerCase();
  const hits = snippets.filter((s) => s.title.toLowerCase().includes(q) || s.text.toLowerCase().includes(q));
  return hits.sort((a, b) => Number(!a.title.toLowerCase().startsWith(q)) - Number(!b.title.toLowerCase().startsWith(q)));
}
