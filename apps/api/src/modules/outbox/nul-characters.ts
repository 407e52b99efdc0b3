import type { FieldProblem } from '../../common/errors/domain-error.js';

const NUL = '\u0000';

/**
 * PostgreSQL's text and jsonb cannot hold U+0000, so a request carrying one would fail to be stored
 * (a 500, and for a batch every item with it): each string holding one, key or value, is named by
 * its path instead (`payload.components[0].text`), as the validators name fields.
 */
export function nulCharacterProblems(value: unknown, path = ''): FieldProblem[] {
  if (typeof value === 'string') return value.includes(NUL) ? [{ field: path || 'body', message: 'must not contain the NUL character (\\u0000)' }] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => nulCharacterProblems(item, `${path}[${i}]`));
  if (typeof value !== 'object' || value === null || value instanceof Date) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const at = path ? `${path}.${key}` : key;
    return key.includes(NUL) ? [{ field: at, message: 'is a key with the NUL character (\\u0000)' }] : nulCharacterProblems(item, at);
  });
}
