/**
 * Where `actual` differs in shape from the committed example `expected`: other keys, other types.
 * Values do not matter (they are volatile), and null matches anything because many fields are
 * null until something happens (a wamid, a delivery time). Each element of an array must match
 * the shape of some element of the example's array.
 */
export function shapeDifferences(actual: unknown, expected: unknown, at = '$', field = ''): string[] {
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
    // A map (counts by label, figures by number): its keys are data, so each value is compared
    // with the example's values instead.
    if (MAP_FIELDS.test(field)) {
      const examples = Object.values(eo);
      if (examples.length === 0) return [];
      return Object.entries(ao).flatMap(([k, v]) => shapeDifferences(v, examples[0], `${at}.${k}`));
    }
    const out: string[] = [];
    for (const key of Object.keys(ao)) if (!(key in eo)) out.push(`${at}.${key}: not in the example`);
    for (const key of Object.keys(eo)) if (!(key in ao)) out.push(`${at}.${key}: in the example, missing from the response`);
    for (const k of Object.keys(ao)) if (k in eo) out.push(...shapeDifferences(ao[k], eo[k], `${at}.${k}`, k));
    return out;
  }
  return [];
}

/** Fields of the metrics report whose keys are labels, not names. */
const MAP_FIELDS = /^(by_[a-z_]+|throughput_by_number|pools|queues)$/;

function kind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
