/**
 * Where `actual` differs in shape from the committed example `expected`: other keys, other types.
 * Values do not matter (they are volatile), and null matches anything because many fields are
 * null until something happens (a wamid, a delivery time). Each element of an array must match
 * the shape of some element of the example's array.
 */
export function shapeDifferences(actual: unknown, expected: unknown, at = '$'): string[] {
  if (actual === null || expected === null) return [];
  const a = kind(actual);
  const e = kind(expected);
  if (a !== e) return [`${at}: ${a} where the example has ${e}`];
  if (a === 'array') {
    const examples = expected as unknown[];
    if (examples.length === 0) return [];
    return (actual as unknown[]).flatMap((item, i) => {
      const tries = examples.map((example) => shapeDifferences(item, example, `${at}[${i}]`));
      return tries.some((t) => t.length === 0) ? [] : tries[0]!;
    });
  }
  if (a === 'object') {
    const ao = actual as Record<string, unknown>;
    const eo = expected as Record<string, unknown>;
    const out: string[] = [];
    for (const key of Object.keys(ao)) if (!(key in eo)) out.push(`${at}.${key}: not in the example`);
    for (const key of Object.keys(eo)) if (!(key in ao)) out.push(`${at}.${key}: in the example, missing from the response`);
    for (const key of Object.keys(ao)) if (key in eo) out.push(...shapeDifferences(ao[key], eo[key], `${at}.${key}`));
    return out;
  }
  return [];
}

function kind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
