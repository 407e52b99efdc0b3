'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { filtersFrom, filtersQuery, type ListFilters } from '@/lib/list-filters';

const SEARCH_DELAY_MS = 250;

/**
 * The list's filters as its controls show them: the agent's latest choice at once, the URL's once
 * it has caught up. Every change builds on the latest choice, so a search that lands while a
 * filter is changing keeps both. Search goes to the URL as the agent types, without a request per key.
 */
export function useFilterControls(filters: ListFilters, selectedId: string | null) {
  const router = useRouter();
  const urlQuery = filtersQuery(filters);
  const [shown, setShown] = useState(filters);
  const pending = useRef(filters);
  useEffect(() => {
    const fromUrl = filtersFrom(new URLSearchParams(urlQuery.slice(1)));
    pending.current = fromUrl;
    setShown(fromUrl);
  }, [urlQuery]);
  const go = (patch: Partial<ListFilters>) => {
    const next = { ...pending.current, ...patch };
    pending.current = next;
    setShown(next);
    const path = selectedId ? `/conversations/${selectedId}` : '/conversations';
    router.replace(`${path}${filtersQuery(next)}`, { scroll: false });
  };
  // Timers and palette commands made earlier call the latest `go`, which knows the open conversation.
  const goRef = useRef(go);
  goRef.current = go;

  const [search, setSearch] = useState(filters.q);
  useEffect(() => {
    if (search.trim() === pending.current.q) return;
    const timer = setTimeout(() => goRef.current({ q: search.trim() }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  return { shown, go, goRef, search, setSearch };
}
