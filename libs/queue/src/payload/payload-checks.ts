// Small checks shared by the payload validators. Each returns a message, or null when the value is fine,
// so callers can name the field themselves.

export interface PayloadProblem {
  field: string;
  message: string;
}

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function nonEmptyString(value: unknown, max: number): string | null {
  if (typeof value !== 'string' || value.trim() === '') return 'must be a non-empty string';
  if (value.length > max) return `must be at most ${max} characters`;
  return null;
}

export function optionalString(value: unknown, max: number): string | null {
  return value === undefined ? null : nonEmptyString(value, max);
}

export function httpUrl(value: unknown, max = 2000): string | null {
  const text = nonEmptyString(value, max);
  if (text) return text;
  return /^https?:\/\/[^\s]+$/i.test(value as string) ? null : 'must be an http(s) URL';
}

/** Collects problems under one path prefix: `add('body.text', message)`. */
export class Problems {
  readonly list: PayloadProblem[] = [];

  add(field: string, message: string | null): void {
    if (message) this.list.push({ field, message });
  }

  push(...problems: PayloadProblem[]): void {
    this.list.push(...problems);
  }
}

/** Media by an uploaded id or a public link, never both (Meta refuses both and neither). */
export function mediaProblems(media: unknown, at: string): PayloadProblem[] {
  if (!isObject(media)) return [{ field: at, message: 'must be an object' }];
  const hasId = typeof media.id === 'string' && media.id !== '';
  const hasLink = typeof media.link === 'string' && /^https?:\/\//i.test(media.link);
  if (hasId === hasLink) return [{ field: at, message: 'needs exactly one of id or link (an http(s) URL)' }];
  return [];
}
