import type { Template } from '@sendbook/api-contract';
import type { Tone } from './message-state';

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
