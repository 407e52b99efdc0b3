// The benchmarks sum up alternating trials by their median: one helper for both.

/** The middle item by `key` (the upper middle of an even count). */
export function median(items, key = (item) => item) {
  return [...items].sort((a, b) => key(a) - key(b))[Math.floor(items.length / 2)];
}
