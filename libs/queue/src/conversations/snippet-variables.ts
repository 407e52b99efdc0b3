/**
 * The values a saved answer may name, filled when an agent inserts it: the contact's name and
 * phone, the agent's own name, and the `trigger_ref` of the thread's newest outbound message (the
 * order a customer is asking about).
 */
export const SNIPPET_VARIABLES = ['contact.name', 'contact.phone', 'agent.name', 'last_message.trigger_ref'] as const;

export type SnippetVariable = (typeof SNIPPET_VARIABLES)[number];

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The variables a snippet's text names, each once, in order of first use. */
export function snippetVariables(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/** Names in `{{…}}` that are no variable: said at save time, so no agent inserts braces that cannot be filled. */
export function unknownSnippetVariables(text: string): string[] {
  return snippetVariables(text).filter((name) => !(SNIPPET_VARIABLES as readonly string[]).includes(name));
}
