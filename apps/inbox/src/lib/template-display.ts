import { templateEditRefusal, type Template } from '@sendbook/api-contract';
import type { Tone } from './message-state';
import { unsupportedParts } from './template-draft';

/** A template's status from Meta as a badge tone: approved is good, paused or pending waits, rejected or disabled is bad. */
export function templateStatusTone(status: string): Tone {
  switch (status.toUpperCase()) {
    case 'APPROVED':
      return 'success';
    case 'PENDING':
    case 'IN_APPEAL':
    case 'PAUSED':
      return 'warning';
    case 'REJECTED':
    case 'DISABLED':
    case 'PENDING_DELETION':
    case 'DELETED':
      return 'danger';
    default:
      return 'muted';
  }
}

/** When the registry was last synced: the newest `synced_at`, or null before the first sync. */
export function lastSync(templates: readonly Pick<Template, 'synced_at'>[]): string | null {
  let newest: string | null = null;
  for (const t of templates) if (newest === null || Date.parse(t.synced_at) > Date.parse(newest)) newest = t.synced_at;
  return newest;
}

/** Meta's rejection `reason` in words, with the code kept for searching Meta's docs. */
export function rejectionWords(reason: string): string {
  const words: Record<string, string> = {
    INVALID_FORMAT: 'Rejected for its format',
    INCORRECT_CATEGORY: 'Rejected: the content does not fit its category',
    TAG_CONTENT_MISMATCH: 'Rejected: the examples do not match the content',
    ABUSIVE_CONTENT: 'Rejected as abusive content',
    PROMOTIONAL: 'Rejected as promotional',
    SCAM: 'Rejected as a possible scam',
  };
  return reason === 'NONE' || reason === '' ? 'Rejected; Meta gave no reason' : `${words[reason] ?? 'Rejected'} (${reason})`;
}

/** Whether Meta lets the template be edited now, and if not, why in words, and when it may be (Meta's edit limit). */
export type EditVerdict =
  { readonly editable: true } | { readonly editable: false; readonly title: string; readonly words: string; readonly until: string | null };

/**
 * What the edit page says before showing a form that would fail: Meta edits only approved,
 * rejected or paused templates (the API's rule, `templateEditRefusal`), and an approved one once
 * in 24 hours and 10 times in 30 days; and the form must hold every part of it, or the edit
 * would drop what it cannot show.
 */
export function templateEditVerdict(template: Pick<Template, 'status' | 'category' | 'components' | 'approved_edits'>, now: number): EditVerdict {
  const refusal = templateEditRefusal(
    template,
    {},
    template.approved_edits.map((at) => new Date(at)),
    new Date(now),
  );
  const status = template.status.toUpperCase();
  if (refusal?.code === 'not_editable')
    return status === 'PENDING' || status === 'IN_APPEAL'
      ? {
          editable: false,
          title: 'Meta is reviewing this template',
          words: `It can be edited once Meta ${status === 'PENDING' ? 'approves or rejects it, usually within minutes' : 'decides on the appeal'}.`,
          until: null,
        }
      : {
          editable: false,
          title: 'This template can’t be edited',
          words: `Meta allows editing approved, rejected or paused templates; this one is ${status}.`,
          until: null,
        };
  const parts = unsupportedParts(template);
  if (parts.length > 0)
    return {
      editable: false,
      title: 'This template can’t be edited here',
      words: `It has ${listWords(parts)}, which this form cannot show: editing it here would drop ${parts.length === 1 ? 'it' : 'them'}. Edit it in WhatsApp Manager, then sync the templates.`,
      until: null,
    };
  if (refusal) {
    const today = template.approved_edits.some((at) => now - Date.parse(at) < 24 * 3600_000);
    return {
      editable: false,
      title: 'This template can’t be edited again yet',
      words: `It was edited ${today ? 'in the last 24 hours' : '10 times in the last 30 days'}, and Meta allows editing an approved template once in 24 hours and 10 times in 30 days.`,
      until: refusal.until?.toISOString() ?? null,
    };
  }
  return { editable: true };
}

const listWords = (parts: readonly string[]) => (parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`);
