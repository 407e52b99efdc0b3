/**
 * Cursor pages of a work queue, joined for the table. While items move between pages (one
 * resolved, one arriving), a refetch may show an item on two pages: it is listed once, where it
 * first appears, so rows never jump or repeat.
 */
export function joinPages<T extends { readonly id: string }>(pages: readonly { readonly data: readonly T[] }[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const page of pages) {
    for (const item of page.data) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}
