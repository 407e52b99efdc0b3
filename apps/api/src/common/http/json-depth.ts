// JSON.parse handles deep nesting, but what walks the parsed value afterwards (validation,
// class-transformer, our own recursion) may not: a body of 100,000 `[` is a stack overflow and a
// 500. The raw bytes are scanned first, in one pass and without recursion, and refused past a
// depth no real request needs.

/** Deepest nesting of objects and arrays any request of ours needs. */
export const MAX_JSON_DEPTH = 32;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/** Whether the JSON text nests objects/arrays deeper than `max` (brackets inside strings do not count). */
export function jsonDepthExceeds(bytes: Uint8Array, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) {
      inString = true;
    } else if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

/** The error a body parser's `verify` throws for it: a 400 naming the body (see the exception filter). */
export class JsonTooDeepError extends Error {
  readonly type = 'entity.too.deep';
  readonly status = 400;
  constructor(readonly limit = MAX_JSON_DEPTH) {
    super(`request body nests deeper than ${limit} levels`);
  }
}
