import type { Metadata } from 'next';
import { SearchPage } from '@/features/search/components/search-page';
import { fetchSearch } from '@/features/search/search.queries';
import { load } from '@/lib/server-api';

export const metadata: Metadata = { title: 'Search' };

type SearchParams = Promise<{ q?: string | string[] }>;

/** A search is a link: `/search?q=` renders with its first page of results. */
export default async function Search({ searchParams }: { searchParams: SearchParams }) {
  const raw = (await searchParams).q;
  const q = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  return <SearchPage initial={q === '' ? null : { q, loaded: await load((api) => fetchSearch(api, q)) }} />;
}
