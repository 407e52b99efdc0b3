// Labels an agent puts on a conversation ("billing", "vip"), to find the thread again and to filter
// the list. One spelling per label across the team: stored lower-case, with inner whitespace
// collapsed, so "VIP", " vip " and "Vip" are one label and the indexed filter is an exact match.

export const MAX_LABELS_PER_CONVERSATION = 20;
export const MAX_LABEL_LENGTH = 40;

export interface LabelProblem {
  readonly field: string;
  readonly message: string;
}

export type LabelsDecision = { readonly ok: true; readonly labels: readonly string[] } | { readonly ok: false; readonly problems: readonly LabelProblem[] };

/** One label as stored: trimmed, inner whitespace one space, lower-case; null when nothing is left. */
export function normalizeLabel(raw: string): string | null {
  const label = raw.trim().replace(/\s+/g, ' ').toLowerCase();
  return label === '' ? null : label;
}

/**
 * The labels a conversation gets from what an agent sent (the whole set, replacing the old one):
 * each normalised, duplicates (case-insensitively) kept once in first-seen order. Every bad item is
 * named by its index (`labels[2]`), so a form can point at it.
 */
export function normalizeLabels(input: readonly unknown[], field = 'labels'): LabelsDecision {
  const problems: LabelProblem[] = [];
  const labels: string[] = [];
  input.forEach((raw, i) => {
    const at = `${field}[${i}]`;
    if (typeof raw !== 'string') return void problems.push({ field: at, message: 'must be a string' });
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(raw)) return void problems.push({ field: at, message: 'must not contain control characters' });
    const label = normalizeLabel(raw);
    if (label === null) return void problems.push({ field: at, message: 'must not be empty' });
    if ([...label].length > MAX_LABEL_LENGTH) return void problems.push({ field: at, message: `must be at most ${MAX_LABEL_LENGTH} characters` });
    if (!labels.includes(label)) labels.push(label);
  });
  if (problems.length === 0 && labels.length > MAX_LABELS_PER_CONVERSATION)
    problems.push({ field, message: `at most ${MAX_LABELS_PER_CONVERSATION} labels per conversation (${labels.length} given)` });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, labels };
}
